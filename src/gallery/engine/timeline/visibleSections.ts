import type { SectionGrid } from './SectionGrid';

export interface VisibleSection {
  index: number;
  /** Camera-relative top of the section (its header), CSS pixels. */
  y: number;
  /** Left edge of the section's box within the grid (packed sections share a band). */
  x: number;
}

/**
 * Fills `out` with the sections intersecting the viewport [top, top + height): what the DOM
 * month headers show. Entries come from `pool`, so a frame allocates nothing.
 */
export function collectVisibleSections(
  grid: Pick<SectionGrid, 'sectionCount' | 'sectionIndexAt' | 'sectionTop' | 'sectionLeft'>,
  top: number,
  height: number,
  out: VisibleSection[],
  pool: VisibleSection[],
): void {
  out.length = 0;
  const n = grid.sectionCount;
  if (n === 0) return;
  for (let i = grid.sectionIndexAt(top); i < n; i++) {
    const y = grid.sectionTop(i) - top;
    if (y >= height) break;
    const entry = (pool[out.length] ??= { index: 0, y: 0, x: 0 });
    entry.index = i;
    entry.y = y;
    entry.x = grid.sectionLeft(i);
    out.push(entry);
  }
}
