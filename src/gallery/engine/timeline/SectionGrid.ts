import type { CalendarIndex, ItemPosition, SelectableIndex } from '../selection/types';
import type { GridMetrics, SectionDescriptor, SectionLayout } from '../types';
import { firstItemBelow, itemAtPoint } from './geometry';
import { packedRowRects } from './packing';
import { placeholderRects } from './placeholders';
import { SectionPlaces } from './SectionPlaces';
import { RectCache, type Section, type VisibleItem } from './section';
import { laidOutSection, SectionHeightMemory } from './sectionHeights';
import type { SectionFiles, SectionHeights } from './TimelineSource';

export type { Section, VisibleItem } from './section';

/**
 * The geometry of a grid's sections: the list itself, their places (`SectionPlaces`: float64
 * tops, sparse months packed into bands), rows, hit-testing and the visible tiles; the heights of
 * sections not laid out come from its SectionHeightMemory (sectionHeights.ts). TimelineModel owns
 * one and changes it through the few writers at the end (a new list, one section, a new size);
 * everything else reads. Positions stay float64: a 2,000,000-file library is 60+ million px tall and float32
 * would lose pixels.
 */
export class SectionGrid implements SelectableIndex, CalendarIndex {
  private list: Section[] = [];
  private readonly byKey = new Map<string, number>();
  /** Moves whenever a section's item count may have changed (files loaded, sections replaced). */
  sizesVersion = 0;
  private readonly places = new SectionPlaces();
  /** The counts changed since the packing was made: it is made again. */
  private packingStale = true;
  private metrics: GridMetrics;
  private width: number;
  /** Bumped by every change of width or metrics, so late layouts of an old size are dropped. */
  private sizeGeneration = 0;
  private readonly memory: SectionHeightMemory;

  constructor(metrics: GridMetrics, width: number) {
    this.metrics = metrics;
    this.width = Math.max(1, width);
    this.memory = new SectionHeightMemory(this.width, metrics);
  }

  /** Exact heights known from earlier layouts (the source's); unset, sections are estimated. */
  set heights(heights: SectionHeights | null) {
    this.memory.heights = heights;
  }

  /** The sections, in timeline order. Change them through `setSections` / `replaceSection`. */
  get sections(): readonly Section[] {
    return this.list;
  }

  /** The size (width and metrics) layouts are made for now; see `isLaidOut`. */
  get generation(): number {
    return this.sizeGeneration;
  }

  /** Index of the section with this key, or -1. */
  indexOfKey(key: string): number {
    return this.byKey.get(key) ?? -1;
  }

  get sectionCount(): number {
    return this.sections.length;
  }

  totalHeight(): number {
    return this.places.totalHeight();
  }

  sectionTop(index: number): number {
    return this.places.top(index);
  }

  /** The section's height in the grid, gap included: a packed section's is its band's. */
  sectionHeight(index: number): number {
    return this.places.height(index);
  }

  /** Left edge of the section's box within the grid: 0 unless it shares a band. */
  sectionLeft(index: number): number {
    return this.places.left(index);
  }

  /** Width of the section's box: the grid's unless it shares a band. */
  sectionWidth(index: number): number {
    return this.places.width(index) || this.width;
  }

  /** The first section of the band the section is in (itself when it is alone). */
  bandOf(index: number): number {
    return this.places.bandOf(index);
  }

  /** Whether the section shares a band: one row in its own box (packing.ts). */
  isPacked(index: number): boolean {
    return this.places.isPacked(index);
  }

  /** The height a section's rows take in the grid: its own, or a band's one row. */
  rowsHeightIn(index: number, section: Section): number {
    return this.isPacked(index) ? this.metrics.targetRowHeight : section.rowsHeight;
  }

  sectionYear(index: number): number {
    return this.sections[index]?.descriptor.year ?? 0;
  }

  sectionMonth(index: number): number {
    return this.sections[index]?.descriptor.month ?? 1;
  }

  /** SelectableIndex: the loaded files, or the descriptor's count until they load. */
  sectionSize(index: number): number {
    const section = this.sections[index];
    if (!section) return 0;
    return section.files ? section.files.ids.length : section.count;
  }

