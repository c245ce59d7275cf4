import type { FrameClock } from '../clock';
import {
  DEFAULT_ZOOM_INDEX,
  metricsForZoom,
  targetRowHeightFor,
  ZOOM_LEVELS,
} from '../layout/LayoutEngine';
import type { ScrollAnchor } from '../scroll/ScrollAnchor';
import type { TimelineModel } from '../timeline/TimelineModel';
import type { GridMetrics } from '../types';
import { captureZoomAnchor, type ZoomAnchor } from './zoomAnchor';

/** A zoom the binding animates: a CSS scale of the canvas from `fromScale` to `ratio`. */
export interface ZoomTransition {
  /** New target row height over the old one: how much bigger the tiles get. */
  ratio: number;
  /** The scale the canvas already shows (a live pinch), 1 otherwise. */
  fromScale: number;
  /** Canvas-relative transform origin: the anchor point. */
  originX: number;
  originY: number;
  /** Resolves once the anchor's section has its new layout (or after a time limit). */
  ready: Promise<void>;
}

/** A transition never waits longer than this for the worker's layout. */
const READY_LIMIT_MS = 1500;

export interface ZoomHost {
  readonly timeline: TimelineModel;
  /** Holds the anchor item at its screen y once the transition is over. */
  readonly anchor: ScrollAnchor<unknown>;
  readonly clock: FrameClock;
  /** Canvas x of the grid's left edge. */
  gridLeft(): number;
  scrollPosition(): number;
  /** Lays the grid out with new metrics (TimelineModel.resize at the same width). */
  applyMetrics(metrics: GridMetrics): void;
  invalidate(): void;
}

/**
 * Zoom levels (ZOOM_LEVELS over the breakpoint's metrics) and the transition between them: the
 * engine freezes its last frame while the binding scales the canvas and the worker lays the
 * grid out anew; then the new layout is drawn with the anchor item at the same screen y (the
 * ScrollAnchor holds it there until the user scrolls).
 */
export class GalleryZoom {
  level = DEFAULT_ZOOM_INDEX;
  /** True from a zoom's start until `finish()`: the engine draws nothing new meanwhile. */
  frozen = false;
  private base: GridMetrics;
  private zoomed: GridMetrics;
  /** The anchor of the running transition: ready once its section is laid out anew. */
  private anchor: ZoomAnchor | null = null;
  private resolveReady: (() => void) | null = null;
  private readyTimer = -1;

  constructor(
    private readonly host: ZoomHost,
    metrics: GridMetrics,
  ) {
    this.base = metrics;
    this.zoomed = metrics;
  }

  /** The metrics the grid uses: the breakpoint's, at the current level. */
  get metrics(): GridMetrics {
    return this.zoomed;
  }

  get levels(): number {
    return ZOOM_LEVELS.length;
  }

  /** New breakpoint metrics; returns the zoomed ones (the same object while nothing changed). */
  setBaseMetrics(metrics: GridMetrics): GridMetrics {
    if (metrics !== this.base) {
      this.base = metrics;
      this.zoomed = metricsForZoom(metrics, this.level);
    }
    return this.zoomed;
  }

  /**
   * Starts a transition to `level`, anchored at canvas point (x, y). Null when the level is out
   * of range, unchanged, or a transition is already running.
   */
  zoomTo(level: number, x: number, y: number, fromScale = 1): ZoomTransition | null {
    if (this.frozen || level < 0 || level >= ZOOM_LEVELS.length || level === this.level) {
      return null;
    }
    const { timeline } = this.host;
    const ratio = targetRowHeightFor(this.base, level) / targetRowHeightFor(this.base, this.level);
    this.anchor = captureZoomAnchor(
      timeline,
      x - this.host.gridLeft(),
      this.host.scrollPosition(),
      y,
    );
    this.host.anchor.hold(this.anchor);
    this.level = level;
    this.zoomed = metricsForZoom(this.base, level);
    this.frozen = true;
    const ready = new Promise<void>((resolve) => {
      this.resolveReady = resolve;
    });
    this.readyTimer = this.host.clock.setTimeout(() => this.markReady(), READY_LIMIT_MS);
    this.host.applyMetrics(this.zoomed);
    this.checkReady();
    return { ratio, fromScale, originX: x, originY: y, ready };
  }

  /** Called by the frozen engine on every wake-up: is the anchor's section laid out anew? */
  checkReady(): void {
    if (!this.resolveReady) return;
    const anchor = this.anchor;
    if (!anchor || anchor.item < 0 || this.host.timeline.isLaidOut(anchor.section)) {
      this.markReady();
    }
  }

  /** The binding's animation is over: draw the new layout (anchored) from the next frame on. */
  finish(): void {
    if (!this.frozen) return;
    this.markReady();
    this.frozen = false;
    this.anchor = null;
    this.host.anchor.rebase();
    this.host.invalidate();
  }

  /**
   * The user scrolled (a wheel, a drag, a key, the scroller): the anchor item no longer needs to
   * stay put. Not during a transition, whose scale still shows it at the anchor.
   */
  releaseAnchor(): void {
    if (this.frozen) return;
    this.host.anchor.release();
  }

  dispose(): void {
    if (this.readyTimer >= 0) this.host.clock.clearTimeout(this.readyTimer);
    this.markReady();
  }

  private markReady(): void {
    if (this.readyTimer >= 0) {
      this.host.clock.clearTimeout(this.readyTimer);
      this.readyTimer = -1;
    }
    const resolve = this.resolveReady;
    this.resolveReady = null;
    resolve?.();
  }
}
