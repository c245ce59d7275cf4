import { abortError } from '../abort';
import type { SectionDescriptor } from '../types';
import type { LayoutPipeline } from './LayoutPipeline';
import { RemovedFiles, type FetchTicket, type LandedFiles } from './removedFiles';
import { SectionFetcher } from './SectionFetcher';
import type { SectionGrid } from './SectionGrid';
import { isEmpty } from './sectionList';
import type { SectionFiles, TimelineSource } from './TimelineSource';

/** Direct loads run this many sections at a time, beside the viewport's own fetches. */
const DIRECT_LOAD_CONCURRENCY = 4;
/** A layout dropped by a resize during a direct load is asked for again, at most this often. */
const MAX_LAYOUT_ATTEMPTS = 4;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface SectionLoaderOptions {
  grid: SectionGrid;
  pipeline: LayoutPipeline;
  /** Read at each fetch: the grid's source can be swapped (a filter, recents). */
  source: () => TimelineSource;
  maxConcurrentFetches: number;
  /** SPEC §9 "buffers 200/400 px": load within the near margin, cancel beyond the far one. */
  nearMargin: number;
  farMargin: number;
  /**
   * A fetch landed with nothing left once the files removed meanwhile are out: the section goes
   * (as TimelineModel.removeFiles drops a section it empties).
   */
  emptied: (key: string) => void;
}

/** Files fetched, to be landed (less the files removed since the fetch began). */
interface Fetched {
  files: SectionFiles;
  ticket: FetchTicket;
}

/**
 * Fetches sections' files and hands them to the layout pipeline: near the viewport (nearest
 * first, a few at a time, cancelled fetch and layout alike once scrolled away), wherever a
 * caller needs them (`loadSections`: a range select, a keyboard step), and again when a loaded
 * section's counts changed (`refresh`). Everything is keyed by section key, so a change of the
 * list around a section leaves its load running. Files removed from the grid while a fetch was
 * on its way are kept out of what it brings (`removed`, RemovedFiles).
 */
export class SectionLoader {
  /** Files removed while fetches were on their way: kept out of what those fetches land. */
  readonly removals = new RemovedFiles();
  private readonly fetcher: SectionFetcher<Fetched>;
  /** First layouts of viewport loads, so a section scrolled away cancels its layout too. */
  private readonly loading = new Map<string, AbortController>();
  /** Re-fetches of loaded sections whose counts changed. */
  private readonly refreshing = new Map<string, AbortController>();
  private readonly grid: SectionGrid;
  private readonly pipeline: LayoutPipeline;
  private readonly source: () => TimelineSource;

  constructor(private readonly options: SectionLoaderOptions) {
    this.grid = options.grid;
    this.pipeline = options.pipeline;
    this.source = options.source;
    this.fetcher = new SectionFetcher(
      (descriptor, signal) => this.fetchFiles(descriptor, signal),
      options.maxConcurrentFetches,
      (descriptor, fetched) => this.laidOutAfterFetch(descriptor, fetched),
      (descriptor) => this.markUnfetched(descriptor),
    );
  }

  /**
   * Each frame the viewport moved: starts loads near it, cancels loads far from it.
   * `deferLoads` is set while fast-scrolling (SPEC §9: placeholders, no loads).
   */
  updateViewport(viewTop: number, viewHeight: number, deferLoads: boolean): void {
    const { grid } = this;
    const n = grid.sectionCount;
    if (n === 0) return;
    const { nearMargin, farMargin } = this.options;
    const keepTop = viewTop - farMargin;
    const keepBottom = viewTop + viewHeight + farMargin;
    const far = (key: string) => {
      const index = grid.indexOfKey(key);
      if (index < 0) return true;
      const top = grid.sectionTop(index);
      return top > keepBottom || top + grid.sectionHeight(index) < keepTop;
    };
    this.fetcher.cancelWhere((job) => far(job.key));
    if (this.loading.size > 0) {
      for (const [key, controller] of this.loading) if (far(key)) controller.abort();
    }
    if (deferLoads) return;
    const loadBottom = viewTop + viewHeight + nearMargin;
    const first = grid.sectionIndexAt(Math.max(0, viewTop - nearMargin));
    const centre = viewTop + viewHeight / 2;
    for (let i = first; i < n && grid.sectionTop(i) <= loadBottom; i++) {
      const section = grid.sections[i];
      if (section.status !== 'UNFETCHED') continue;
      section.status = 'FETCHING';
      const distance = Math.abs(grid.sectionTop(i) + grid.sectionHeight(i) / 2 - centre);
      this.fetcher.enqueue(section.descriptor, distance);
    }
  }

