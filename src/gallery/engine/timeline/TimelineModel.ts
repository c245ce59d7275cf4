import { SCROLL_BUFFERS_PX } from '../../../domain/constants';
import type { LayoutEngine } from '../layout/LayoutEngine';
import { ScrollAnchor } from '../scroll/ScrollAnchor';
import type { CalendarIndex, ItemPosition, SelectableIndex } from '../selection/types';
import type { GridMetrics, SectionCounts, SectionDescriptor } from '../types';
import { LayoutPipeline } from './LayoutPipeline';
import { SectionGrid, type Section, type VisibleItem } from './SectionGrid';
import { SectionLoader } from './SectionLoader';
import { mergeSections, removeFiles } from './sectionList';
import type { SectionFiles, TimelineSource } from './TimelineSource';

export type { Section, VisibleItem } from './SectionGrid';

export interface TimelineModelOptions {
  source: TimelineSource;
  layout: LayoutEngine;
  metrics: GridMetrics;
  /** Width available to the rows, CSS pixels. */
  width: number;
  /** Requests a frame: something visible changed. */
  onChange: () => void;
  /** Resolves in a task of its own (FrameClock.nextTask); at once by default. */
  nextTask?: () => Promise<void>;
  maxConcurrentFetches?: number;
  /** SPEC §9 "buffers 200/400 px": load within the near margin, cancel beyond the far one. */
  nearMargin?: number;
  farMargin?: number;
}

/**
 * Called around every change that moves positions (sections added or removed, a section's files
 * replaced), so the owner can carry the selection and the focus over by identity.
 */
export interface ReindexHooks {
  before: () => void;
  after: () => void;
}

/**
 * The sections of a grid, by concern: `grid` (SectionGrid: the list, its float64 positions,
 * hit-testing, visible tiles), the section list's changes (`reconcile`, `removeFiles`,
 * `setSource`: sectionList.ts), `loader` (SectionLoader: fetches near the viewport and on
 * demand) feeding `pipeline` (LayoutPipeline: the one way files and rects reach the grid), and
 * `anchor` (ScrollAnchor: what stays still meanwhile). The grid's reads are repeated here so
 * the engine, its controllers and the pages keep one object to ask.
 */
export class TimelineModel implements SelectableIndex, CalendarIndex {
  readonly grid: SectionGrid;
  readonly anchor: ScrollAnchor<Section>;
  readonly pipeline: LayoutPipeline;
  readonly loader: SectionLoader;
  /** Where sections and files come from; swapped by `setSource`. */
  source: TimelineSource;
  /** Set by the engine: selection and focus follow files across reindexing changes. */
  reindexHooks: ReindexHooks | null = null;
  private readonly onChange: () => void;
  private readonly nextTask: () => Promise<void>;

  constructor(options: TimelineModelOptions) {
    this.source = options.source;
    this.onChange = options.onChange;
    this.nextTask = options.nextTask ?? (() => Promise.resolve());
    this.grid = new SectionGrid(options.metrics, options.width);
    this.grid.heights = options.source.heights ?? null;
    this.anchor = new ScrollAnchor<Section>(this.grid);
    this.pipeline = new LayoutPipeline(
      this.grid,
      options.layout,
      this.anchor,
      (change) => this.reindex(change),
      options.onChange,
    );
    this.loader = new SectionLoader({
      grid: this.grid,
      pipeline: this.pipeline,
      source: () => this.source,
      maxConcurrentFetches: options.maxConcurrentFetches ?? 4,
      nearMargin: options.nearMargin ?? SCROLL_BUFFERS_PX.near,
      farMargin: options.farMargin ?? SCROLL_BUFFERS_PX.far,
      emptied: (key) => {
        if (this.grid.indexOfKey(key) >= 0) this.dropSections(new Set([key]));
      },
    });
  }

  async load(signal: AbortSignal): Promise<void> {
    this.setSections(await this.source.sections(signal));
  }

  /**
   * Swaps where sections and files come from (a filter, recents) and loads the new list. The
   * old sections stay until it arrives; positions then mean other files, so the owner resets
   * its selection (GalleryEngine.setSource does).
   */
  async setSource(source: TimelineSource, signal: AbortSignal): Promise<void> {
    this.cancelLoads();
    this.source = source;
    const descriptors = await source.sections(signal);
    if (this.source !== source || signal.aborted) return;
    if (!this.grid.estimatesReady && descriptors.length > 0) {
      // The estimates' model, built on the first estimate at a size, is 30 to 40 ms with the JIT
      // cold: in the task that listed a 70,000-photo month it made one of 56 ms (bench/hugeMonth,
      // issue 34.10). It gets a task of its own, between the answer's and the list's.
      await this.nextTask();
      this.grid.warmEstimates();
      await this.nextTask();
      if (this.source !== source || signal.aborted) return;
    }
    this.grid.heights = source.heights ?? null;
    this.setSections(descriptors);
  }

