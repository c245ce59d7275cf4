import type { GridMetrics } from '../types';

/** Aspect ratio of the grey tiles drawn for a section whose files have not loaded yet. */
const PLACEHOLDER_ASPECT = 4 / 3;

/**
 * A regular grid of `count` tiles filling `rowsHeight`: what a section shows while its height is
 * still an estimate (and while fast-scrolling). It fills exactly the estimated space, so nothing
 * moves until the real layout replaces it.
 */
export function placeholderRects(
  count: number,
  width: number,
  rowsHeight: number,
  metrics: GridMetrics,
): Float32Array {
  const rects = new Float32Array(count * 4);
  if (count === 0) return rects;
  const { spacing, rowCap, targetRowHeight } = metrics;
  const perRow = Math.max(
    1,
    Math.min(
      rowCap,
      count,
      Math.floor((width + spacing) / (targetRowHeight * PLACEHOLDER_ASPECT + spacing)),
    ),
  );
  const rows = Math.ceil(count / perRow);
  const tileW = (width - (perRow - 1) * spacing) / perRow;
  const rowH = Math.max(1, (rowsHeight - (rows - 1) * spacing) / rows);
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / perRow);
    const col = i - row * perRow;
    rects[i * 4] = col * (tileW + spacing);
    rects[i * 4 + 1] = row * (rowH + spacing);
    rects[i * 4 + 2] = tileW;
    rects[i * 4 + 3] = rowH;
  }
  return rects;
}
