import { SCROLL_BUFFERS_PX } from '../../../domain/constants';
import { estimateRowsHeight } from '../layout/estimate';
import type { LayoutEngine } from '../layout/LayoutEngine';
import type { GridMetrics, SectionCounts, SectionDescriptor } from '../types';
import { firstItemBelow } from './geometry';
import { loadSectionsNow } from './loadSections';
import { SectionGrid, type Section } from './SectionGrid';
import { SectionFetcher } from './SectionFetcher';
import { FILE_KIND, pickFiles, type SectionFiles, type TimelineSource } from './TimelineSource';

export type { Section, VisibleItem } from './SectionGrid';

export interface TimelineModelOptions {
  source: TimelineSource;
  layout: LayoutEngine;
  metrics: GridMetrics;
  /** Width available to the rows, CSS pixels. */
  width: number;
  /** Requests a frame: something visible changed. */
  onChange: () => void;
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

interface PendingReplace {
  version: number;
  files: SectionFiles;
  counts: SectionCounts;
}

function sameCounts(a: SectionCounts, b: SectionCounts): boolean {
  return a.pictures === b.pictures && a.videos === b.videos && a.screenshots === b.screenshots;
}

function countOf(counts: SectionCounts): number {
  return counts.pictures + counts.videos + counts.screenshots;
}

/**
 * Sections of a grid with their heights: an estimate from the counts until the files load, then
 * the exact justified layout. Positions are float64 prefix sums (`tops`), so a 2,000,000-file
 * library stays exact to the pixel: float32 would lose whole pixels past 16,777,216.
 */
export class TimelineModel extends SectionGrid {
  /** Layouts asked of the layout engine and not answered yet. */
  layoutsInFlight = 0;
  private pendingShift = 0;
  private readonly fetcher: SectionFetcher;
  private readonly layout: LayoutEngine;
  private readonly onChange: () => void;
  private readonly nearMargin: number;
  private readonly farMargin: number;
  /** @internal for loadSectionsNow; swapped by `setSource`. */
  source: TimelineSource;
  /** Set by the engine: selection and focus follow files across reindexing changes. */
  reindexHooks: ReindexHooks | null = null;
  /** Replacements of loaded sections' files waiting for their layout, by section key. */
  private readonly pendingReplace = new Map<string, PendingReplace>();
  /** Re-fetches of loaded sections whose counts changed, by section key. */
  private readonly refreshing = new Map<string, AbortController>();
  private replaceSerial = 0;

  constructor(options: TimelineModelOptions) {
    super(options.metrics, options.width);
    this.source = options.source;
    this.layout = options.layout;
    this.onChange = options.onChange;
    this.nearMargin = options.nearMargin ?? SCROLL_BUFFERS_PX.near;
    this.farMargin = options.farMargin ?? SCROLL_BUFFERS_PX.far;
    this.fetcher = new SectionFetcher(
      () => this.source,
      options.maxConcurrentFetches ?? 4,
      (index, files) => void this.onFilesLoaded(index, files),
      (index) => this.onFetchFailed(index),
    );
  }

  /**
   * Fetches and lays out the given sections wherever they are, not only near the viewport (a
   * range select, a keyboard step into an unloaded month). Resolves once each has its files and
   * its exact layout; rejects with an AbortError when the signal aborts.
   */
  loadSections(indices: readonly number[], signal: AbortSignal): Promise<void> {
    return loadSectionsNow(this, indices, signal);
  }

  async load(signal: AbortSignal): Promise<void> {
    const descriptors = await this.source.sections(signal);
    this.setSections(descriptors);
  }

  /**
   * Swaps where sections and files come from (a filter, recents) and loads the new list. The
   * old sections stay until it arrives; positions then mean other files, so the owner resets
   * its selection (GalleryEngine.setSource does).
   */
  async setSource(source: TimelineSource, signal: AbortSignal): Promise<void> {
    this.fetcher.cancelAll();
    this.cancelReplacements();
    this.source = source;
    const descriptors = await source.sections(signal);
    if (this.source !== source || signal.aborted) return;
    this.setSections(descriptors);
  }

