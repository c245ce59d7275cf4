import type { SectionDescriptor, SectionFetchStatus } from '../types';
import type { SectionFiles } from './TimelineSource';

export interface Section {
  readonly descriptor: SectionDescriptor;
  readonly count: number;
  status: SectionFetchStatus;
  files: SectionFiles | null;
  /** Exact rects once laid out; null while the height is an estimate. */
  rects: Float32Array | null;
  rowsHeight: number;
  /** Rows of the exact layout, or of the estimate. */
  rowCount: number;
  /** The generation (width and metrics) the rects were laid out for; -1 before any layout. */
  layoutGeneration: number;
}

export interface VisibleItem {
  section: number;
  /** Index within the section; -1 for a placeholder tile of an unfetched section. */
  item: number;
  /** Index of the tile within the section's rects, placeholders included. */
  slot: number;
  x: number;
  /** Absolute layout-space y (float64). */
  y: number;
  w: number;
  h: number;
}

export function countOf(descriptor: SectionDescriptor): number {
  const { pictures, videos, screenshots } = descriptor.counts;
  return pictures + videos + screenshots;
}

/**
 * Rects made for a section at one size and box width (a packed row, a placeholder grid), kept
 * until either changes: a frame asks every time and allocates nothing.
 */
export class RectCache {
  private readonly entries = new WeakMap<
    Section,
    { generation: number; box: number; rects: Float32Array }
  >();

  get(section: Section, generation: number, box: number, make: () => Float32Array): Float32Array {
    const cached = this.entries.get(section);
    if (cached && cached.generation === generation && cached.box === box) return cached.rects;
    const rects = make();
    this.entries.set(section, { generation, box, rects });
    return rects;
  }
}
