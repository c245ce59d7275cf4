import { estimateRowsHeight, hasEstimateModel } from '../layout/estimate';
import { layoutSection } from '../layout/justified';
import type { GridMetrics, SectionDescriptor, SectionLayout } from '../types';
import { countOf, type Section } from './section';
import { widthClassOf, type SectionFiles, type SectionHeights } from './TimelineSource';

/**
 * A section's height before its layout lands: the exact one the source remembers for this size
 * (SectionHeights, kept from earlier layouts and visits), else an estimate; and the Section
 * records SectionGrid lists, made with it. SectionGrid owns one and tells it every new size.
 */
export class SectionHeightMemory {
  /** Exact heights known from earlier layouts (the source's); unset, sections are estimated. */
  heights: SectionHeights | null = null;
  private widthClass = '';

  constructor(
    private width: number,
    private metrics: GridMetrics,
  ) {}

  /** The grid's new width or metrics. */
  resize(width: number, metrics: GridMetrics): void {
    this.width = width;
    this.metrics = metrics;
    this.widthClass = '';
  }

  /** The expected height of `count` items' rows before their layout is known. */
  estimate(count: number): number {
    if (this.metrics.squareTiles) {
      // Equal squares: the layout itself is cheap and exact (albums are small).
      const m = this.metrics;
      return layoutSection(
        new Float32Array(count).fill(1),
        this.width,
        m.targetRowHeight,
        m.spacing,
        m.rowCap,
      ).rowsHeight;
    }
    return estimateRowsHeight(count, this.width, this.metrics);
  }

  /** Whether an estimate for this size is cheap now (its model built; squares need none). */
  get estimatesReady(): boolean {
    return this.metrics.squareTiles === true || hasEstimateModel(this.width, this.metrics);
  }

  /** Makes estimates for this size cheap (builds the model: see estimatesReady). */
  warmEstimates(): void {
    this.estimate(1);
  }

  /** The exact height remembered for this size, else the estimate. */
  knownOrEstimated(key: string, count: number): number {
    return this.heights?.get(key, count, this.currentWidthClass()) ?? this.estimate(count);
  }

  /** Remembers a laid-out section's exact height, for the current size. */
  remember(section: Section): void {
    // By the listed counts (what an unfetched section knows), not the files shown.
    this.heights?.set(
      section.descriptor.key,
      countOf(section.descriptor),
      this.currentWidthClass(),
      section.rowsHeight,
    );
  }

  /** A section of `descriptor` whose files have not loaded: its height is known or estimated. */
  unfetched(descriptor: SectionDescriptor): Section {
    const count = countOf(descriptor);
    return {
      descriptor,
      count,
      status: 'UNFETCHED',
      files: null,
      rects: null,
      rowsHeight: this.knownOrEstimated(descriptor.key, count),
      rowCount: 0,
      layoutGeneration: -1,
    };
  }

  private currentWidthClass(): string {
    this.widthClass ||= widthClassOf(this.width, this.metrics);
    return this.widthClass;
  }
}

/** A laid-out section: files and their rects, exact for the size of `generation`. */
export function laidOutSection(
  descriptor: SectionDescriptor,
  files: SectionFiles,
  layout: SectionLayout,
  generation: number,
): Section {
  return {
    descriptor,
    count: files.ids.length,
    status: 'FETCHED',
    files,
    rects: layout.rects,
    rowsHeight: layout.rowsHeight,
    rowCount: layout.rowCount,
    layoutGeneration: generation,
  };
}
