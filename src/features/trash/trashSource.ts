import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import type { TFunction } from 'i18next';
import { TRASH_PAGE_MAX, TrashListResponseSchema, type TrashFile } from '../../api/contract/trash';
import { limited } from '../../domain/concurrency';
import type { ApiClient } from '../../api/http';
import {
  countFiles,
  type SectionCounts,
  type SectionDescriptor,
  type SectionFiles,
  type TileLabel,
  type TimelineSource,
} from '../../gallery';
import { hasTile, TrashColumns } from './trashColumns';
import { daysRemaining } from './trashDays';
import { TRASH_GROUPS, TrashPages, type TrashGroup } from './trashPages';

/**
 * A tile's days-left badge (SPEC §4), asked every frame for the visible tiles: its full text and
 * a short one that keeps the number ("85 days left", "85 d"), the badge showing the fullest
 * that fits its tile (issue 34.6); the texts are made once per day count and language (`t`),
 * not once per file (a fling meets thousands of files and a few dozen counts).
 */
export function daysLeftBadge(
  t: TFunction,
  facts: TrashFacts,
  now: () => number,
): (fileId: string) => TileLabel | null {
  const made = new Map<number, TileLabel>();
  return (fileId) => {
    const dtime = facts.deletedAt(fileId);
    if (dtime === undefined) return null;
    const days = daysRemaining(dtime, now());
    const known = made.get(days);
    if (known !== undefined) return known;
    const forms: TileLabel =
      days === 0
        ? t('trash.deletedToday')
        : [t('trash.daysLeft', { count: days }), t('trash.daysLeftShort', { count: days })];
    made.set(days, forms);
    return forms;
  };
}

/** A trashed file's thumbnail (SPEC §7 /th/3/trash/{job}/{file}) in the job its facts know. */
export function trashThumbnails(
  client: ApiClient,
  token: string | undefined,
  facts: TrashFacts,
): (fileId: string, size: number) => string {
  const base = client.url({
    call: callTo(
      CALLS.trashThumbnail,
      { id: 'JOB_ID', fileId: 'FILE_ID' },
      { area: 'AREA', token },
    ),
  });
  return (fileId, size) =>
    base
      .replace('JOB_ID', encodeURIComponent(facts.jobOf(fileId) ?? ''))
      .replace('FILE_ID', encodeURIComponent(fileId))
      .replace('area=AREA', `area=${size}`);
}

/**
 * A group's files without a tile of their own (a live photo's movie) follow their master: the
 * ids chosen, plus their hidden group members, so a restore or a permanent delete never leaves
 * half a live photo behind. Learns listings page by page (a master and its movie may arrive on
 * two pages).
 */
export class GroupMembers {
  private readonly hidden = new Map<string, string[]>();
  private readonly groupOfMaster = new Map<string, string>();
  private readonly known = new Set<string>();

  learn(files: readonly TrashFile[]): this {
    for (const file of files) {
      if (file.group_type === undefined || !file.group_id || this.known.has(file.id)) continue;
      this.known.add(file.id);
      const key = `${file.job}\n${file.group_id}`;
      if (file.master === '1') this.groupOfMaster.set(file.id, key);
      else {
        const members = this.hidden.get(key);
        if (members) members.push(file.id);
        else this.hidden.set(key, [file.id]);
      }
    }
    return this;
  }

  expand(ids: readonly string[]): string[] {
    const out = [...ids];
    for (const id of ids) {
      const key = this.groupOfMaster.get(id);
      const members = key === undefined ? undefined : this.hidden.get(key);
      if (members) out.push(...members);
    }
    return out;
  }
}

export function withGroupMembers(
  files: readonly TrashFile[],
): (ids: readonly string[]) => string[] {
  const members = new GroupMembers().learn(files);
  return (ids) => members.expand(ids);
}

/** Pages of the trash fetched at once after the first (the server answers one at a time). */
const PAGES_IN_FLIGHT = 3;

/**
 * Every page of GET /trash_can, newest deletion first: the first page says how many there are,
 * the rest are fetched a few at a time, so the network and the parsing overlap the server.
 */
export async function listTrash(client: ApiClient, signal?: AbortSignal): Promise<TrashFile[]> {
  const page = async (offset: number) =>
    (
      await client.request({
        call: callTo(CALLS.trashCan, {}, { offset, limit: TRASH_PAGE_MAX }),
        schema: TrashListResponseSchema,
        signal,
      })
    ).data;
  const first = await page(0);
  const offsets: number[] = [];
  for (let at = first.files.length; at < first.total_item_count; at += TRASH_PAGE_MAX) {
    offsets.push(at);
  }
  if (first.files.length === 0) return [];
  const rest = await limited(
    offsets,
    PAGES_IN_FLIGHT,
    async (offset) => (await page(offset)).files,
  );
  // Deletions between two pages may shift a file onto the next page: keep the first sighting.
  const seen = new Set<string>();
  const all: TrashFile[] = [];
  for (const files of [first.files, ...rest]) {
    for (const file of files) {
      if (seen.has(file.id)) continue;
      seen.add(file.id);
      all.push(file);
    }
  }
  return all;
}

