import type { WebGLRenderer } from 'three';
import { browserClock, type FrameClock } from './clock';
import { EngineStats } from './EngineStats';
import { oneAtATime } from './coalesce';
import { followFilesAcrossReindex } from './followFiles';
import { engineSnapshot, type EngineSnapshot } from './snapshot';
import { FocusModel } from './interaction/FocusModel';
import { GalleryActions, type ControllerHost } from './interaction/GalleryActions';
import type { GalleryHandlers } from './interaction/handlers';
import { GalleryZoom } from './interaction/GalleryZoom';
import { KeyboardController } from './interaction/KeyboardController';
import { PointerController } from './interaction/PointerController';
import type { LayoutEngine } from './layout/LayoutEngine';
import { TileComposer } from './render/TileComposer';
import { TilePass } from './render/TilePass';
import { TileRenderer } from './render/TileRenderer';
import { FastScrollModel } from './scroll/FastScrollModel';
import { FastScrollWatch } from './scroll/FastScrollWatch';
import { ScrollModel } from './scroll/ScrollModel';
import { SelectionHints, SelectionModel, type HintTimePort } from './selection';
import { TextureCache, type TexturePoolSizes, type ThumbnailLoader } from './texture';
import { TimelineModel } from './timeline/TimelineModel';
import type { TimelineSource } from './timeline/TimelineSource';
import { collectVisibleSections, type VisibleSection } from './timeline/visibleSections';
import type { GridMetrics, SectionDescriptor } from './types';
import { EngineViewport } from './viewport';

export interface GalleryEngineOptions {
  source: TimelineSource;
  layout: LayoutEngine;
  loader: ThumbnailLoader;
  metrics: GridMetrics;
  pools: TexturePoolSizes;
  clock?: FrameClock;
  /** Where the shift-select hint's last showing is kept (SPEC §9: once, or again after a month). */
  hintStore?: HintTimePort;
  /** SPEC §5 "Photo selection max" (pickers). */
  selectionMaximum?: number | null;
  /** False on touch-only devices: no Shift key, so no shift-select hint. */
  shiftSelectAvailable?: boolean;
}

export type { VisibleSection } from './timeline/visibleSections';

/**
 * The gallery grid engine: sections and layout (TimelineModel), one float64 camera
 * (ScrollModel), GPU tiles (TileRenderer, drawn by TileComposer) and their textures
 * (TextureCache), the selection, keyboard focus and zoom, and the pointer and key controllers.
 * No React: the bindings create it, forward input, call `frame()` from the render loop and
 * read `stats()`; the page gets opens, deletes and menus through `setHandlers`.
 */
export class GalleryEngine implements ControllerHost {
  readonly timeline: TimelineModel;
  readonly scroll: ScrollModel;
  readonly fastScroll: FastScrollModel;
  readonly textures: TextureCache;
  readonly tiles: TileRenderer;
  readonly selection: SelectionModel;
  readonly hints: SelectionHints;
  readonly focus = new FocusModel();
  readonly zoom: GalleryZoom;
  readonly composer: TileComposer;
  readonly actions: GalleryActions;
  readonly pointer: PointerController;
  readonly keys: KeyboardController;
  readonly stats = new EngineStats();
  readonly clock: FrameClock;
  /** Sections intersecting the viewport after the last frame, for the DOM headers. */
  readonly visibleSections: VisibleSection[] = [];
  private readonly sectionPool: VisibleSection[] = [];
  handlers: GalleryHandlers = {};
  /**
   * Files waiting for the server to delete them (SPEC §3 isPendingServerDelete): drawn dimmed
   * until they leave the grid or come back. Change it through `setPendingDelete`.
   */
  readonly pendingDelete = new Set<string>();
  private readonly fastScrollWatch: FastScrollWatch;
  private invalidateCallback: () => void = () => undefined;
  private readonly view = new EngineViewport();
  private sizesVersion = -1;
  private readonly listeners = new Set<() => void>();
  private motionReduced = false;
  /** Aborted by dispose: a refresh in flight stops there. */
  private readonly disposal = new AbortController();
  private readonly tilePass: TilePass;

