import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { TRASH_PAGE_MAX, TrashListResponseSchema, type TrashFile } from '../../api/contract/trash';
import type { ApiClient } from '../../api/http';
import { TRASH_REMOVED_SOON_DAYS } from '../../domain/constants';
import { daysRemaining } from './trashDays';

/** SPEC §4 trash grouping: "removed soon" (5 days or fewer left) first, then the rest. */
export type TrashGroup = 'soon' | 'later';
export const TRASH_GROUPS: readonly TrashGroup[] = ['soon', 'later'];

export const groupOf = (file: TrashFile, now: number): TrashGroup =>
  daysRemaining(file.dtime, now) <= TRASH_REMOVED_SOON_DAYS ? 'soon' : 'later';

interface GroupPages {
  /** The group's files fetched so far, in the listing's order. */
  files: TrashFile[];
  /** The listing's offset of the group's next page. */
  next: number;
  /** The listing's offset after the group's last file. */
  end: number;
}

/**
 * SPEC §2/§3: the trash paged by offset (GET /trash_can, newest deletion first), each group of
 * SPEC §4 on its own. The listing's order puts "removed soon" (the oldest deletions) last, so
 * the two groups are two ranges of offsets: `start` fetches the first page, finds where the
 * groups meet (the last page, then halving with one-file probes when "removed soon" is longer
 * than a page), and holds the first page of each group; `more` fetches a group's next page.
 * A trash of 200,000 files opens with two or three pages, not two hundred.
 */
export class TrashPages {
  private readonly groups = new Map<TrashGroup, GroupPages>();
  /** Files already seen: a deletion between two pages shifts a file onto the next one. */
  private readonly seen = new Set<string>();
  private total = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly now: number,
    private readonly pageSize: number = TRASH_PAGE_MAX,
  ) {}

  /** The files of the trash: as many as the server says there are. */
  get totalCount(): number {
    return this.total;
  }

  /**
   * The first page of each group, or at least `minimum[group]` files of it (a refresh keeps what
   * the user had scrolled through).
   */
  async start(
    signal: AbortSignal,
    minimum: Partial<Record<TrashGroup, number>> = {},
  ): Promise<void> {
    const first = await this.page(0, this.pageSize, signal);
    this.total = first.total_item_count;
    const n = this.total;
    const firstSoon = first.files.findIndex((file) => groupOf(file, this.now) === 'soon');
    let boundary: number;
    let tail: TrashFile[] = [];
    if (firstSoon >= 0) {
      boundary = firstSoon;
      tail = first.files.slice(firstSoon);
    } else if (first.files.length >= n) {
      boundary = n;
    } else {
      ({ boundary, tail } = await this.findBoundary(first.files.length, n, signal));
    }
    const later = first.files.slice(0, Math.min(boundary, first.files.length));
    this.groups.set('later', {
      files: this.fresh(later),
      next: later.length,
      end: boundary,
    });
    this.groups.set('soon', {
      files: this.fresh(tail),
      next: boundary + tail.length,
      end: n,
    });
    for (const group of TRASH_GROUPS) {
      const wanted = Math.max(1, minimum[group] ?? 0);
      while (this.hasMore(group) && this.files(group).length < wanted) {
        await this.more(group, signal);
      }
    }
  }

  /** The group's files fetched so far. */
  files(group: TrashGroup): readonly TrashFile[] {
    return this.groups.get(group)?.files ?? [];
  }

  hasMore(group: TrashGroup): boolean {
    const pages = this.groups.get(group);
    return pages !== undefined && pages.next < pages.end;
  }

  /** Fetches the group's next page; answers the files it added. */
  async more(group: TrashGroup, signal: AbortSignal): Promise<readonly TrashFile[]> {
    const pages = this.groups.get(group);
    if (!pages || pages.next >= pages.end) return [];
    const limit = Math.min(this.pageSize, pages.end - pages.next);
    const answer = await this.page(pages.next, limit, signal);
    pages.next += limit;
    // The trash shrank meanwhile (a restore elsewhere): the group ends where the listing does.
    if (answer.files.length < limit) pages.end = pages.next;
    const added = this.fresh(answer.files);
    pages.files.push(...added);
    return added;
  }

  /**
   * Where "removed soon" starts in [from, n): the last page first (the usual trash has fewer
   * than a page of them), then halving with one-file probes. The files from the boundary on
   * that are already fetched come back as `tail`.
   */
  private async findBoundary(
    from: number,
    n: number,
    signal: AbortSignal,
  ): Promise<{ boundary: number; tail: TrashFile[] }> {
    const lastStart = Math.max(from, n - this.pageSize);
    const last = await this.page(lastStart, n - lastStart, signal);
    const index = last.files.findIndex((file) => groupOf(file, this.now) === 'soon');
    if (index < 0) return { boundary: n, tail: [] };
    if (index > 0 || lastStart === from) {
      return { boundary: lastStart + index, tail: last.files.slice(index) };
    }
    // "Removed soon" starts at or before the last page: the first offset whose file is soon.
    let lo = from;
    let hi = lastStart;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const [probe] = (await this.page(mid, 1, signal)).files;
      if (!probe || groupOf(probe, this.now) === 'soon') hi = mid;
      else lo = mid + 1;
    }
    return { boundary: lo, tail: [] };
  }

  private fresh(files: readonly TrashFile[]): TrashFile[] {
    const out: TrashFile[] = [];
    for (const file of files) {
      if (this.seen.has(file.id)) continue;
      this.seen.add(file.id);
      out.push(file);
    }
    return out;
  }

  private async page(offset: number, limit: number, signal: AbortSignal) {
    const { data } = await this.client.request({
      call: callTo(CALLS.trashCan, {}, { offset, limit }),
      schema: TrashListResponseSchema,
      signal,
    });
    return data;
  }
}