  /**
   * Fetches and lays out the given sections wherever they are. Resolves once each has its files
   * and its exact layout; rejects with an AbortError when the signal aborts.
   */
  async loadSections(indices: readonly number[], signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw abortError('The section load');
    const descriptors = [...new Set(indices)]
      .filter((i) => i >= 0 && i < this.grid.sectionCount)
      .map((i) => this.grid.sections[i].descriptor);
    let next = 0;
    const worker = async () => {
      while (next < descriptors.length) {
        if (signal.aborted) throw abortError('The section load');
        await this.loadOne(descriptors[next++], signal);
      }
    };
    const workers = Math.min(DIRECT_LOAD_CONCURRENCY, descriptors.length);
    await Promise.all(Array.from({ length: workers }, worker));
    if (signal.aborted) throw abortError('The section load');
  }

  /**
   * A loaded section's counts changed: fetch its files again and swap them in. `since`: the
   * removal sequence when the listing that asked for it started (its counts may still count
   * files removed since); unset, now.
   */
  refresh(descriptor: SectionDescriptor, since?: number): void {
    const key = descriptor.key;
    this.refreshing.get(key)?.abort();
    const controller = new AbortController();
    this.refreshing.set(key, controller);
    this.fetchFiles(descriptor, controller.signal, since).then(
      ({ files, ticket }) => {
        if (this.refreshing.get(key) !== controller) {
          ticket.close();
          return undefined;
        }
        this.refreshing.delete(key);
        const landed = ticket.land(files, descriptor);
        if (this.goesEmpty(key, landed)) return undefined;
        // The old files stay if this fails: a later reconcile (counts still differ) tries again.
        return this.pipeline.run(key, landed).catch(() => undefined);
      },
      () => {
        if (this.refreshing.get(key) === controller) this.refreshing.delete(key);
      },
    );
  }

  /** Files left the grid: fetches on their way land without them. */
  removed(ids: ReadonlySet<string>): void {
    this.removals.removed(ids);
  }

  /** Stops every load of `key` (the section was reset or goes). */
  forget(key: string): void {
    this.fetcher.cancel(key);
    this.loading.get(key)?.abort();
    this.refreshing.get(key)?.abort();
    this.refreshing.delete(key);
  }

  /** The list changed: loads of sections that went, or changed under them, stop. */
  listChanged(): void {
    const { grid } = this;
    const stale = (key: string, descriptor?: SectionDescriptor) => {
      const index = grid.indexOfKey(key);
      return (
        index < 0 || (descriptor !== undefined && grid.sections[index].descriptor !== descriptor)
      );
    };
    this.fetcher.cancelWhere((job) => stale(job.key, job.descriptor));
    for (const [key, controller] of this.refreshing) {
      if (stale(key)) {
        controller.abort();
        this.refreshing.delete(key);
      }
    }
    this.pipeline.cancelStale();
  }

  cancelAll(): void {
    this.fetcher.cancelAll();
    for (const controller of this.loading.values()) controller.abort();
    for (const controller of this.refreshing.values()) controller.abort();
    this.refreshing.clear();
  }