  constructor(options: GalleryEngineOptions) {
    this.clock = options.clock ?? browserClock;
    const requestFrame = () => this.invalidate();
    this.timeline = new TimelineModel({
      source: options.source,
      layout: options.layout,
      metrics: options.metrics,
      width: this.view.width,
      onChange: requestFrame,
      nextTask: () => this.clock.nextTask(),
    });
    this.zoom = new GalleryZoom(
      {
        timeline: this.timeline,
        anchor: this.timeline.anchor,
        clock: this.clock,
        gridLeft: () => this.view.insetLeft,
        scrollPosition: () => this.scroll.position,
        applyMetrics: (metrics) => this.timeline.resize(this.gridWidth, metrics),
        invalidate: requestFrame,
      },
      options.metrics,
    );
    this.scroll = new ScrollModel(this.clock);
    this.scroll.subscribe(requestFrame);
    this.fastScroll = new FastScrollModel(this.timeline);
    this.fastScrollWatch = new FastScrollWatch(this.clock, requestFrame, this.view.height);
    this.textures = new TextureCache({
      ...options.pools,
      loader: options.loader,
      clock: this.clock,
      onChange: requestFrame,
    });
    this.tiles = new TileRenderer(this.textures);
    this.selection = new SelectionModel({
      index: this.timeline,
      loadSections: (sections, signal) => this.timeline.loadSections(sections, signal),
      calendar: this.timeline,
      granularity: 'month',
      maximum: options.selectionMaximum ?? null,
    });
    this.selection.subscribe(requestFrame);
    this.focus.subscribe(requestFrame);
    this.hints = new SelectionHints({
      clock: this.clock,
      shiftSelectShownAt: options.hintStore ?? { get: () => null, set: () => undefined },
      shiftSelectAvailable: options.shiftSelectAvailable ?? true,
    });
    this.hints.observe(this.selection);
    this.composer = new TileComposer(
      this.timeline,
      this.textures,
      this.tiles,
      this.selection,
      this.focus,
      this.pendingDelete,
    );
    this.tilePass = new TilePass(this.timeline, this.textures, this.composer, this.tiles);
    this.actions = new GalleryActions(this);
    this.pointer = new PointerController(this);
    this.keys = new KeyboardController(this);
    this.timeline.reindexHooks = followFilesAcrossReindex(
      this.timeline,
      this.selection,
      this.focus,
      () => (this.sizesVersion = this.timeline.sizesVersion),
    );
  }

  /**
   * Swaps the grid's content source (a filter, recents) and loads it: the selection and the
   * focus are cleared (positions now name other files) and the view returns to the top.
   */
  async setSource(source: TimelineSource, signal: AbortSignal): Promise<void> {
    await this.timeline.setSource(source, signal);
    if (signal.aborted) return;
    this.selection.reset();
    this.focus.clear();
    this.scroll.scrollTo(0, { animate: false });
    this.invalidate();
  }

  /** Adopts fresh sections (live changes, a restore) keeping the view; see TimelineModel.reconcile. */
  reconcile(descriptors: readonly SectionDescriptor[]): void {
    this.timeline.reconcile(descriptors);
  }

  /**
   * Lists the current source's sections again and adopts them in place (live changes, a
   * delete, a restore). One refresh at a time: a call while one runs makes it run once more
   * after, and resolves with it, so the last caller always sees a list fetched after its call.
   * A source swapped meanwhile wins: its list is not overwritten by the old source's.
   */
  readonly refresh = oneAtATime(() => this.timeline.refresh(this.disposal.signal));

  /** Takes files out of the grid without moving the view; returns how many were shown. */
  removeFiles(ids: Iterable<string>): number {
    const set = ids instanceof Set ? (ids as Set<string>) : new Set(ids);
    for (const id of set) this.pendingDelete.delete(id);
    const found = this.timeline.removeFiles(set);
    this.invalidate();
    return found;
  }

  /** Marks files pending server delete (dimmed) or back to normal. */
  setPendingDelete(ids: Iterable<string>, pending: boolean): void {
    for (const id of ids) {
      if (pending) this.pendingDelete.add(id);
      else this.pendingDelete.delete(id);
    }
    this.invalidate();
  }

  /**
   * The user prefers reduced motion (prefers-reduced-motion): large tiles replace small ones
   * without a fade. The binding makes zoom transitions instant too.
   */
  setReducedMotion(reduced: boolean): void {
    if (reduced === this.motionReduced) return;
    this.motionReduced = reduced;
    this.invalidate();
  }

  get reducedMotion(): boolean {
    return this.motionReduced;
  }

  /** The render loop's "please draw": R3F's invalidate. */
  setInvalidate(invalidate: () => void): void {
    this.invalidateCallback = invalidate;
  }

  invalidate(): void {
    this.invalidateCallback();
  }

  /** What the page does with opens, deletes and menus; the binding adds zoom and pinch. */
  setHandlers(handlers: GalleryHandlers): void {
    this.handlers = handlers;
  }

