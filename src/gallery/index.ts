/**
 * The gallery's public surface: pages (the timeline; albums, trash, pickers and the carousel
 * to come) import from here and nowhere else in src/gallery (lint-enforced). A page feeds the
 * engine through a `TimelineSource`, gets it from `useGalleryEngine`, draws it with
 * `GalleryView` and decides what opening, deleting and the menu mean. Import it from lazily
 * loaded pages: it brings three.js and the grid's CSS with it.
 */

// The engine and what a page reads of it.
export { GalleryEngine, type VisibleSection } from './engine/GalleryEngine';
export type { EngineSnapshot } from './engine/snapshot';
export type {
  ContextMenuRequest,
  GalleryHandlers,
  MenuSource,
} from './engine/interaction/handlers';
export type { HintTimePort, ItemPosition } from './engine/selection';
// The grid's keys, for a page's shortcut list (the `?` sheet).
export { GRID_SHORTCUTS, type GridShortcutAction } from './engine/interaction/keyboardShortcuts';

/*
 * What a page feeds it. A TimelineSource is the one way content reaches the grid: the timeline,
 * an album, the trash, a share or a picker each implement `sections` (SPEC §3 timeline
 * sections: year, month, day range, counts by kind, newest first) and `files` (one section's
 * files, column-wise, in display order); both take an AbortSignal and must honour it. Filters
 * are sources too (a new source swaps the content in place: GalleryEngine.setSource), and live
 * changes are a `refresh` of the same source.
 */
export {
  FILE_KIND,
  countFiles,
  pickFiles,
  type SectionFiles,
  type SectionHeights,
  type TimelineSource,
} from './engine/timeline/TimelineSource';
export type { GridMetrics, SectionCounts, SectionDescriptor } from './engine/types';
export { DESKTOP_METRICS, MOBILE_METRICS, squareMetrics } from './engine/gridMetrics';
export { deviceClassFor, type DeviceClass } from './engine/texture';

// The React side: the hook that builds an engine for a page, and the view that draws it.
export {
  useGalleryEngine,
  type GalleryEngineSetup,
  type GalleryEngineState,
  type GalleryLoad,
} from './react/useGalleryEngine';
export { GalleryView, type GalleryViewProps } from './react/GalleryView';
export type { TileLabel } from './react/badgeFit';
// A viewer opening from and closing back to a tile.
export { fileScreenRect, revealFile } from './react/fileScreenRect';
// A page coming back to the file it was at (SPEC §3 last seen element per job).
export {
  fileAnchorAt,
  revealAnchor,
  topTileIndex,
  watchTopFile,
  type FileAnchor,
} from './react/fileAnchor';
export { AnchorKeeper, type AnchorStore } from './react/anchorKeeper';
// The OS setting, followed live (the grid honours it; so do the pages around it).
export { usePrefersReducedMotion } from './react/usePrefersReducedMotion';
export type { GalleryMenuItem } from './react/ContextMenu';
// A video's length as its badge says it (pages listing videos outside the grid say it alike).
export { formatDuration } from './react/formatDuration';
