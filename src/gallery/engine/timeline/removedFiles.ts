import type { SectionDescriptor } from '../types';
import { withoutFiles } from './sectionList';
import type { SectionFiles } from './TimelineSource';

/** A section's files as they reach the grid, with the descriptor they come under. */
export interface LandedFiles {
  files: SectionFiles;
  descriptor: SectionDescriptor;
}

/**
 * One fetch of a section's files as the removals see it: opened when the fetch (or the listing
 * it comes from) starts, closed once its files land or it ends otherwise.
 */
export interface FetchTicket {
  /**
   * The fetched files less those removed since the ticket was opened (counts dropped by kind:
   * the same objects when none was there). Closes the ticket.
   */
  land(files: SectionFiles, descriptor: SectionDescriptor): LandedFiles;
  /** The fetch ended without landing (failed, cancelled, superseded); a second call is a no-op. */
  close(): void;
  /** The removal sequence number the fetch started at. */
  readonly since: number;
}

/**
 * Files taken out of the grid while fetches were on their way (issue race48). A fetch that
 * started before a removal answers with the list the server had before it: its files land
 * without the removed ones. A fetch started after the removal is the server's word (a restore
 * brings the file back). Each removal gets the next sequence number; each fetch notes the
 * number when it starts; a removal is kept only while a fetch older than it is open.
 */
export class RemovedFiles {
  private sequence = 0;
  private removals: { sequence: number; ids: ReadonlySet<string> }[] = [];
  /** Start sequence → fetches open since then. */
  private readonly open = new Map<number, number>();

  /** Removals kept (for tests: none once no fetch older than them is open). */
  get kept(): number {
    return this.removals.length;
  }

  /** Files left the grid now. */
  removed(ids: ReadonlySet<string>): void {
    this.sequence++;
    // With no fetch open, none can bring them back: nothing to keep.
    if (this.open.size > 0) this.removals.push({ sequence: this.sequence, ids: new Set(ids) });
  }

  /**
   * A fetch starts: now, or (`since`) as part of something that started then (a re-fetch asked
   * by a listing). Closed when `signal` aborts too: a cancelled fetch lands nothing.
   */
  begin(since: number = this.sequence, signal?: AbortSignal): FetchTicket {
    this.open.set(since, (this.open.get(since) ?? 0) + 1);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      signal?.removeEventListener('abort', close);
      this.end(since);
    };
    if (signal?.aborted) close();
    else signal?.addEventListener('abort', close, { once: true });
    return {
      since,
      land: (files, descriptor) => {
        const landed = closed ? null : this.without(files, descriptor, since);
        close();
        return landed ?? { files, descriptor };
      },
      close,
    };
  }

  private without(
    files: SectionFiles,
    descriptor: SectionDescriptor,
    since: number,
  ): LandedFiles | null {
    let ids: Set<string> | null = null;
    for (const removal of this.removals) {
      if (removal.sequence <= since) continue;
      ids ??= new Set();
      for (const id of removal.ids) ids.add(id);
    }
    const left = ids && withoutFiles(files, descriptor.counts, ids);
    return left && { files: left.files, descriptor: { ...descriptor, counts: left.counts } };
  }

  private end(since: number): void {
    const count = (this.open.get(since) ?? 0) - 1;
    if (count > 0) this.open.set(since, count);
    else this.open.delete(since);
    // Removals no open fetch is older than are needed no more.
    let oldest = Infinity;
    for (const start of this.open.keys()) oldest = Math.min(oldest, start);
    if (this.removals.length > 0 && this.removals[0].sequence <= oldest) {
      this.removals = this.removals.filter((removal) => removal.sequence > oldest);
    }
  }
}
