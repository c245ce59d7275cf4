import { TIMELINE_CELLS } from '../../domain/constants';
import type { Breakpoint } from '../../state/viewport';
import { DESKTOP_METRICS, MOBILE_METRICS, squareMetrics, type GridMetrics } from '../../gallery';

/** SPEC §9: mobile cells below the 600 px breakpoint, desktop cells above. */
export function metricsFor(breakpoint: Breakpoint): GridMetrics {
  return breakpoint === 'mobile' ? MOBILE_METRICS : DESKTOP_METRICS;
}

const DESKTOP_SQUARE = squareMetrics(DESKTOP_METRICS, TIMELINE_CELLS.desktop);
const MOBILE_SQUARE = squareMetrics(MOBILE_METRICS, TIMELINE_CELLS.mobile);

/** The same for square tiles: the SPEC §9 tile size, desktop 228 / mobile 176. */
export function squareMetricsFor(breakpoint: Breakpoint): GridMetrics {
  return breakpoint === 'mobile' ? MOBILE_SQUARE : DESKTOP_SQUARE;
}

/**
 * Room beside the grid. The right inset holds the fast scroller; on phones it is 70 px or less,
 * so the scroller collapses to a thin thumb (SPEC §9).
 */
export function insetsFor(breakpoint: Breakpoint): { left: number; right: number } {
  switch (breakpoint) {
    case 'mobile':
      return MOBILE_INSETS;
    case 'tabletPortrait':
      return TABLET_INSETS;
    default:
      return DESKTOP_INSETS;
  }
}

const MOBILE_INSETS = Object.freeze({ left: 4, right: 4 });
const TABLET_INSETS = Object.freeze({ left: 16, right: 72 });
const DESKTOP_INSETS = Object.freeze({ left: 24, right: 88 });
