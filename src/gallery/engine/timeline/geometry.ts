/**
 * Queries over one section's rects (x, y, w, h per item, rows in order, y non-decreasing, as
 * layoutSection and placeholderRects make them). Pure: hit-testing, rows and neighbours for
 * the pointer, the keyboard and the accessible grid.
 */

/** First index whose row bottom is below y (binary search). */
export function firstItemBelow(rects: Float32Array, y: number): number {
  const count = rects.length >> 2;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rects[mid * 4 + 1] + rects[mid * 4 + 3] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The item whose rect holds (x, y) (section-local: rows start at y 0), or -1 in a gap. */
export function itemAtPoint(rects: Float32Array, x: number, y: number): number {
  const count = rects.length >> 2;
  const first = firstItemBelow(rects, y);
  if (first >= count) return -1;
  const rowY = rects[first * 4 + 1];
  if (y < rowY) return -1;
  for (let i = first; i < count && rects[i * 4 + 1] === rowY; i++) {
    const left = rects[i * 4];
    if (x >= left && x < left + rects[i * 4 + 2]) return i;
  }
  return -1;
}

const rowStartCache = new WeakMap<Float32Array, Int32Array>();

/**
 * The first item of every row, plus the item count at the end. Computed once per rects array
 * (layouts are immutable), so asking every frame costs a lookup.
 */
export function rowStarts(rects: Float32Array): Int32Array {
  const cached = rowStartCache.get(rects);
  if (cached) return cached;
  const count = rects.length >> 2;
  let rows = 0;
  for (let i = 0; i < count; i++) if (i === 0 || rects[i * 4 + 1] !== rects[i * 4 - 3]) rows++;
  const starts = new Int32Array(rows + 1);
  let row = 0;
  for (let i = 0; i < count; i++) {
    if (i === 0 || rects[i * 4 + 1] !== rects[i * 4 - 3]) starts[row++] = i;
  }
  starts[rows] = count;
  rowStartCache.set(rects, starts);
  return starts;
}

export function rowCountOf(rects: Float32Array): number {
  return rowStarts(rects).length - 1;
}

/** The row holding `item` (binary search over the row starts). */
export function rowOf(rects: Float32Array, item: number): number {
  const starts = rowStarts(rects);
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= item) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The item of `row` whose horizontal centre is nearest `centreX`; -1 when there is no row. */
export function nearestInRow(rects: Float32Array, row: number, centreX: number): number {
  const starts = rowStarts(rects);
  if (row < 0 || row >= starts.length - 1) return -1;
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = starts[row]; i < starts[row + 1]; i++) {
    const distance = Math.abs(rects[i * 4] + rects[i * 4 + 2] / 2 - centreX);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return best;
}
