import { estimateRowsHeight } from '../layout/estimate';
import type { LayoutEngine } from '../layout/LayoutEngine';
import type { GridMetrics, SectionDescriptor } from '../types';
import { loadSectionsNow } from './loadSections';
import { SectionGrid } from './SectionGrid';
import { SectionFetcher } from './SectionFetcher';
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
  maxConcurrentFetches?: number;
  /** SPEC §9 "buffers 200/400 px": load within the near margin, cancel beyond the far one. */
  nearMargin?: number;
  farMargin?: number;
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
  /** @internal for loadSectionsNow */
  readonly source: TimelineSource;

  constructor(options: TimelineModelOptions) {
    super(options.metrics, options.width);
    this.source = options.source;
    this.layout = options.layout;
    this.onChange = options.onChange;
    this.nearMargin = options.nearMargin ?? 200;
    this.farMargin = options.farMargin ?? 400;
    this.fetcher = new SectionFetcher(
      options.source,
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

  setSections(descriptors: readonly SectionDescriptor[]): void {
    this.fetcher.cancelAll();
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
    const descriptor = { ...old.descriptor, counts };
    const count = counts.pictures + counts.videos + counts.screenshots;
    const oldHeight = old.rowsHeight;
    this.sections[index] = {
      descriptor,
      count,
      status: 'UNFETCHED',
      files: null,
      rects: null,
      rowsHeight: this.estimate(count),
      rowCount: 0,
      layoutGeneration: -1,
    };
    this.sizesVersion++;
    this.applyHeightChange(index, oldHeight);
  }

  dispose(): void {
    this.fetcher.cancelAll();
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
  private applyHeightChange(index: number, oldRowsHeight: number): void {
    const section = this.sections[index];
    const delta = section.rowsHeight - oldRowsHeight;
    const top = this.sectionTop(index);
    const oldBottom = top + this.sectionHeight(index);
    this.recomputeTops(index);
    if (delta !== 0) {
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