  setSections(descriptors: readonly SectionDescriptor[]): void {
    this.fetcher.cancelAll();
    this.cancelReplacements();
    this.sections = descriptors.map((descriptor) => ({
      descriptor,
      count: descriptor.counts.pictures + descriptor.counts.videos + descriptor.counts.screenshots,
      status: 'UNFETCHED',
      files: null,
      rects: null,
      rowsHeight: 0,
      rowCount: 0,
      layoutGeneration: -1,
    }));
    for (const section of this.sections) section.rowsHeight = this.estimate(section.count);
    this.sizesVersion++;
    this.recomputeTops();
    this.onChange();
  }

  /** Changes the available width or the metrics (breakpoint, zoom): re-estimates and re-lays out. */
  resize(width: number, metrics: GridMetrics = this.metrics): void {
    width = Math.max(1, width);
    if (width === this.width && metrics === this.metrics) return;
    this.width = width;
    this.metrics = metrics;
    this.generation++;
    for (let i = 0; i < this.sections.length; i++) {
      const section = this.sections[i];
      if (section.files) {
        // Keep the old exact height (scaled) until the new layout lands: no collapse, no jump.
        void this.requestLayout(i);
      } else {
        section.rowsHeight = this.estimate(section.count);
      }
    }
    this.recomputeTops();
    this.onChange();
  }

  /**
   * Called by the binding each frame the viewport moved: starts loads near it, cancels loads
   * far from it. `deferLoads` is set while fast-scrolling (SPEC §9: placeholders, no loads).
   */
  updateViewport(viewTop: number, viewHeight: number, deferLoads: boolean): void {
    const n = this.sections.length;
    if (n === 0) return;
    const keepTop = viewTop - this.farMargin;
    const keepBottom = viewTop + viewHeight + this.farMargin;
    this.fetcher.cancelWhere((index) => {
      const top = this.sectionTop(index);
      return top > keepBottom || top + this.sectionHeight(index) < keepTop;
    });
    if (deferLoads) return;
    const loadTop = viewTop - this.nearMargin;
    const loadBottom = viewTop + viewHeight + this.nearMargin;
    const first = this.sectionIndexAt(Math.max(0, loadTop));
    const centre = viewTop + viewHeight / 2;
    for (let i = first; i < n && this.sectionTop(i) <= loadBottom; i++) {
      const section = this.sections[i];
      if (section.status !== 'UNFETCHED') continue;
      section.status = 'FETCHING';
      const distance = Math.abs(this.sectionTop(i) + this.sectionHeight(i) / 2 - centre);
      this.fetcher.enqueue(i, section.descriptor, distance);
    }
  }

  /** The scroll correction owed by height replacements since the last call (see onLaidOut). */
  takeShift(): number {
    const shift = this.pendingShift;
    this.pendingShift = 0;
    return shift;
  }

  /** The anchor for the next replacement: the viewport top the binding last drew. */
  anchorY = 0;

  /** Re-fetch a section whose content changed (SPEC §4: expired sections reset with new counts). */
  resetSection(key: string, counts: SectionDescriptor['counts']): void {
    const index = this.sections.findIndex((s) => s.descriptor.key === key);
    if (index < 0) return;
    this.fetcher.cancel(index);
    const old = this.sections[index];
    const oldHeight = old.rowsHeight;
    this.sections[index] = this.unfetched({ ...old.descriptor, counts });
    this.sizesVersion++;
    this.applyHeightChange(index, oldHeight);
  }

