import type { GridMetrics } from '../types';
import { packSections, type Packing } from './packing';
import type { Section } from './section';

/**
 * Where each section of a grid is: float64 tops (sections packed side by side in a band share
 * theirs), heights, boxes and rows before it. SectionGrid owns one and recomputes it after
 * every change of its list, a section or the size; positions stay float64 (a 2,000,000-file
 * library is 60+ million px tall and float32 would lose pixels).
 */
export class SectionPlaces {
  private tops = new Float64Array(1);
  /** Each section's height in the grid: its band's (header, rows, gap). */
  private heights = new Float64Array(0);
  /** Rows before each section (exact where laid out, estimated elsewhere), for aria-rowindex. */
  private rowTops = new Float64Array(1);
  private packing: Packing = packSections([], 1, { groupGap: 0 } as GridMetrics);
  private count = 0;

  top(index: number): number {
    return this.tops[index] ?? 0;
  }

  /** The section's height in the grid, gap included: a packed section's is its band's. */
  height(index: number): number {
    return this.heights[index] ?? 0;
  }

  /** Left edge of the section's box within the grid: 0 unless it shares a band. */
  left(index: number): number {
    return this.packing.lefts[index] ?? 0;
  }

  /** Width of the section's box: the grid's unless it shares a band; NaN when out of range. */
  width(index: number): number {
    return this.packing.widths[index] ?? Number.NaN;
  }

  /** The first section of the band the section is in (itself when it is alone). */
  bandOf(index: number): number {
    return this.packing.bandFirst[index] ?? index;
  }

  isPacked(index: number): boolean {
    return this.packing.packed[index] === 1;
  }

  rowsBefore(index: number): number {
    return this.rowTops[index] ?? 0;
  }

  totalHeight(): number {
    return this.tops[this.count] ?? 0;
  }

  totalRows(): number {
    return this.rowTops[this.count] ?? 0;
  }

  /** The section at layout position y (binary search over the tops); in a band, its first. */
  indexAt(y: number): number {
    const n = this.count;
    if (n === 0) return -1;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.tops[mid] ?? 0) <= y) lo = mid;
      else hi = mid - 1;
    }
    return this.bandOf(lo);
  }

  /**
   * Tops, heights and row counts from section `from` on, band by band: a band of packed
   * sections is one row at the target height (packing.ts), a section alone its own rows.
   * `repack` (counts or the size changed) makes the packing again, and everything with it.
   */
  recompute(
    sections: readonly Section[],
    width: number,
    metrics: GridMetrics,
    from: number,
    repack: boolean,
  ): void {
    const n = sections.length;
    if (repack || n !== this.count) {
      this.tops = new Float64Array(n + 1);
      this.rowTops = new Float64Array(n + 1);
      this.heights = new Float64Array(n);
      this.packing = packSections(
        sections.map((section) => section.count),
        width,
        metrics,
      );
      this.count = n;
      from = 0;
    }
    const { headerHeight, headerGap, groupGap, targetRowHeight, spacing } = metrics;
    let i = this.bandOf(Math.min(from, n));
    while (i < n) {
      let end = i + 1;
      while (end < n && this.bandOf(end) === i) end++;
      const section = sections[i];
      const packed = this.isPacked(i);
      const rowsHeight = packed ? targetRowHeight : section.rowsHeight;
      const rows = packed
        ? 1
        : section.rects
          ? section.rowCount
          : section.count > 0
            ? Math.max(1, Math.round((section.rowsHeight + spacing) / (targetRowHeight + spacing)))
            : 0;
      const height = headerHeight + headerGap + rowsHeight + (end === n ? 0 : groupGap);
      for (let k = i; k < end; k++) {
        this.tops[k] = this.tops[i];
        this.rowTops[k] = this.rowTops[i];
        this.heights[k] = height;
      }
      this.tops[end] = this.tops[i] + height;
      this.rowTops[end] = this.rowTops[i] + rows;
      i = end;
    }
  }
}
