import type { SectionLayout } from '../types';

/*
 * Justified rows. This file is pure and imports nothing but types: the layout worker bundles it
 * alone, and the estimate (estimate.ts) mirrors its rules through the helpers below.
 */

/** A non-last row whose fill height would pass this multiple of the target keeps this height. */
export const MAX_ROW_STRETCH = 1.5;

/** A panorama row is never lower than this multiple of the target; the renderer crops it. */
export const MIN_PANORAMA_HEIGHT = 0.35;

/** An item wider than the whole row at the target height gets a row of its own. */
export function isPanorama(aspect: number, width: number, targetRowHeight: number): boolean {
  return aspect * targetRowHeight > width;
}

/** Height of a panorama's own row: the full width, down to MIN_PANORAMA_HEIGHT x target. */
export function panoramaRowHeight(aspect: number, width: number, targetRowHeight: number): number {
  return Math.max(width / aspect, MIN_PANORAMA_HEIGHT * targetRowHeight);
}

/**
 * Height of a row that is not the section's last: the height at which `count` items whose aspects
 * add up to `aspectSum` fill `width`, capped at MAX_ROW_STRETCH x target.
 */
export function fullRowHeight(
  aspectSum: number,
  count: number,
  width: number,
  targetRowHeight: number,
  spacing: number,
): number {
  return Math.min((width - spacing * (count - 1)) / aspectSum, MAX_ROW_STRETCH * targetRowHeight);
}

/**
 * Lays out one section: rects (x, y, w, h per item, CSS pixels, relative to the top-left of the
 * first row) in `out` when it holds at least 4 floats an item, else in a new array. The returned
 * `rects` always has exactly 4 floats an item (a view of `out` when `out` is longer).
 *
 * Rules, in order, per row:
 * - an item whose width at the target height exceeds `width` (a panorama) has a row of its own,
 *   full width, height `width / aspect` but at least MIN_PANORAMA_HEIGHT x target;
 * - otherwise items join the row while the row at the target height is no wider than `width`, up
 *   to `rowCap` items; the row is then scaled to fill `width` exactly (so it is at least the
 *   target height), but no higher than MAX_ROW_STRETCH x target (then it stays left-aligned);
 * - the section's last row keeps the target height, left-aligned, unless it already fills.
 * Row heights and item edges are whole pixels (given a whole `width` and `spacing`) so nothing
 * blurs and no sub-pixel gap accumulates; the last item of a filled row ends exactly at `width`.
 * Aspects that are not positive numbers count as 1.
 */
export function layoutSection(
  aspects: Float32Array,
  width: number,
  targetRowHeight: number,
  spacing: number,
  rowCap: number,
  out?: Float32Array,
): SectionLayout {
  const n = aspects.length;
  const size = n * 4;
  let rects: Float32Array;
  if (out === undefined || out.length < size) rects = new Float32Array(size);
  else rects = out.length === size ? out : out.subarray(0, size);
  const cap = rowCap >= 1 ? Math.floor(rowCap) : 1;
  let rowsHeight = layoutRows(aspects, width, targetRowHeight, spacing, cap, rects);
  if (rowsHeight < 0) {
    // Rare: an aspect was 0, negative or NaN. Lay out a cleaned copy rather than check every
    // aspect twice on the hot path.
    const clean = aspects.map((a) => (a > 0 ? a : 1));
    rowsHeight = layoutRows(clean, width, targetRowHeight, spacing, cap, rects);
  }
  return { rects, rowsHeight, rowCount: rowsLaidOut };
}

/**
 * The row count of the last layoutRows call: a second result without an object per call. Safe
 * because layoutRows is synchronous and never re-entered.
 */
let rowsLaidOut = 0;

/**
 * The hot loop: rowsHeight, or -1 as soon as an aspect is not a positive number (every aspect is
 * read first by the greedy pass, so the placing pass needs no check). Runs per item are a few
 * float operations and four stores; rounding is Math.floor(v + 0.5), which equals Math.round for
 * the positive values here and is several times faster in V8, where Math.round is not inlined.
 */
function layoutRows(
  aspects: Float32Array,
  width: number,
  target: number,
  spacing: number,
  cap: number,
  rects: Float32Array,
): number {
  const n = aspects.length;
  const maxHeight = MAX_ROW_STRETCH * target;
  const minPanoramaHeight = Math.floor(MIN_PANORAMA_HEIGHT * target + 0.5);
  // The row at the target height fits while the sum of its aspects stays within `bound`, which
  // shrinks by one spacing (in aspect units) per item already in the row.
  const widthInAspects = width / target;
  const spacingInAspects = spacing / target;
  let y = 0;
  let rows = 0;
  let start = 0;

  while (start < n) {
    const first = aspects[start];
    if (!(first > 0)) return -1;
    rows++;

    if (first > widthInAspects) {
      const h = Math.max(Math.floor(width / first + 0.5), minPanoramaHeight);
      const o = start * 4;
      rects[o] = 0;
      rects[o + 1] = y;
      rects[o + 2] = width;
      rects[o + 3] = h;
      y += h + spacing;
      start++;
      continue;
    }

    // Greedy: the next item joins while the row at the target height stays within the width.
    // A panorama never joins, since it alone is wider than the row.
    let sum = first;
    let bound = widthInAspects;
    let end = start + 1;
    const limit = start + cap < n ? start + cap : n;
    while (end < limit) {
      const a = aspects[end];
      if (!(a > 0)) return -1;
      const grown = sum + a;
      bound -= spacingInAspects;
      if (grown > bound) break;
      sum = grown;
      end++;
    }

    const last = end - 1;
    const fillHeight = (width - spacing * (last - start)) / sum;
    const ceiling = end === n ? target : maxHeight;
    const fills = fillHeight <= ceiling;
    const h = fills ? fillHeight : ceiling;
    // Row constants as float32 (exact: whole pixels): stored per item without a conversion each.
    const rowHeight = Math.fround(Math.floor(h + 0.5));
    const top = Math.fround(y);

    // Edges are rounded from the exact running position (`exact` carries the + 0.5), so rounding
    // never accumulates along the row; with a whole spacing every gap is exactly `spacing`.
    let exact = 0.5;
    let x = 0;
    let o = start * 4;
    for (let i = start; i < last; i++, o += 4) {
      exact += aspects[i] * h;
      const edge = Math.floor(exact);
      rects[o] = x;
      rects[o + 1] = top;
      rects[o + 2] = edge - x;
      rects[o + 3] = rowHeight;
      exact += spacing;
      x = edge + spacing;
    }
    // The last item of a filled row ends exactly at the width; any other never passes it.
    const edge = fills ? width : Math.min(Math.floor(exact + aspects[last] * h), width);
    rects[o] = x;
    rects[o + 1] = top;
    rects[o + 2] = edge - x;
    rects[o + 3] = rowHeight;
    y += rowHeight + spacing;
    start = end;
  }
  rowsLaidOut = rows;
  return n > 0 ? y - spacing : 0;
}
