import { estimateRowsHeight } from '../layout/estimate';
import type { LayoutEngine } from '../layout/LayoutEngine';
import type { GridMetrics, SectionDescriptor, SectionFetchStatus } from '../types';
import { placeholderRects } from './placeholders';
import { SectionFetcher } from './SectionFetcher';
import type { SectionFiles, TimelineSource } from './TimelineSource';

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

export interface Section {
  readonly descriptor: SectionDescriptor;
  readonly count: number;
  status: SectionFetchStatus;
  files: SectionFiles | null;
  /** Exact rects once laid out; null while the height is an estimate. */
  rects: Float32Array | null;
  rowsHeight: number;
  /** Bumped by every change of width or metrics, so late layouts of an old size are dropped. */
  layoutGeneration: number;
}

export interface VisibleItem {
  section: number;
  /** Index within the section; -1 for a placeholder tile of an unfetched section. */
  item: number;
  x: number;
  /** Absolute layout-space y (float64). */
  y: number;
  w: number;
  h: number;
}

/**
 * Sections of a grid with their heights: an estimate from the counts until the files load, then
 * the exact justified layout. Positions are float64 prefix sums (`tops`), so a 2,000,000-file
 * library stays exact to the pixel: float32 would lose whole pixels past 16,777,216.
 */
export class TimelineModel {
  sections: Section[] = [];
  private tops = new Float64Array(1);
  private metrics: GridMetrics;
  private width: number;
  private generation = 0;
  private pendingShift = 0;
  private readonly fetcher: SectionFetcher;
  private readonly layout: LayoutEngine;
  private readonly onChange: () => void;
  private readonly nearMargin: number;
  private readonly farMargin: number;
  private readonly source: TimelineSource;

