import { TIMELINE_CELLS } from '../../domain/constants';
import type { GridMetrics } from './types';

type TimelineCells = (typeof TIMELINE_CELLS)['desktop' | 'mobile'];

/**
 * The engine's metrics for one breakpoint, built from the SPEC §9 "Timeline cells" constants
 * that `domain/constants.test.ts` pins: the grid reads those values, never a copy of them.
 */
export function metricsFromCells(cells: TimelineCells): GridMetrics {
  return Object.freeze({
    targetRowHeight: cells.rowHeight,
    spacing: cells.spacing,
    headerHeight: cells.header,
    headerGap: cells.headerGap,
    groupGap: cells.groupGap,
    rowCap: TIMELINE_CELLS.rowCap,
  });
}

export const DESKTOP_METRICS: GridMetrics = metricsFromCells(TIMELINE_CELLS.desktop);
export const MOBILE_METRICS: GridMetrics = metricsFromCells(TIMELINE_CELLS.mobile);

/**
 * A grid of square tiles (an album's "grid" view, SPEC §2 view mode grid or flow): the SPEC §9
 * "Timeline cells" tile size, desktop 228 / mobile 176, as the size its rows aim for; the justified
 * ("flow") rows keep the 180 / 176 row height.
 */
export function squareMetrics(metrics: GridMetrics, cells: TimelineCells): GridMetrics {
  return Object.freeze({ ...metrics, targetRowHeight: cells.tile, squareTiles: true });
}

/**
 * The widest grid the SPEC §9 cells fill: 8 tiles a row (the row cap) of a 4:3 image at the
 * 180-px target row height. Past it (a 4K monitor, a TV at device pixel ratio 1) rows would end
 * ragged, so the cells grow with the width instead (issue 20): a 3,840-px grid gets 360-px rows,
 * the same tiles per row as a 1,920-px one. Chosen over capping and centring the grid because a
 * TV is watched from afar: bigger photos, not wide empty margins.
 */
export const WIDEST_FILLED_GRID_PX = Math.round(
  TIMELINE_CELLS.rowCap * (4 / 3) * TIMELINE_CELLS.desktop.rowHeight,
);

/**
 * The metrics for a grid this wide: the same below WIDEST_FILLED_GRID_PX, grown above it. The
 * month header grows with the rows: its text grows with the TV's root font size (app.css), and at
 * 3,840 px its 44-px label was cut in the SPEC's 30-px header.
 */
export function metricsForWidth(metrics: GridMetrics, gridWidth: number): GridMetrics {
  if (gridWidth <= WIDEST_FILLED_GRID_PX) return metrics;
  const grow = (px: number) => Math.round((px * gridWidth) / WIDEST_FILLED_GRID_PX);
  return {
    ...metrics,
    targetRowHeight: grow(metrics.targetRowHeight),
    headerHeight: grow(metrics.headerHeight),
  };
}
