import { metricsForWidth } from './gridMetrics';
import type { GridMetrics } from './types';

/**
 * Where the engine draws: the canvas's size and device pixel ratio, and the grid inside it
 * (the left and right insets; the right one holds the fast scroller). Before the first `set`
 * it is not sized, and no frame is drawn: nothing is laid out or loaded for a 1-px grid.
 */
export class EngineViewport {
  width = 1;
  height = 1;
  dpr = 1;
  sized = false;
  insetLeft = 0;
  insetRight = 0;
  private wide: { base: GridMetrics; metrics: GridMetrics } | null = null;

  set(width: number, height: number, dpr: number, insets: { left: number; right: number }): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.sized = true;
    this.dpr = dpr;
    this.insetLeft = insets.left;
    this.insetRight = insets.right;
  }

  /** Width of the rows. */
  get gridWidth(): number {
    return Math.max(1, this.width - this.insetLeft - this.insetRight);
  }

  /** The page's metrics grown for a very wide grid (gridMetrics.metricsForWidth), kept stable. */
  widened(metrics: GridMetrics): GridMetrics {
    const grown = metricsForWidth(metrics, this.gridWidth);
    if (grown === metrics) return metrics;
    const wide = this.wide;
    if (
      wide &&
      wide.base === metrics &&
      wide.metrics.targetRowHeight === grown.targetRowHeight &&
      wide.metrics.headerHeight === grown.headerHeight
    ) {
      return wide.metrics;
    }
    this.wide = { base: metrics, metrics: grown };
    return grown;
  }
}
