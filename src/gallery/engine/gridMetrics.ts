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
