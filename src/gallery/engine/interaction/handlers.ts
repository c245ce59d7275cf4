import type { ItemPosition } from '../selection/types';
import type { ZoomTransition } from './GalleryZoom';

/** Where a context menu was asked for. */
export type MenuSource = 'pointer' | 'touch' | 'keyboard';

export interface ContextMenuRequest {
  /** Canvas-relative CSS pixels: where the menu opens. */
  x: number;
  y: number;
  /** The files it acts on: the selection when the tile is selected, else the tile alone. */
  fileIds: string[];
  position: ItemPosition;
  source: MenuSource;
}

/**
 * What the engine asks of its page and binding. The page decides what opening, deleting and
 * the menu's items mean (timeline, album, trash, picker); the binding animates zooms.
 */
export interface GalleryHandlers {
  onOpen?(fileId: string, position: ItemPosition): void;
  /** Delete key: the selection (loaded first), or the focused file. Unset: Delete does nothing. */
  onDelete?(fileIds: string[]): void;
  onContextMenu?(request: ContextMenuRequest): void;
  /** A zoom started: scale the canvas from `fromScale` to `ratio`, then `engine.zoom.finish()`. */
  onZoom?(transition: ZoomTransition): void;
  /** A pinch in progress shows this scale around (x, y); 1 ends it without a zoom. */
  onPinch?(scale: number, originX: number, originY: number): void;
}