  /**
   * Adopts a new list of sections (live changes, a restore) without moving what the user looks
   * at. A section with the same key and counts keeps its files and layout; a loaded one whose
   * counts changed keeps showing its files until the new ones (fetched here) are laid out; a new
   * one starts as an estimate; a vanished one goes. The first section at or below the viewport's
   * top that is still there keeps its place on screen, unless the viewport is at the very top
   * (where new content should show).
   */
  reconcile(descriptors: readonly SectionDescriptor[]): void {
    const old = this.sections;
    const byKey = new Map<string, Section>();
    for (const section of old) byKey.set(section.descriptor.key, section);
    const next: Section[] = [];
    const refetch: SectionDescriptor[] = [];
    let changed = descriptors.length !== old.length;
    for (let i = 0; i < descriptors.length; i++) {
      const descriptor = descriptors[i];
      const prev = byKey.get(descriptor.key);
      const same =
        prev &&
        prev.descriptor.endDay === descriptor.endDay &&
        sameCounts(prev.descriptor.counts, descriptor.counts);
      if (prev && (same || prev.files)) {
        next.push(prev);
        if (!same) refetch.push(descriptor);
      } else {
        next.push(this.unfetched(descriptor));
        changed = true;
      }
      if (old[i] !== next[i]) changed = true;
    }
    if (changed) this.replaceSectionList(next);
    for (const descriptor of refetch) this.refresh(descriptor);
  }

  /**
   * Takes files out of the loaded sections (deleted here, or removed elsewhere): counts drop by
   * kind, a section left with nothing goes, and what the user looks at stays where it is.
   * Returns how many of the ids were found. Files of sections not loaded are not known here:
   * `reconcile` with fresh counts takes care of those.
   */
  removeFiles(ids: ReadonlySet<string>): number {
    let found = 0;
    const emptied = new Set<string>();
    for (const section of this.sections) {
      const key = section.descriptor.key;
      const pending = this.pendingReplace.get(key);
      const files = pending?.files ?? section.files;
      if (!files) continue;
      const counts = { ...(pending?.counts ?? section.descriptor.counts) };
      const keep: number[] = [];
      for (let i = 0; i < files.ids.length; i++) {
        if (!ids.has(files.ids[i])) {
          keep.push(i);
          continue;
        }
        const kind = files.kinds[i];
        if (kind === FILE_KIND.video) counts.videos = Math.max(0, counts.videos - 1);
        else if (kind === FILE_KIND.screenshot)
          counts.screenshots = Math.max(0, counts.screenshots - 1);
        else counts.pictures = Math.max(0, counts.pictures - 1);
      }
      if (keep.length === files.ids.length) continue;
      found += files.ids.length - keep.length;
      if (keep.length === 0 && countOf(counts) === 0) emptied.add(key);
      else void this.replaceFiles(key, pickFiles(files, keep), counts);
    }
    if (emptied.size > 0) {
      for (const key of emptied) this.forgetPending(key);
      this.replaceSectionList(this.sections.filter((s) => !emptied.has(s.descriptor.key)));
    }
    return found;
  }

  /**
   * Replaces a loaded section's files once their layout is ready: files and rects change
   * together (never files without their rects), and the file at the viewport's top keeps its
   * place. A newer replacement of the same section supersedes this one.
   */
  replaceFiles(
    key: string,
    files: SectionFiles,
    counts: SectionCounts,
    descriptor?: SectionDescriptor,
  ): Promise<void> {
    const version = ++this.replaceSerial;
    this.pendingReplace.set(key, { version, files, counts });
    const attempt = (): Promise<void> => {
      const generation = this.generation;
      this.layoutsInFlight++;
      return this.layout
        .layout({ aspects: files.aspects.slice(), width: this.width, metrics: this.metrics })
        .finally(() => this.layoutsInFlight--)
        .then((result) => {
          if (this.pendingReplace.get(key)?.version !== version) return undefined;
          if (generation !== this.generation) return attempt();
          this.pendingReplace.delete(key);
          const index = this.indexOfKey(key);
          if (index < 0) return undefined;
          const old = this.sections[index];
          const anchorShift = this.anchorShiftFor(index, files, result.rects);
          this.reindex(() => {
            this.sections[index] = {
              descriptor: descriptor ?? { ...old.descriptor, counts },
              count: files.ids.length,
              status: 'FETCHED',
              files,
              rects: result.rects,
              rowsHeight: result.rowsHeight,
              rowCount: result.rowCount,
              layoutGeneration: generation,
            };
            this.sizesVersion++;
            this.applyHeightChange(index, old.rowsHeight, anchorShift);
          });
          return undefined;
        })
        .catch(() => {
          // The old files stay: a later reconcile (counts still differ) tries again.
          if (this.pendingReplace.get(key)?.version === version) this.pendingReplace.delete(key);
        });
    };
    return attempt();
  }

