import type { SectionLayout } from '../types';

/*
 * Justified rows. This file is pure and imports nothing but types: the layout worker bundles it
 * alone, and the estimate (estimate.ts) mirrors its rules through the helpers below.
 */

/**
 * Display aspect bounds (issue 20): an image taller than 1:2 or wider than 4:1 is shown at the
 * bound, its centre cropped by the renderer (the viewer shows it whole). A 1:20 scan no longer
 * becomes a 10-px sliver; a 4:1 panorama stays whole and readable.
 */
export const MIN_DISPLAY_ASPECT = 0.5;
export const MAX_DISPLAY_ASPECT = 4;

/** The aspect a tile is laid out with: the image's, within the display bounds. */
export function displayAspect(aspect: number): number {
  if (!(aspect > 0)) return 1;
  return Math.min(MAX_DISPLAY_ASPECT, Math.max(MIN_DISPLAY_ASPECT, aspect));
}

/** The aspects a section lays out with: a new array (a worker may take ownership of it). */
export function displayAspects(aspects: Float32Array, square = false): Float32Array {
  const out = new Float32Array(aspects.length);
  if (square) return out.fill(1);
  for (let i = 0; i < aspects.length; i++) out[i] = displayAspect(aspects[i]);
  return out;
}

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

/** Height at which `count` items whose aspects add up to `aspectSum` fill `width` exactly. */
export function fillHeight(
  aspectSum: number,
  count: number,
  width: number,
  spacing: number,
): number {
  return (width - spacing * (count - 1)) / aspectSum;
}

/**
 * Height of a row that is not the section's last and that ends where the target height stopped
 * it: its fill height, capped at MAX_ROW_STRETCH x target.
 */
export function fullRowHeight(
  aspectSum: number,
  count: number,
  width: number,
  targetRowHeight: number,
  spacing: number,
): number {
  return Math.min(fillHeight(aspectSum, count, width, spacing), MAX_ROW_STRETCH * targetRowHeight);
}

/**
 * Whether a row ending below the target (at `lower`, taking the item that did not fit at the
 * target height) is strictly closer to the target than ending before that item (at `higher`,
 * from fullRowHeight): |lower - target| < |higher - target|, with lower < target <= higher.
 */
export function lowerIsCloser(lower: number, higher: number, targetRowHeight: number): boolean {
  return lower + higher > 2 * targetRowHeight;
}

/**
 * Whether a row of `count` items whose aspects add up to `aspectSum`, which the next item (aspect
 * `nextAspect`) does not fit at the target height, takes that item all the same and ends below the
 * target (lowerIsCloser). A panorama never joins a row. The caller checks the row cap (a row at
 * the cap takes nothing).
 */
export function takesNextItem(
  aspectSum: number,
  count: number,
  nextAspect: number,
  width: number,
  targetRowHeight: number,
  spacing: number,
): boolean {
  if (isPanorama(nextAspect, width, targetRowHeight)) return false;
  const higher = fullRowHeight(aspectSum, count, width, targetRowHeight, spacing);
  const lower = fillHeight(aspectSum + nextAspect, count + 1, width, spacing);
  return lowerIsCloser(lower, higher, targetRowHeight);
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
 *   to `rowCap` items. The row then ends there (scaled up to fill `width`: at least the target
 *   height) or, when the next item is not a panorama and the cap allows, after that item (scaled
 *   down to fill: below the target), whichever height is closer to the target (takesNextItem);
 *   ties keep the higher row. A row never passes MAX_ROW_STRETCH x target (then it stays
 *   left-aligned), so rows other than panoramas lie between 0.5x and 1.5x the target;
 * - the section's last row keeps the target height, left-aligned, unless it already fills (it
 *   is never stretched above the target; it may be a row that took its next item, below it).
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
    const clean = new Float32Array(n);
    for (let i = 0; i < n; i++) clean[i] = aspects[i] > 0 ? aspects[i] : 1;
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
 * read first by the row scan, so the placing pass needs no check). Per item: a few float
 * operations and four stores.
 *
 * Written for V8's optimizing compiler (bench/layout.bench.ts measures it):
 * - every number stays a double. Rounding is `v + ROUNDER - ROUNDER`, ROUNDER = 1.5 x 2^52: two
 *   float additions round any |v| < 2^51 to the nearest whole number (ties to even). Math.floor or
 *   Math.round would make V8 keep edges as int32, converting each to int and back, with a check;
 * - ROUNDER is a local: a module-level constant is reloaded from the module context and checked
 *   at every use;
 * - the numeric parameters are copied through `* 1`: a value merged with a raw parameter (the row
 *   height is the fill height or the ceiling, an edge is computed or the width) is kept tagged,
 *   and V8 then boxes the computed double into a new heap number per row;
 * - the choice between ending before or after the next item is arithmetic, not a branch: it goes
 *   either way about half the time, so a branch would mispredict once a row in two;
 * - along a row, edges are rounded from the exact running position (one addition a step on the
 *   dependency chain), so rounding never accumulates and every gap is exactly `spacing`.
 */