  /** A whole new list: every section starts as an estimate. */
  setSections(descriptors: readonly SectionDescriptor[]): void {
    this.cancelLoads();
    this.grid.setSections(descriptors.map((descriptor) => this.grid.unfetched(descriptor)));
    this.onChange();
  }

  /** Changes the available width or the metrics (breakpoint, zoom): re-estimates and re-lays out. */
  resize(width: number, metrics: GridMetrics = this.grid.currentMetrics): void {
    if (!this.grid.setSize(width, metrics)) return;
    this.pipeline.relayoutAll();
    this.onChange();
  }

  /** See SectionLoader.updateViewport. */
  updateViewport(viewTop: number, viewHeight: number, deferLoads: boolean): void {
    this.loader.updateViewport(viewTop, viewHeight, deferLoads);
  }

  /** Fetches and lays out sections wherever they are; see SectionLoader.loadSections. */
  loadSections(indices: readonly number[], signal: AbortSignal): Promise<void> {
    return this.loader.loadSections(indices, signal);
  }

  /** Re-fetch a section whose content changed (SPEC §4: expired sections reset with new counts). */
  resetSection(key: string, counts: SectionCounts): void {
    const index = this.grid.indexOfKey(key);
    if (index < 0) return;
    this.loader.forget(key);
    this.pipeline.cancel(key);
    const old = this.grid.sections[index];
    const next = this.grid.unfetched({ ...old.descriptor, counts });
    const change = {
      top: this.grid.sectionTop(index),
      oldHeight: this.grid.sectionHeight(index),
      oldRowsHeight: this.grid.rowsHeightIn(index, old),
      newRowsHeight: this.grid.rowsHeightIn(index, next),
      rowsOffset: this.grid.rowsOffset,
    };
    this.grid.replaceSection(index, next);
    this.anchor.sectionChanged(change);
    this.onChange();
  }

  /**
   * Adopts a new list of sections (live changes, a restore) without moving what the user looks
   * at (see mergeSections and ScrollAnchor.keepAcrossList). `since`: the removal sequence when
   * the listing started (`refresh`): sections fetched again land without the files removed
   * since, which an older listing may still count. Unset, the list is as of now.
   */
  reconcile(descriptors: readonly SectionDescriptor[], since?: number): void {
    const { next, refetch, changed } = mergeSections(this.grid.sections, descriptors, (d) =>
      this.grid.unfetched(d),
    );
    if (changed) this.replaceSectionList(next);
    for (const descriptor of refetch) this.loader.refresh(descriptor, since);
  }

  /**
   * Lists the source's sections again and adopts them (`reconcile`). A source swapped meanwhile
   * wins: its list is not overwritten by the old source's.
   */
  async refresh(signal: AbortSignal): Promise<void> {
    const source = this.source;
    // Open while listing: the re-fetches it asks for start from here.
    const listing = this.loader.removals.begin();
    try {
      const descriptors = await source.sections(signal);
      if (this.source !== source || signal.aborted) return;
      this.reconcile(descriptors, listing.since);
    } finally {
      listing.close();
    }
  }

  /**
   * Takes files out of the loaded sections (deleted here, or removed elsewhere): counts drop by
   * kind, a section left with nothing goes, and what the user looks at stays where it is.
   * Returns how many of the ids were found. Files of sections not loaded are not known here:
   * `reconcile` with fresh counts takes care of those.
   */
  removeFiles(ids: ReadonlySet<string>): number {
    // Fetches on their way answer with these files still in: they land without them.
    this.loader.removed(ids);
    const removal = removeFiles(
      this.grid.sections,
      (section) => {
        const pending = this.pipeline.pending(section.descriptor.key);
        const files = pending?.files ?? section.files;
        if (!files) return null;
        return { files, counts: (pending?.descriptor ?? section.descriptor).counts };
      },
      ids,
    );
    for (const { key, files, counts } of removal.replacements) {
      void this.replaceFiles(key, files, counts);
    }
    if (removal.emptied.size > 0) this.dropSections(removal.emptied);
    return removal.found;
  }