  /**
   * Fetches a section's files, with the ticket that lands them less the files removed since
   * `since` (unset: now). The ticket closes by itself when the fetch fails or `signal` aborts.
   */
  private async fetchFiles(
    descriptor: SectionDescriptor,
    signal: AbortSignal,
    since?: number,
  ): Promise<Fetched> {
    const ticket = this.removals.begin(since, signal);
    try {
      return { files: await this.source().files(descriptor, signal), ticket };
    } catch (error) {
      ticket.close();
      throw error;
    }
  }

  /**
   * Nothing left of a fetched section once removed files are out: it goes (unless the list gave
   * it another descriptor than `expect` meanwhile; the files are then dropped as the pipeline
   * would drop them).
   */
  private goesEmpty(key: string, landed: LandedFiles, expect?: SectionDescriptor): boolean {
    if (!isEmpty({ files: landed.files, counts: landed.descriptor.counts })) return false;
    const section = this.grid.sections[this.grid.indexOfKey(key)];
    if (!expect || section?.descriptor === expect) this.options.emptied(key);
    return true;
  }

  /** A viewport fetch answered: lay it out, cancellable until applied. */
  private laidOutAfterFetch(descriptor: SectionDescriptor, { files, ticket }: Fetched): void {
    const key = descriptor.key;
    const landed = ticket.land(files, descriptor);
    if (this.goesEmpty(key, landed, descriptor)) return;
    const controller = new AbortController();
    this.loading.set(key, controller);
    this.pipeline
      .run(key, { ...landed, expect: descriptor, signal: controller.signal })
      .catch(() => this.markUnfetched(descriptor))
      .finally(() => {
        if (this.loading.get(key) === controller) this.loading.delete(key);
      });
  }

  /** Back to UNFETCHED: the next viewport update near it tries again. */
  private markUnfetched(descriptor: SectionDescriptor): void {
    const index = this.grid.indexOfKey(descriptor.key);
    const section = this.grid.sections[index];
    if (section?.descriptor === descriptor && !section.files && section.status === 'FETCHING') {
      section.status = 'UNFETCHED';
    }
  }

  private async loadOne(descriptor: SectionDescriptor, signal: AbortSignal): Promise<void> {
    const { grid, pipeline } = this;
    const key = descriptor.key;
    const current = () => {
      const section = grid.sections[grid.indexOfKey(key)];
      return section?.descriptor === descriptor ? section : null;
    };
    const section = current();
    if (!section) return;
    if (!section.files) {
      // A viewport load whose files are in already only waits for its layout; otherwise the
      // section is taken from the viewport fetcher, so scrolling cannot cancel it.
      if (this.loading.has(key)) await pipeline.settled(key);
      if (!current()?.files) await this.fetchAndLayOut(descriptor, signal);
    }
    for (let attempt = 0; attempt < MAX_LAYOUT_ATTEMPTS; attempt++) {
      if (signal.aborted) throw abortError('The section load');
      const loaded = current();
      const index = grid.indexOfKey(key);
      if (!loaded?.files || grid.isLaidOut(index)) return;
      if (pipeline.pending(key)) await pipeline.settled(key);
      else await pipeline.run(key, { files: loaded.files, expect: descriptor, signal });
    }
  }

  private async fetchAndLayOut(descriptor: SectionDescriptor, signal: AbortSignal): Promise<void> {
    const key = descriptor.key;
    this.fetcher.cancel(key);
    this.loading.get(key)?.abort();
    const section = this.grid.sections[this.grid.indexOfKey(key)];
    if (section?.descriptor !== descriptor) return;
    section.status = 'FETCHING';
    try {
      const { files, ticket } = await this.fetchFiles(descriptor, signal);
      if (signal.aborted) throw abortError('The section load');
      const landed = ticket.land(files, descriptor);
      if (this.goesEmpty(key, landed, descriptor)) return;
      await this.pipeline.run(key, { ...landed, expect: descriptor, signal });
    } catch (error) {
      this.markUnfetched(descriptor);
      if (isAbort(error) || signal.aborted) throw abortError('The section load');
      throw error;
    }
  }
}