  /** Index of the section with this key, or -1. */
  indexOfKey(key: string): number {
    return this.sections.findIndex((s) => s.descriptor.key === key);
  }

  dispose(): void {
    this.fetcher.cancelAll();
    this.cancelReplacements();
  }

  private unfetched(descriptor: SectionDescriptor): Section {
    const count = countOf(descriptor.counts);
    return {
      descriptor,
      count,
      status: 'UNFETCHED',
      files: null,
      rects: null,
      rowsHeight: this.estimate(count),
      rowCount: 0,
      layoutGeneration: -1,
    };
  }

  /** Fetches a loaded section's files again and swaps them in (its counts changed). */
  private refresh(descriptor: SectionDescriptor): void {
    const key = descriptor.key;
    this.refreshing.get(key)?.abort();
    const controller = new AbortController();
    this.refreshing.set(key, controller);
    this.source.files(descriptor, controller.signal).then(
      (files) => {
        if (this.refreshing.get(key) !== controller) return;
        this.refreshing.delete(key);
        void this.replaceFiles(key, files, descriptor.counts, descriptor);
      },
      () => {
        if (this.refreshing.get(key) === controller) this.refreshing.delete(key);
      },
    );
  }

  private forgetPending(key: string): void {
    this.pendingReplace.delete(key);
    this.refreshing.get(key)?.abort();
    this.refreshing.delete(key);
  }

  private cancelReplacements(): void {
    for (const controller of this.refreshing.values()) controller.abort();
    this.refreshing.clear();
    this.pendingReplace.clear();
  }

  /**
   * A new list of section objects (some kept, some new): recomputes positions and keeps the
   * first surviving section at or below the viewport's top where it was on screen.
   */
  private replaceSectionList(next: Section[]): void {
    const old = this.sections;
    const survivors = new Set(next);
    let anchorSection: Section | null = null;
    let anchorTop = 0;
    if (this.anchorY > 0 && old.length > 0) {
      for (let i = Math.max(0, this.sectionIndexAt(this.anchorY)); i < old.length; i++) {
        if (!survivors.has(old[i])) continue;
        anchorSection = old[i];
        anchorTop = this.sectionTop(i);
        break;
      }
    }
    this.fetcher.cancelAll();
    this.reindex(() => {
      this.sections = next;
      // Fetches were keyed by position: the viewport's next update asks again.
      for (const section of next) {
        if (section.status === 'FETCHING' && !section.files) section.status = 'UNFETCHED';
      }
      this.sizesVersion++;
      this.recomputeTops();
      if (anchorSection) {
        this.pendingShift += this.sectionTop(next.indexOf(anchorSection)) - anchorTop;
      }
      this.onChange();
    });
  }