  isLoaded(index: number): boolean {
    return (this.sections[index]?.files ?? null) !== null;
  }

  fileId(index: number, item: number): string {
    return this.sections[index]?.files?.ids[item] ?? '';
  }

  /**
   * The exact rects of a laid-out section (local to its box, rows from y 0), else null. A packed
   * section's are its one row in its box, made from its files' aspects.
   */
  rectsOf(index: number): Float32Array | null {
    const section = this.sections[index];
    if (!section?.rects || !section.files) return section?.rects ?? null;
    if (!this.isPacked(index)) return section.rects;
    const { aspects } = section.files;
    const box = this.sectionWidth(index);
    return this.packedRects.get(section, this.sizeGeneration, box, () =>
      packedRowRects(aspects, box, this.metrics),
    );
  }

  /** Rows before the section, over the whole grid (estimated for sections not laid out). */
  rowsBefore(index: number): number {
    return this.places.rowsBefore(index);
  }

  /** Every row of the grid: exact where laid out, estimated elsewhere. */
  totalRows(): number {
    return this.places.totalRows();
  }

  /** The grid's current metrics (breakpoint and zoom). */
  get currentMetrics(): GridMetrics {
    return this.metrics;
  }

  /** The width available to the rows. */
  get gridWidth(): number {
    return this.width;
  }

  /** Whether the section's rects are exact for the current width and metrics. */
  isLaidOut(index: number): boolean {
    const section = this.sections[index];
    return !!section?.rects && section.layoutGeneration === this.sizeGeneration;
  }

  /**
   * Hit-testing: the loaded item under (x, y) in layout space (x from the grid's left edge, y
   * absolute), or null over a header, a gap or a section whose files have not loaded.
   */
  itemAt(x: number, y: number): ItemPosition | null {
    const first = this.sectionIndexAt(y);
    if (first < 0) return null;
    const n = this.sections.length;
    for (let index = first; index < n && this.bandOf(index) === first; index++) {
      const left = this.sectionLeft(index);
      if (x < left || x >= left + this.sectionWidth(index)) continue;
      const rects = this.rectsOf(index);
      if (!rects) return null;
      const item = itemAtPoint(rects, x - left, y - this.sectionTop(index) - this.rowsOffset);
      return item < 0 ? null : { section: index, item };
    }
    return null;
  }

  /** Writes the layout-space rect of a laid-out item into `out`; false when there is none. */
  itemRect(
    index: number,
    item: number,
    out: { x: number; y: number; w: number; h: number },
  ): boolean {
    const rects = this.rectsOf(index);
    if (!rects || item < 0 || item * 4 >= rects.length) return false;
    out.x = this.sectionLeft(index) + rects[item * 4];
    out.y = this.sectionTop(index) + this.rowsOffset + rects[item * 4 + 1];
    out.w = rects[item * 4 + 2];
    out.h = rects[item * 4 + 3];
    return true;
  }

  /** Where the first row starts inside a section: below its header and header gap. */
  get rowsOffset(): number {
    return this.metrics.headerHeight + this.metrics.headerGap;
  }

  /**
   * The section at layout position y (binary search over the tops); in a band of packed
   * sections, the band's first.
   */
  sectionIndexAt(y: number): number {
    return this.places.indexAt(y);
  }

