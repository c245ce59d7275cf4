import type { WebGLRenderer } from 'three';
import { browserClock, type FrameClock } from './clock';
import type { LayoutEngine } from './layout/LayoutEngine';
import { TileRenderer } from './render/TileRenderer';
import { FastScrollDetector } from './scroll/FastScrollDetector';
import { FastScrollModel } from './scroll/FastScrollModel';
import { ScrollModel } from './scroll/ScrollModel';
import { TextureCache, type TexturePoolSizes, type ThumbnailLoader } from './texture';
import { EngineStats } from './EngineStats';
import { TimelineModel, type VisibleItem } from './timeline/TimelineModel';
import type { TimelineSource } from './timeline/TimelineSource';
import type { GridMetrics } from './types';

export interface GalleryEngineOptions {
  source: TimelineSource;
  layout: LayoutEngine;
  loader: ThumbnailLoader;
  metrics: GridMetrics;
  pools: TexturePoolSizes;
  clock?: FrameClock;
}

/** Tiles this far outside the viewport are requested (small tier) so scrolling finds them ready. */
const PREFETCH_MARGIN_PX = 400;
/** The large tier is wanted once a tile shows more device pixels than the small layer holds. */
const SMALL_LAYER_PX = 256;
const LARGE_FADE_MS = 200;
const PLACEHOLDER_RGB = 0xe6e8ec;
const LOADING_RGB = 0xd9dce2;

export interface VisibleSection {
  index: number;
  /** Camera-relative top of the section (its header), CSS pixels. */
  y: number;
}

/**
 * The gallery grid engine: sections and layout (TimelineModel), one float64 camera
 * (ScrollModel), GPU tiles (TileRenderer) and their textures (TextureCache). No React: the
 * bindings create it, forward input, call `frame()` from the render loop and read `stats()`.
 */
export class GalleryEngine {
  readonly timeline: TimelineModel;
  readonly scroll: ScrollModel;
  readonly fastScroll: FastScrollModel;
  readonly textures: TextureCache;
  readonly tiles: TileRenderer;
  readonly stats = new EngineStats();
  /** Sections intersecting the viewport after the last frame, for the DOM headers. */
  readonly visibleSections: VisibleSection[] = [];
  private readonly detector: FastScrollDetector;
  private readonly clock: FrameClock;
  private invalidate: () => void = () => undefined;
  private width = 1;
  private height = 1;
  private insetLeft = 0;
  private dpr = 1;
  private fastScrolling = false;
  private settleTimer = -1;
  private readonly fadeStart = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  // Per-frame state read by the visitor (a bound method: no closure per frame).
  private frameTop = 0;
  private frameNow = 0;
  private wantLarge = false;
  private fading = false;
  /** First and last visible (section, item) of the last frame; -1 when none. */
  private readonly range = new Int32Array([-1, -1, -1, -1]);

  constructor(options: GalleryEngineOptions) {
    this.clock = options.clock ?? browserClock;
    const requestFrame = () => this.invalidate();
    this.timeline = new TimelineModel({
      source: options.source,
      layout: options.layout,
      metrics: options.metrics,
      width: this.width,
      onChange: requestFrame,
    });
    this.scroll = new ScrollModel(this.clock);
    this.scroll.subscribe(requestFrame);
    this.fastScroll = new FastScrollModel(this.timeline);
    this.detector = new FastScrollDetector(this.height);
    this.textures = new TextureCache({
      ...options.pools,
      loader: options.loader,
      clock: this.clock,
      onChange: requestFrame,
    });
    this.tiles = new TileRenderer(this.textures.textures);
  }

  /** The render loop's "please draw": R3F's invalidate. */
  setInvalidate(invalidate: () => void): void {
    this.invalidate = invalidate;
  }