  /**
   * How far the content at the viewport's top moves when section `index` gets `files` laid out
   * as `rects`: the first file at or below the top that is in both lists keeps its place. Null
   * when the top is not inside this section's rows (applyHeightChange decides then).
   */
  private anchorShiftFor(index: number, files: SectionFiles, rects: Float32Array): number | null {
    const section = this.sections[index];
    const oldRects = section.rects;
    const oldIds = section.files?.ids;
    const top = this.sectionTop(index);
    if (
      !oldRects ||
      !oldIds ||
      this.anchorY <= top ||
      this.anchorY >= top + this.sectionHeight(index)
    )
      return null;
    const local = this.anchorY - top - this.rowsOffset;
    if (local <= 0) return 0;
    const newIndex = new Map<string, number>();
    for (let j = 0; j < files.ids.length; j++) newIndex.set(files.ids[j], j);
    for (let i = firstItemBelow(oldRects, local); i < oldIds.length; i++) {
      const j = newIndex.get(oldIds[i]);
      if (j !== undefined) return rects[j * 4 + 1] - oldRects[i * 4 + 1];
    }
    return null;
  }

  private reindex(change: () => void): void {
    const hooks = this.reindexHooks;
    hooks?.before();
    change();
    hooks?.after();
  }

  private estimate(count: number): number {
    return estimateRowsHeight(count, this.width, this.metrics);
  }

  /** @internal Files arrived for a FETCHING section: keep them and lay the section out. */
  onFilesLoaded(index: number, files: SectionFiles): Promise<void> {
    const section = this.sections[index];
    if (!section || section.status !== 'FETCHING') return Promise.resolve();
    section.files = files;
    this.sizesVersion++;
    return this.requestLayout(index);
  }

  /** @internal Takes a section away from the viewport fetcher so a direct load can own it. */
  claimForDirectLoad(index: number): boolean {
    const section = this.sections[index];
    if (!section || section.files) return false;
    this.fetcher.cancel(index);
    section.status = 'FETCHING';
    return true;
  }

  /** @internal Lays a loaded section out again when its rects are stale. */
  relayout(index: number): Promise<void> {
    return this.requestLayout(index);
  }

  /** @internal */
  onFetchFailed(index: number): void {
    const section = this.sections[index];
    // Back to UNFETCHED: the next viewport update near it tries again.
    if (section && section.status === 'FETCHING') section.status = 'UNFETCHED';
  }

  private requestLayout(index: number): Promise<void> {
    const section = this.sections[index];
    const files = section?.files;
    if (!files) return Promise.resolve();
    const generation = this.generation;
    const descriptor = section.descriptor;
    // The worker takes ownership of the buffer it is given: send a copy, keep ours.
    const aspects = files.aspects.slice();
    this.layoutsInFlight++;
    return this.layout
      .layout({ aspects, width: this.width, metrics: this.metrics })
      .finally(() => this.layoutsInFlight--)
      .then((result) => {
        const current = this.sections[index];
        if (generation !== this.generation || current?.descriptor !== descriptor) return;
        const oldHeight = current.rowsHeight;
        current.rects = result.rects;
        current.rowsHeight = result.rowsHeight;
        current.rowCount = result.rowCount;
        current.status = 'FETCHED';
        current.layoutGeneration = generation;
        this.applyHeightChange(index, oldHeight);
      })
      .catch(() => this.onFetchFailed(index));
  }

  /**
   * A section's height changed: later sections move. Keep the content under the anchor (the
   * viewport top) still: a section wholly above it shifts the scroll by the whole change; the
   * section under it shifts by the change of the anchor's proportional offset inside it.
   */
  private applyHeightChange(
    index: number,
    oldRowsHeight: number,
    anchorShift: number | null = null,
  ): void {
    const section = this.sections[index];
    const delta = section.rowsHeight - oldRowsHeight;
    const top = this.sectionTop(index);
    const oldBottom = top + this.sectionHeight(index);
    this.recomputeTops(index);
    if (anchorShift !== null) {
      this.pendingShift += anchorShift;
    } else if (delta !== 0) {
      if (oldBottom <= this.anchorY) {
        this.pendingShift += delta;
      } else if (top < this.anchorY) {
        const offset = this.anchorY - top - this.rowsOffset;
        if (offset > 0 && oldRowsHeight > 0) {
          this.pendingShift += offset * (section.rowsHeight / oldRowsHeight) - offset;
        }
      }
    }
    this.onChange();
  }
}