function layoutRows(
  aspects: Float32Array,
  widthPx: number,
  targetPx: number,
  spacingPx: number,
  cap: number,
  rects: Float32Array,
): number {
  const ROUNDER = 6755399441055744;
  const width = widthPx * 1;
  const target = targetPx * 1;
  const spacing = spacingPx * 1;
  const n = aspects.length | 0;
  const rowCap = cap | 0;
  const maxHeight = MAX_ROW_STRETCH * target;
  const minPanoramaHeight = MIN_PANORAMA_HEIGHT * target + ROUNDER - ROUNDER;
  // The row at the target height fits while the sum of its aspects stays within `bound`, which
  // shrinks by one spacing (in aspect units) per item already in the row.
  const widthInAspects = width / target;
  const spacingInAspects = spacing / target;
  const twoTargets = 2 * target;
  let y = 0.5 - 0.5; // a double from the start (a literal 0 would start as a small integer)
  let rows = 0;
  let start = 0;

  while (start < n) {
    const first = aspects[start];
    if (!(first > 0)) return -1;
    rows++;

    if (first > widthInAspects) {
      const h = Math.max(width / first + ROUNDER - ROUNDER, minPanoramaHeight);
      const o = start * 4;
      rects[o] = 0;
      rects[o + 1] = y;
      rects[o + 2] = width;
      rects[o + 3] = h;
      y += h + spacing;
      start++;
      continue;
    }

    // Scan: the next item joins while the row at the target height stays within the width.
    let sum = first;
    let bound = widthInAspects;
    let end = start + 1;
    const limit = n - start > rowCap ? start + rowCap : n;
    let fill = 0.5 - 0.5;
    for (;;) {
      if (end === limit) {
        fill = (width - spacing * (end - 1 - start)) / sum;
        break;
      }
      const a = aspects[end];
      if (!(a > 0)) return -1;
      const grown = sum + a;
      bound -= spacingInAspects;
      if (grown > bound) {
        // Item `end` does not fit at the target height: end the row before it (higher than the
        // target) or after it (lower), whichever is closer (takesNextItem, as arithmetic).
        const count = end - start;
        const higher = (width - spacing * (count - 1)) / sum;
        const lower = (width - spacing * count) / grown;
        const closer = lower + Math.min(higher, maxHeight) > twoTargets;
        const take = a > widthInAspects ? 0 : +closer;
        fill = higher + take * (lower - higher);
        end += take;
        break;
      }
      sum = grown;
      end++;
    }

    const last = end - 1;
    const ceiling = end === n ? target : maxHeight;
    const fills = fill <= ceiling;
    const h = Math.min(fill, ceiling);
    // Row constants as float32 (exact: whole pixels): stored per item without a conversion each.
    const rowHeight = Math.fround(h + ROUNDER - ROUNDER);
    const top = Math.fround(y);

    // `left` is the exact left edge of item i; its right edge rounds from left + aspect * h.
    let left = 0.5 - 0.5;
    let x = 0.5 - 0.5;
    let o = start * 4;
    for (let i = start; i < last; i++, o += 4) {
      const w = aspects[i] * h;
      const edge = left + w + ROUNDER - ROUNDER;
      left += w + spacing;
      rects[o] = x;
      rects[o + 1] = top;
      rects[o + 2] = edge - x;
      rects[o + 3] = rowHeight;
      x = edge + spacing;
    }
    // The last item of a filled row ends exactly at the width; any other never passes it.
    const edge = fills ? width : Math.min(left + aspects[last] * h + ROUNDER - ROUNDER, width);
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