  /** Called after each frame that changed what is visible (headers, date, a11y grid). */
  onFrame(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The canvas size, device pixel ratio, metrics (breakpoint, zoom) and the horizontal insets of
   * the grid inside the canvas (the right one holds the fast scroller).
   */
  resize(
    width: number,
    height: number,
    dpr: number,
    metrics?: GridMetrics,
    insets: { left: number; right: number } = { left: 0, right: 0 },
  ): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.dpr = dpr;
    this.insetLeft = insets.left;
    this.timeline.resize(Math.max(1, this.width - insets.left - insets.right), metrics);
    this.scroll.setViewportHeight(this.height);
    this.detector.setViewportHeight(this.height);
    this.tiles.setViewport(this.width, this.height);
    this.fastScroll.setTrackHeight(this.height);
    this.invalidate();
  }

  get viewportWidth(): number {
    return this.width;
  }

  get viewportHeight(): number {
    return this.height;
  }

  /** Left edge of the grid inside the canvas. */
  get gridLeft(): number {
    return this.insetLeft;
  }

  /**
   * Draws one frame's state into the instance buffers and uploads due textures. Returns true
   * while something is still moving (scroll, fades, pending uploads): the caller asks for another
   * frame; otherwise no frame is drawn until an input or a load invalidates.
   */
  frame(gl: WebGLRenderer, now: number = this.clock.now()): boolean {
    const started = this.clock.now();
    const scrolling = this.scroll.step(now);
    const shift = this.timeline.takeShift();
    // Someone who went to the end (End key, scroller at the bottom) stays there while the
    // sections around it replace their estimates.
    const atEnd =
      this.scroll.contentHeight > this.height &&
      this.scroll.position >= this.scroll.maxPosition - 0.5;
    if (shift !== 0 && !atEnd) this.scroll.shiftBy(shift);
    const total = this.timeline.totalHeight();
    if (total !== this.scroll.contentHeight) {
      this.scroll.setContentHeight(total);
      this.fastScroll.sectionsChanged();
      if (atEnd && !scrolling) this.scroll.scrollTo(this.scroll.maxPosition, { animate: false });
    }
    const top = this.scroll.position;
    this.timeline.anchorY = top;
    this.detector.sample(top, now);
    this.trackFastScroll(now);
    this.timeline.updateViewport(top, this.height, this.fastScrolling);

    this.frameTop = top;
    this.frameNow = now;
    this.wantLarge = !scrolling && !this.fastScrolling;
    this.fading = false;
    this.range.fill(-1);
    this.textures.beginFrame();
    this.tiles.begin();
    this.timeline.forEachVisibleItem(
      top - PREFETCH_MARGIN_PX,
      top + this.height + PREFETCH_MARGIN_PX,
      this.visitTile,
    );
    this.textures.endFrame();
    const uploads = this.textures.uploadPending(gl);
    const drawn = this.tiles.end();
    this.collectVisibleSections(top);

    this.stats.recordFrame(gl, this.clock.now() - started, uploads, drawn);
    for (const listener of this.listeners) listener();
    // More bitmaps wait and this frame made progress: keep going. If none could be uploaded (no
    // free layer), stop: the cache's onChange wakes us when that changes, so idle stays idle.
    const texturesBusy = uploads > 0 && this.textures.stats().awaitingUpload > 0;
    return scrolling || this.fading || texturesBusy || shift !== 0;
  }

  /** Date at the top of the viewport (the scroller tooltip, tests and benchmarks read it). */
  dateAtViewport(): { year: number; month: number; day: number | null } {
    return this.timeline.dateAt(this.scroll.position + 1);
  }

  /** A plain-object view of every counter, for tests and benchmarks. */
  snapshot() {
    const textures = this.textures.stats();
    return {
      frames: this.stats.frames,
      drawCalls: this.stats.lastDrawCalls,
      maxDrawCalls: this.stats.maxDrawCalls,
      uploads: this.stats.lastUploads,
      maxUploads: this.stats.maxUploads,
      uploadsTotal: textures.uploadsTotal,
      tiles: this.stats.lastTiles,
      textureBytes: { ...textures.bytesInUse },
      texturesReady: textures.ready,
      texturesFailed: textures.failed,
      texturesLoading: textures.queued + textures.inFlight + textures.awaitingUpload,
      visibleRange: {
        first: { section: this.range[0], item: this.range[1] },
        last: { section: this.range[2], item: this.range[3] },
      },
      date: this.dateAtViewport(),
      position: this.scroll.position,
      contentHeight: this.scroll.contentHeight,
      fastScrolling: this.fastScrolling,
      frameTimes: this.stats.frameTimePercentiles(),
      ...this.timeline.stats(),
    };
  }