  constructor(options: TimelineModelOptions) {
    this.source = options.source;
    this.layout = options.layout;
    this.metrics = options.metrics;
    this.width = Math.max(1, options.width);
    this.onChange = options.onChange;
    this.nearMargin = options.nearMargin ?? 200;
    this.farMargin = options.farMargin ?? 400;
    this.fetcher = new SectionFetcher(
      options.source,
      options.maxConcurrentFetches ?? 4,
      (index, files) => this.onFilesLoaded(index, files),
      (index) => this.onFetchFailed(index),
    );
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
      layoutGeneration: -1,
    }));
    for (const section of this.sections) section.rowsHeight = this.estimate(section.count);
    this.recomputeTops();
    this.onChange();
  }

  get sectionCount(): number {
    return this.sections.length;
  }

  totalHeight(): number {
    return this.tops[this.sections.length] ?? 0;
  }

  sectionTop(index: number): number {
    return this.tops[index] ?? 0;
  }

  sectionHeight(index: number): number {
    return (this.tops[index + 1] ?? 0) - (this.tops[index] ?? 0);
  }

  sectionYear(index: number): number {
    return this.sections[index]?.descriptor.year ?? 0;
  }

  sectionMonth(index: number): number {
    return this.sections[index]?.descriptor.month ?? 1;
  }

  /** Where the first row starts inside a section: below its header and header gap. */
  get rowsOffset(): number {
    return this.metrics.headerHeight + this.metrics.headerGap;
  }

  /** The section at layout position y (binary search over the prefix sums). */
  sectionIndexAt(y: number): number {
    const n = this.sections.length;
    if (n === 0) return -1;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.tops[mid] ?? 0) <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The date of the content at layout position y: the file there when loaded, else the section's. */
  dateAt(y: number): { year: number; month: number; day: number | null } {
    const index = this.sectionIndexAt(y);
    const section = this.sections[index];
    if (!section) return { year: 0, month: 1, day: null };
    const { year, month } = section.descriptor;
    const item = this.itemAt(index, y);
    if (item >= 0 && section.files) {
      const date = new Date((section.files.times[item] ?? 0) * 1000);
      return { year, month, day: date.getUTCDate() };
    }
    return { year, month, day: null };
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
        this.requestLayout(i);
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

  /**
   * Visits every tile intersecting [top, bottom): exact rects for loaded sections, placeholder
   * tiles for the rest. Returns the count visited. The visitor gets a reused object.
   */
  forEachVisibleItem(top: number, bottom: number, visit: (item: VisibleItem) => void): number {
    const n = this.sections.length;
    if (n === 0) return 0;
    let visited = 0;
    const out = scratchItem;
    for (let s = this.sectionIndexAt(Math.max(0, top)); s < n; s++) {
      const sectionTop = this.sectionTop(s);
      if (sectionTop >= bottom) break;
      const section = this.sections[s];
      const rowsTop = sectionTop + this.rowsOffset;
      const rects = section.rects ?? this.placeholderFor(section);
      const isPlaceholder = section.rects === null;
      const count = rects.length / 4;
      for (let i = this.firstItemBelow(rects, top - rowsTop); i < count; i++) {
        const y = rowsTop + rects[i * 4 + 1];
        if (y >= bottom) break;
        const h = rects[i * 4 + 3];
        if (y + h <= top) continue;
        out.section = s;
        out.item = isPlaceholder ? -1 : i;
        out.x = rects[i * 4]!;
        out.y = y;
        out.w = rects[i * 4 + 2]!;
        out.h = h;
        visit(out);
        visited++;
      }
    }
    return visited;
  }

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
      layoutGeneration: -1,
    };
    this.applyHeightChange(index, oldHeight);
  }

  stats(): {
    sections: number;
    sectionsLoaded: number;
    sectionsFetching: number;
    itemsLoaded: number;
  } {
    let loaded = 0;
    let fetching = 0;
    let items = 0;
    for (const section of this.sections) {
      if (section.status === 'FETCHED') {
        loaded++;
        items += section.count;
      } else if (section.status === 'FETCHING') fetching++;
    }
    return {
      sections: this.sections.length,
      sectionsLoaded: loaded,
      sectionsFetching: fetching,
      itemsLoaded: items,
    };
  }

  dispose(): void {
    this.fetcher.cancelAll();
  }

  private estimate(count: number): number {
    return estimateRowsHeight(count, this.width, this.metrics);
  }

  private onFilesLoaded(index: number, files: SectionFiles): void {
    const section = this.sections[index];
    if (!section || section.status !== 'FETCHING') return;
    section.files = files;
    this.requestLayout(index);
  }

  private onFetchFailed(index: number): void {
    const section = this.sections[index];
    // Back to UNFETCHED: the next viewport update near it tries again.
    if (section && section.status === 'FETCHING') section.status = 'UNFETCHED';
  }

  private requestLayout(index: number): void {
    const section = this.sections[index];
    const files = section.files;
    if (!files) return;
    const generation = this.generation;
    const descriptor = section.descriptor;
    // The worker takes ownership of the buffer it is given: send a copy, keep ours.
    const aspects = files.aspects.slice();
    void this.layout
      .layout({ aspects, width: this.width, metrics: this.metrics })
      .then((result) => {
        const current = this.sections[index];
        if (generation !== this.generation || current?.descriptor !== descriptor) return;
        const oldHeight = current.rowsHeight;
        current.rects = result.rects;
        current.rowsHeight = result.rowsHeight;
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

  private recomputeTops(from = 0): void {
    const n = this.sections.length;
    if (this.tops.length !== n + 1) {
      this.tops = new Float64Array(n + 1);
      from = 0;
    }
    const { headerHeight, headerGap, groupGap } = this.metrics;
    for (let i = from; i < n; i++) {
      const gap = i === n - 1 ? 0 : groupGap;
      this.tops[i + 1] =
        this.tops[i] + headerHeight + headerGap + this.sections[i].rowsHeight + gap;
    }
  }

  /** Placeholder grids are cached per section until the size changes: a frame allocates nothing. */
  private placeholders = new WeakMap<Section, { generation: number; rects: Float32Array }>();

  private placeholderFor(section: Section): Float32Array {
    const cached = this.placeholders.get(section);
    if (cached && cached.generation === this.generation) return cached.rects;
    const rects = placeholderRects(section.count, this.width, section.rowsHeight, this.metrics);
    this.placeholders.set(section, { generation: this.generation, rects });
    return rects;
  }

  /** First index whose row bottom is below y (rects are in row order, y non-decreasing). */
  private firstItemBelow(rects: Float32Array, y: number): number {
    const count = rects.length / 4;
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rects[mid * 4 + 1] + rects[mid * 4 + 3] <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private itemAt(sectionIndex: number, y: number): number {
    const section = this.sections[sectionIndex];
    if (!section?.rects) return -1;
    const local = y - this.sectionTop(sectionIndex) - this.rowsOffset;
    const index = this.firstItemBelow(section.rects, local);
    return index < section.rects.length / 4 ? index : -1;
  }
}

const scratchItem: VisibleItem = { section: 0, item: 0, x: 0, y: 0, w: 0, h: 0 };