  /** Called after each frame that changed what is visible (headers, date, a11y grid). */
  onFrame(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The canvas size, device pixel ratio, metrics (breakpoint; the zoom level applies on top)
   * and the horizontal insets of the grid inside the canvas (the right one holds the scroller).
   */
  resize(
    width: number,
    height: number,
    dpr: number,
    metrics?: GridMetrics,
    insets: { left: number; right: number } = { left: 0, right: 0 },
  ): void {
    const view = this.view;
    view.set(width, height, dpr, insets);
    const zoomed = metrics ? this.zoom.setBaseMetrics(view.widened(metrics)) : undefined;
    this.timeline.resize(view.gridWidth, zoomed);
    this.scroll.setViewportHeight(view.height);
    this.fastScrollWatch.setViewportHeight(view.height);
    this.tiles.setViewport(view.width, view.height);
    this.fastScroll.setTrackHeight(view.height);
    this.invalidate();
  }

  /**
   * Gives the scroll the grid's height now instead of at the next frame: a scroll to a place in
   * sections listed since the last frame would be cut at the old end.
   */
  syncContentHeight(): void {
    const before = this.scroll.contentHeight;
    const height = this.timeline.totalHeight();
    if (height === before) return;
    this.scroll.setContentHeight(height);
    this.fastScroll.sectionsChanged();
  }

  /** Whether the view has had its size (`resize`): before it, nothing is laid out or drawn. */
  get sized(): boolean {
    return this.view.sized;
  }

  get viewportWidth(): number {
    return this.view.width;
  }

  get viewportHeight(): number {
    return this.view.height;
  }

  /** Left edge of the grid inside the canvas. */
  get gridLeft(): number {
    return this.view.insetLeft;
  }

  /** Width of the rows. */
  get gridWidth(): number {
    return this.view.gridWidth;
  }

  /**
   * Draws one frame's state into the instance buffers and uploads due textures. Returns true
   * while something is still moving (scroll, fades, pending uploads): the caller asks for another
   * frame; otherwise no frame is drawn until an input or a load invalidates. While a zoom
   * transition runs the last frame stays as it is (the binding scales it).
   */
  frame(gl: WebGLRenderer, now: number = this.clock.now()): boolean {
    const view = this.view;
    if (!view.sized) return false;
    if (this.zoom.frozen) {
      this.zoom.checkReady();
      return false;
    }
    const started = this.clock.now();
    const scrolling = this.scroll.step(now);
    const contentHeight = this.scroll.contentHeight;
    // What must stay still (a zoom's item, the end, the content at the top) is the anchor's call.
    const shift = this.timeline.anchor.apply(this.scroll, this.timeline.totalHeight(), scrolling);
    if (this.scroll.contentHeight !== contentHeight) this.fastScroll.sectionsChanged();
    if (this.timeline.sizesVersion !== this.sizesVersion) {
      this.sizesVersion = this.timeline.sizesVersion;
      this.selection.syncSizes();
    }
    const top = this.scroll.position;
    const fastScrolling = this.fastScrollWatch.sample(top, now);
    this.timeline.updateViewport(top, view.height, fastScrolling);

    const params = this.tilePass.params;
    params.top = top;
    params.now = now;
    params.height = view.height;
    params.insetLeft = view.insetLeft;
    params.dpr = view.dpr;
    params.wantLarge = !scrolling && !fastScrolling;
    params.fastScrolling = fastScrolling;
    params.instantFades = this.motionReduced;
    const moving = scrolling || fastScrolling;
    const drawn = this.tilePass.run(gl, started, this.scroll.velocity, moving);
    const uploads = this.tilePass.uploads;
    collectVisibleSections(this.timeline, top, view.height, this.visibleSections, this.sectionPool);
    this.actions.keepFocusVisible();

    this.stats.recordFrame(
      gl,
      this.clock.now() - started,
      uploads,
      drawn,
      this.textures.lastUploadMs,
    );
    for (const listener of this.listeners) listener();
    // This frame drew its uploads (TilePass composes the screen again after them). Bitmaps still
    // waiting for the allowance ask for the next frame themselves (the cache's onChange); those
    // waiting for a free layer do not, so idle stays idle. A frame that found the screen filled
    // asks for one more, to want the large thumbnails (sharpenNext).
    return scrolling || this.composer.fading || this.composer.sharpenNext || shift !== 0;
  }

  /** Date at the top of the viewport (the scroller tooltip, tests and benchmarks read it). */
  dateAtViewport(): { year: number; month: number; day: number | null } {
    return this.timeline.dateAt(this.scroll.position + 1);
  }

  /** A plain-object view of every counter, for tests and benchmarks. */
  snapshot(): EngineSnapshot {
    return engineSnapshot(this);
  }

  /** The last frame drew tiles, each with its thumbnail: none grey, no section still loading. */
  get screenFilled(): boolean {
    return this.stats.lastTiles > 0 && this.composer.untextured === 0;
  }

  /** Whether the last frame found the scroll fast (placeholders, loads deferred). */
  get fastScrolling(): boolean {
    return this.fastScrollWatch.fast;
  }

  onContextLost(): void {
    this.textures.onContextLost();
  }

  onContextRestored(): void {
    this.textures.onContextRestored();
    this.invalidate();
  }

  dispose(): void {
    this.disposal.abort();
    this.fastScrollWatch.dispose();
    this.actions.dispose();
    this.zoom.dispose();
    this.hints.dispose();
    this.selection.dispose();
    this.timeline.dispose();
    this.textures.dispose();
    this.tiles.dispose();
    this.listeners.clear();
  }
}
