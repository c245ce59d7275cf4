import type { FrameClock } from '../clock';
import type { TileComposer } from '../render/TileComposer';
import type { ScrollModel } from '../scroll/ScrollModel';
import type { SelectionHints, SelectionModel } from '../selection';
import type { TimelineModel } from '../timeline/TimelineModel';
import type { FocusModel } from './FocusModel';
import type { GalleryZoom } from './GalleryZoom';
import type { GalleryHandlers } from './handlers';

/**
 * What the interaction controllers (actions, pointer, keys) read of the engine that owns them.
 * GalleryEngine implements it; the controllers depend on this, not on the engine, so the engine
 * and its controllers do not import each other.
 */
export interface GalleryHost {
  readonly timeline: TimelineModel;
  readonly scroll: ScrollModel;
  readonly selection: SelectionModel;
  readonly hints: SelectionHints;
  readonly focus: FocusModel;
  readonly zoom: GalleryZoom;
  readonly composer: TileComposer;
  readonly clock: FrameClock;
  /** What the page does with opens, deletes and menus; the binding's zoom and pinch. */
  readonly handlers: GalleryHandlers;
  /** Canvas x of the grid's left edge. */
  readonly gridLeft: number;
  readonly viewportWidth: number;
  readonly viewportHeight: number;
  /** Asks for a frame. */
  invalidate(): void;
}