  onContextLost(): void {
    this.textures.onContextLost();
  }

  onContextRestored(): void {
    this.textures.onContextRestored();
    this.invalidate();
  }

  dispose(): void {
    if (this.settleTimer >= 0) this.clock.clearTimeout(this.settleTimer);
    this.timeline.dispose();
    this.textures.dispose();
    this.tiles.dispose();
    this.listeners.clear();
  }

  /** An arrow property: passed to the model each frame without binding or allocating. */
  private readonly visitTile = (item: VisibleItem): void => {
    const y = item.y - this.frameTop;
    const inView = y + item.h > 0 && y < this.height;
    if (item.item < 0) {
      if (inView)
        this.tiles.push(this.insetLeft + item.x, y, item.w, item.h, -1, -1, 0, PLACEHOLDER_RGB);
      return;
    }
    const files = this.timeline.sections[item.section].files!;
    const id = files.ids[item.item];
    // Visible tiles first, nearest the viewport's middle before the rest.
    const priority = (inView ? 1e7 : 0) - Math.abs(y + item.h / 2 - this.height / 2);
    if (!this.fastScrolling) this.textures.request(id, 'small', priority);
    if (!inView) return;
    if (this.range[0] === -1) {
      this.range[0] = item.section;
      this.range[1] = item.item;
    }
    this.range[2] = item.section;
    this.range[3] = item.item;
    const small = this.textures.layerOf(id, 'small');
    let large = -1;
    let fade = 0;
    if (this.wantLarge && Math.max(item.w, item.h) * this.dpr > SMALL_LAYER_PX * 1.25) {
      this.textures.request(id, 'large', priority);
      large = this.textures.layerOf(id, 'large');
      if (large >= 0) fade = this.fadeFor(id);
    } else if (this.fadeStart.has(id)) {
      large = this.textures.layerOf(id, 'large');
      fade = large >= 0 ? 1 : 0;
    }
    this.tiles.push(this.insetLeft + item.x, y, item.w, item.h, small, large, fade, LOADING_RGB);
  };

  private fadeFor(id: string): number {
    let start = this.fadeStart.get(id);
    if (start === undefined) {
      start = this.frameNow;
      this.fadeStart.set(id, start);
      // Bounded: forget fades of tiles long gone.
      if (this.fadeStart.size > 4096) this.fadeStart.clear();
    }
    const t = Math.min(1, (this.frameNow - start) / LARGE_FADE_MS);
    if (t < 1) this.fading = true;
    return t;
  }

  private trackFastScroll(now: number): void {
    const fast = this.detector.isFast(now);
    if (fast === this.fastScrolling) return;
    this.fastScrolling = fast;
    if (fast) {
      // No frames are drawn while idle: wake up when the fast phase is over to start the loads.
      if (this.settleTimer >= 0) this.clock.clearTimeout(this.settleTimer);
      const wait = Math.max(16, this.detector.settlesAt(now) - now);
      this.settleTimer = this.clock.setTimeout(() => {
        this.settleTimer = -1;
        this.invalidate();
      }, wait);
    }
  }

  private readonly sectionPool: VisibleSection[] = [];

  private collectVisibleSections(top: number): void {
    const list = this.visibleSections;
    list.length = 0;
    const n = this.timeline.sectionCount;
    if (n === 0) return;
    for (let i = this.timeline.sectionIndexAt(top); i < n; i++) {
      const y = this.timeline.sectionTop(i) - top;
      if (y >= this.height) break;
      const entry = (this.sectionPool[list.length] ??= { index: 0, y: 0 });
      entry.index = i;
      entry.y = y;
      list.push(entry);
    }
  }
}
