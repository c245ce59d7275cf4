/**
 * Small sections for timeline and scroll-anchor tests: months of pictures, files with ids, and a
 * one-column layout (rows of 100 px, 2 px apart) that is easy to reason about. Not imported by
 * app code.
 */
import type { SectionDescriptor, SectionLayout } from '../types';
import type { SectionFiles } from './TimelineSource';

/** A month of 2024 with `count` pictures, keyed "2024-<month>". */
export function monthOf(month: number, count: number): SectionDescriptor {
  return {
    key: `2024-${month}`,
    year: 2024,
    month,
    startDay: 1,
    endDay: 31,
    counts: { pictures: count, videos: 0, screenshots: 0 },
  };
}

/** Square pictures with these ids. */
export function filesWithIds(ids: readonly string[]): SectionFiles {
  const n = ids.length;
  return {
    ids,
    aspects: new Float32Array(n).fill(1),
    times: new Float64Array(n),
    kinds: new Uint8Array(n),
    durations: new Float32Array(n),
  };
}

/** One item a row, rows of 100 px with 2 px between. */
export function columnLayout(n: number): SectionLayout {
  const rects = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) rects.set([0, i * 102, 100, 100], i * 4);
  return { rects, rowsHeight: n ? n * 102 - 2 : 0, rowCount: n };
}