/**
 * What the trash's listings say of each file, kept for the page's life (a new source for
 * another language's labels adds to the same facts; the engine's thumbnail URLs read them).
 */
export interface TrashFacts {
  /** The job a file was deleted from: its thumbnail and its restore go there. */
  jobOf: (fileId: string) => string | undefined;
  /** When it was deleted (epoch seconds): its tile says how many days it has left (SPEC §4). */
  deletedAt: (fileId: string) => number | undefined;
  /** The ids with their group's files that have no tile (see withGroupMembers). */
  withMembers: (ids: readonly string[]) => string[];
  /** A whole listing, files without a tile too. */
  learn: (files: readonly TrashFile[]) => void;
}

export function trashFacts(): TrashFacts {
  const jobs = new Map<string, string>();
  const deleted = new Map<string, number>();
  const members = new GroupMembers();
  return {
    jobOf: (fileId) => jobs.get(fileId),
    deletedAt: (fileId) => deleted.get(fileId),
    withMembers: (ids) => members.expand(ids),
    learn(files) {
      for (const file of files) {
        jobs.set(file.id, file.job);
        deleted.set(file.id, file.dtime);
      }
      members.learn(files);
    },
  };
}

/** The trash's grid source, paged (SPEC §2 trash photos: infinite scroll, paged by offset). */
export interface TrashSource extends TimelineSource {
  /** Whether the section has files past the ones it shows. */
  hasMore: (key: string) => boolean;
  /**
   * Fetches the section's next page: all its files so far, for the engine to lay out in place
   * (`TimelineModel.replaceFiles`); null when there is none, or the trash was listed afresh.
   */
  more: (
    key: string,
    signal: AbortSignal,
    /** Awaited between the page's fetch (its parse) and the columns built from it. */
    pause?: () => Promise<void>,
  ) => Promise<{ files: SectionFiles; counts: SectionCounts } | null>;
}

const sectionKey = (group: TrashGroup) => `trash-${group}`;
const groupOfKey = (key: string): TrashGroup => (key === sectionKey('soon') ? 'soon' : 'later');

/**
 * The trash for the gallery engine (SPEC §2 trash photos): its two groups as sections, each
 * headed by its own label, files newest deletion first, each group's first page at first
 * (`TrashPages`) and the next as the user nears its end (`more`). Every `sections()` lists the
 * trash afresh (a refresh after a restore) as deep as the user had scrolled, and `facts` learn
 * each page.
 */
export function trashSource(options: {
  client: ApiClient;
  now: () => number;
  labels: Record<TrashGroup, string>;
  facts: TrashFacts;
  pageSize?: number;
}): TrashSource {
  let pages: TrashPages | null = null;
  // Each listing's groups as columns, grown page by page (a new listing starts new ones).
  const built = new WeakMap<TrashPages, Record<TrashGroup, TrashColumns>>();
  const shown = (from: TrashPages, group: TrashGroup) => {
    let columns = built.get(from);
    if (!columns) {
      columns = { soon: new TrashColumns(), later: new TrashColumns() };
      built.set(from, columns);
    }
    return columns[group].update(from.files(group)).columns();
  };
  return {
    async sections(signal) {
      const now = options.now();
      const next = new TrashPages(options.client, now, options.pageSize);
      const before = pages;
      await next.start(signal, {
        soon: before?.files('soon').length,
        later: before?.files('later').length,
      });
      pages = next;
      const today = new Date(now * 1000);
      const sections: SectionDescriptor[] = [];
      for (const group of TRASH_GROUPS) {
        // A page of documents only has no tile: the group shows once it has one.
        while (next.hasMore(group) && !next.files(group).some(hasTile)) {
          await next.more(group, signal);
        }
        options.facts.learn(next.files(group));
        const files = shown(next, group);
        if (files.ids.length === 0) continue;
        sections.push({
          key: sectionKey(group),
          year: today.getUTCFullYear(),
          month: today.getUTCMonth() + 1,
          startDay: 1,
          endDay: 28,
          counts: countFiles(files),
          label: options.labels[group],
        });
      }
      return sections;
    },
    files(section) {
      return Promise.resolve(
        pages ? shown(pages, groupOfKey(section.key)) : new TrashColumns().columns(),
      );
    },
    hasMore: (key) => pages?.hasMore(groupOfKey(key)) ?? false,
    async more(key, signal, pause) {
      const from = pages;
      const group = groupOfKey(key);
      if (!from?.hasMore(group)) return null;
      const added = await from.more(group, signal);
      await pause?.();
      if (from !== pages || signal.aborted) return null;
      options.facts.learn(added);
      const files = shown(from, group);
      return { files, counts: countFiles(files) };
    },
  };
}