  /**
   * Replaces a loaded section's files once their layout is ready: files and rects change
   * together, and the file at the viewport's top keeps its place. A newer replacement of the
   * same section supersedes this one.
   */
  async replaceFiles(
    key: string,
    files: SectionFiles,
    counts: SectionCounts,
    descriptor?: SectionDescriptor,
  ): Promise<void> {
    const index = this.grid.indexOfKey(key);
    if (index < 0) return;
    const next = descriptor ?? { ...this.grid.sections[index].descriptor, counts };
    // The old files stay if the layout fails: a later reconcile (counts still differ) tries again.
    await this.pipeline.run(key, { files, descriptor: next }).catch(() => undefined);
  }

  /**
   * The files section `index` is about to show (a load, a removal or a replacement whose layout
   * is in flight), else the ones it shows; null when not loaded. For readers outside the grid
   * that need no rects (the viewer): a file removed is gone for them at once, not only once its
   * section's new layout lands (issue race48: the viewer counted "7 of 12" after a delete).
   */
  filesOf(index: number): SectionFiles | null {
    const section = this.grid.sections[index];
    if (!section) return null;
    return this.pipeline.pending(section.descriptor.key)?.files ?? section.files;
  }

  /** Index of the section with this key, or -1. */
  indexOfKey(key: string): number {
    return this.grid.indexOfKey(key);
  }

  dispose(): void {
    this.cancelLoads();
  }

  // The grid's reads, for the engine, its controllers, the selection and the pages.
  get sections(): readonly Section[] {
    return this.grid.sections;
  }
  get sectionCount(): number {
    return this.grid.sectionCount;
  }
  get sizesVersion(): number {
    return this.grid.sizesVersion;
  }
  get currentMetrics(): GridMetrics {
    return this.grid.currentMetrics;
  }
  get gridWidth(): number {
    return this.grid.gridWidth;
  }
  get rowsOffset(): number {
    return this.grid.rowsOffset;
  }
  totalHeight(): number {
    return this.grid.totalHeight();
  }
  sectionTop(index: number): number {
    return this.grid.sectionTop(index);
  }
  sectionHeight(index: number): number {
    return this.grid.sectionHeight(index);
  }
  sectionIndexAt(y: number): number {
    return this.grid.sectionIndexAt(y);
  }
  sectionLeft(index: number): number {
    return this.grid.sectionLeft(index);
  }
  sectionWidth(index: number): number {
    return this.grid.sectionWidth(index);
  }
  bandOf(index: number): number {
    return this.grid.bandOf(index);
  }
  sectionYear(index: number): number {
    return this.grid.sectionYear(index);
  }
  sectionMonth(index: number): number {
    return this.grid.sectionMonth(index);
  }
  sectionSize(index: number): number {
    return this.grid.sectionSize(index);
  }
  isLoaded(index: number): boolean {
    return this.grid.isLoaded(index);
  }
  isLaidOut(index: number): boolean {
    return this.grid.isLaidOut(index);
  }
  fileId(index: number, item: number): string {
    return this.grid.fileId(index, item);
  }
  rectsOf(index: number): Float32Array | null {
    return this.grid.rectsOf(index);
  }
  rowsBefore(index: number): number {
    return this.grid.rowsBefore(index);
  }
  totalRows(): number {
    return this.grid.totalRows();
  }
  itemAt(x: number, y: number): ItemPosition | null {
    return this.grid.itemAt(x, y);
  }
  itemRect(
    index: number,
    item: number,
    out: { x: number; y: number; w: number; h: number },
  ): boolean {
    return this.grid.itemRect(index, item, out);
  }
  dateAt(y: number): { year: number; month: number; day: number | null } {
    return this.grid.dateAt(y);
  }
  forEachVisibleItem(top: number, bottom: number, visit: (item: VisibleItem) => void): number {
    return this.grid.forEachVisibleItem(top, bottom, visit);
  }
  stats(): ReturnType<SectionGrid['stats']> {
    return this.grid.stats();
  }

  /** Sections left with nothing go, their loads with them. */
  private dropSections(emptied: ReadonlySet<string>): void {
    for (const key of emptied) {
      this.loader.forget(key);
      this.pipeline.cancel(key);
    }
    this.replaceSectionList(this.grid.sections.filter((s) => !emptied.has(s.descriptor.key)));
  }

  /** A new list of section objects (some kept, some new), anchored by the ScrollAnchor. */
  private replaceSectionList(next: Section[]): void {
    this.anchor.keepAcrossList(new Set(next), () =>
      this.reindex(() => {
        this.grid.setSections(next);
        this.loader.listChanged();
        this.onChange();
      }),
    );
  }

  private cancelLoads(): void {
    this.loader.cancelAll();
    this.pipeline.cancelAll();
  }

  private reindex(change: () => void): void {
    const hooks = this.reindexHooks;
    hooks?.before();
    change();
    hooks?.after();
  }
}
