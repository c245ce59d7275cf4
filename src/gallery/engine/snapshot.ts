import type { EngineStats } from './EngineStats';
import type { FocusModel } from './interaction/FocusModel';
import type { GalleryZoom } from './interaction/GalleryZoom';
import type { TileComposer } from './render/TileComposer';
import type { ScrollModel } from './scroll/ScrollModel';
import type { SelectionModel } from './selection';
import type { ItemPosition } from './selection/types';
import type { TextureCache, TextureTier } from './texture';
import type { TimelineModel } from './timeline/TimelineModel';

/**
 * A plain-object view of every counter of the engine: what tests and benchmarks read (through
 * `window.__capture.gallery.snapshot()` in test builds).
 */
export interface EngineSnapshot {
  frames: number;
  drawCalls: number;
  maxDrawCalls: number;
  uploads: number;
  maxUploads: number;
  uploadsTotal: number;
  tiles: number;
  /** On-screen tiles drawn without their small texture (grey placeholders) in the last frame. */
  untexturedTiles: number;
  textureBytes: Record<TextureTier, number>;
  texturesReady: number;
  texturesFailed: number;
  texturesLoading: number;
  visibleRange: { first: ItemPosition; last: ItemPosition };
  date: { year: number; month: number; day: number | null };
  position: number;
  contentHeight: number;
  fastScrolling: boolean;
  frameTimes: { p50: number; p95: number; samples: number };
  /** Texture upload ms per frame that uploaded, since the stats window began (EngineStats). */
  uploadTimes: ReturnType<EngineStats['uploadTimes']>;
  selected: number;
  selectionMode: boolean;
  zoomLevel: number;
  zooming: boolean;
  focus: ItemPosition | null;
  sections: number;
  sectionsLoaded: number;
  sectionsFetching: number;
  itemsLoaded: number;
}

/** The parts of the engine a snapshot reads. */
export interface SnapshotSource {
  readonly stats: EngineStats;
  readonly textures: TextureCache;
  readonly composer: TileComposer;
  readonly scroll: ScrollModel;
  readonly selection: SelectionModel;
  readonly zoom: GalleryZoom;
  readonly focus: FocusModel;
  readonly timeline: TimelineModel;
  readonly fastScrolling: boolean;
  dateAtViewport(): EngineSnapshot['date'];
}

export function engineSnapshot(engine: SnapshotSource): EngineSnapshot {
  const { stats, composer } = engine;
  const textures = engine.textures.stats();
  const range = composer.range;
  return {
    frames: stats.frames,
    drawCalls: stats.lastDrawCalls,
    maxDrawCalls: stats.maxDrawCalls,
    uploads: stats.lastUploads,
    maxUploads: stats.maxUploads,
    uploadsTotal: textures.uploadsTotal,
    tiles: stats.lastTiles,
    untexturedTiles: composer.untextured,
    textureBytes: { ...textures.bytesInUse },
    texturesReady: textures.ready,
    texturesFailed: textures.failed,
    texturesLoading: textures.queued + textures.inFlight + textures.awaitingUpload,
    visibleRange: {
      first: { section: range[0], item: range[1] },
      last: { section: range[2], item: range[3] },
    },
    date: engine.dateAtViewport(),
    position: engine.scroll.position,
    contentHeight: engine.scroll.contentHeight,
    fastScrolling: engine.fastScrolling,
    frameTimes: stats.frameTimePercentiles(),
    uploadTimes: stats.uploadTimes(),
    selected: engine.selection.count,
    selectionMode: engine.selection.selectionMode,
    zoomLevel: engine.zoom.level,
    zooming: engine.zoom.frozen,
    focus: engine.focus.position,
    ...engine.timeline.stats(),
  };
}