  /** The date of the content at layout position y: the file there when loaded, else the section's. */
  dateAt(y: number): { year: number; month: number; day: number | null } {
    const index = this.sectionIndexAt(y);
    const section = this.sections[index];
    if (!section) return { year: 0, month: 1, day: null };
    const { year, month } = section.descriptor;
    const item = this.itemIndexAtY(index, y);
    if (item >= 0 && section.files) {
      const date = new Date((section.files.times[item] ?? 0) * 1000);
      return { year, month, day: date.getUTCDate() };
    }
    return { year, month, day: null };
  }

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
      const isPlaceholder = section.rects === null;
      const rects = this.rectsOf(s) ?? this.placeholderFor(s);
      const left = this.sectionLeft(s);
      const count = rects.length / 4;
      for (let i = firstItemBelow(rects, top - rowsTop); i < count; i++) {
        const y = rowsTop + rects[i * 4 + 1];
        if (y >= bottom) break;
        const h = rects[i * 4 + 3];
        if (y + h <= top) continue;
        out.section = s;
        out.item = isPlaceholder ? -1 : i;
        out.slot = i;
        out.x = left + rects[i * 4];
        out.y = y;
        out.w = rects[i * 4 + 2]!;
        out.h = h;
        visit(out);
        visited++;
      }
    }
    return visited;
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

  /** Remembers a section's exact height at the current size (LayoutPipeline, once laid out). */
  rememberHeight(section: Section): void {
    if (section.rects && section.layoutGeneration === this.sizeGeneration) {
      this.memory.remember(section);
    }
  }

  /** Whether estimating a section's height is cheap at this size (SectionHeightMemory). */
  get estimatesReady(): boolean {
    return this.memory.estimatesReady;
  }

  /** Makes estimates at this size cheap, ahead of a list to estimate. */
  warmEstimates(): void {
    this.memory.warmEstimates();
  }

  /** A section of `descriptor` whose files have not loaded: its height is known or estimated. */
  unfetched(descriptor: SectionDescriptor): Section {
    return this.memory.unfetched(descriptor);
  }

  /** A laid-out section: files and their rects, exact for the size of `generation`. */
  laidOut(
    descriptor: SectionDescriptor,
    files: SectionFiles,
    layout: SectionLayout,
    generation: number,
  ): Section {
    return laidOutSection(descriptor, files, layout, generation);
  }

  /** A new list of sections: every position is computed anew. */
  setSections(sections: Section[]): void {
    this.list = sections;
    this.packingStale = true;
    this.byKey.clear();
    for (let i = 0; i < sections.length; i++) this.byKey.set(sections[i].descriptor.key, i);
    this.sizesVersion++;
    this.recomputeTops();
  }

  /** One section changed (its height, maybe its files): the sections after it move. */
  replaceSection(index: number, section: Section): void {
    const old = this.list[index];
    if (!old) return;
    this.list[index] = section;
    if (old.files !== section.files || old.count !== section.count) this.sizesVersion++;
    if (old.count !== section.count) this.packingStale = true;
    this.recomputeTops(index);
  }

  /**
   * A new width or metrics (breakpoint, zoom): sections without files are estimated anew, laid
   * out ones keep their old height until their new layout lands. False when nothing changed.
   */
  setSize(width: number, metrics: GridMetrics): boolean {
    width = Math.max(1, width);
    if (width === this.width && metrics === this.metrics) return false;
    this.width = width;
    this.metrics = metrics;
    this.sizeGeneration++;
    this.memory.resize(width, metrics);
    this.packingStale = true;
    for (const section of this.list) {
      if (!section.files) {
        section.rowsHeight = this.memory.knownOrEstimated(section.descriptor.key, section.count);
      }
    }
    this.recomputeTops();
    return true;
  }

  private recomputeTops(from = 0): void {
    this.places.recompute(this.list, this.width, this.metrics, from, this.packingStale);
    this.packingStale = false;
  }

  /** A packed section's one row, and the grey grid of a section not loaded: made once a size. */
  private readonly packedRects = new RectCache();
  private readonly placeholders = new RectCache();

  private placeholderFor(index: number): Float32Array {
    const section = this.sections[index];
    const box = this.sectionWidth(index);
    return this.placeholders.get(section, this.sizeGeneration, box, () =>
      placeholderRects(section.count, box, this.rowsHeightIn(index, section), this.metrics),
    );
  }

  private itemIndexAtY(sectionIndex: number, y: number): number {
    const rects = this.rectsOf(sectionIndex);
    if (!rects) return -1;
    const local = y - this.sectionTop(sectionIndex) - this.rowsOffset;
    const index = firstItemBelow(rects, local);
    return index < rects.length / 4 ? index : -1;
  }
}

const scratchItem: VisibleItem = { section: 0, item: 0, slot: 0, x: 0, y: 0, w: 0, h: 0 };
