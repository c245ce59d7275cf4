import { ZOOM_LEVELS } from '../layout/LayoutEngine';
import type { ItemPosition } from '../selection/types';
import type { GalleryHost } from './GalleryHost';
import type { MenuSource } from './handlers';

export interface CanvasRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What the pointer and key controllers read: the engine, with these shared actions. */
export interface ControllerHost extends GalleryHost {
  readonly actions: GalleryActions;
}

/** Room kept around a focused tile revealed by the keyboard: its 1.15 scale and a little air. */
const REVEAL_MARGIN_PX = 16;

/**
 * The operations the pointer, the keyboard and the binding share: hit-testing in canvas
 * coordinates, opening, the context menu, delete, revealing and keeping the focus on screen,
 * and zoom steps. Coordinates are canvas-relative CSS pixels unless a name says otherwise.
 */
export class GalleryActions {
  private readonly scratch: CanvasRect = { x: 0, y: 0, w: 0, h: 0 };
  /** Where the focused tile was last seen on screen, to find its nearest neighbour later. */
  private readonly lastFocus = { x: 0, y: 0, seen: false };
  private sectionLoad: AbortController | null = null;

  constructor(private readonly engine: GalleryHost) {}

  /** The loaded item at a canvas point, or null. */
  hitTest(x: number, y: number): ItemPosition | null {
    const { timeline, scroll } = this.engine;
    return timeline.itemAt(x - this.engine.gridLeft, scroll.position + y);
  }

  /** The canvas rect of a laid-out item (possibly off screen); false when it has none. */
  tileRect(section: number, item: number, out: CanvasRect): boolean {
    if (!this.engine.timeline.itemRect(section, item, out)) return false;
    out.x += this.engine.gridLeft;
    out.y -= this.engine.scroll.position;
    return true;
  }

  open(position: ItemPosition): void {
    const id = this.engine.timeline.fileId(position.section, position.item);
    if (id) this.engine.handlers.onOpen?.(id, position);
  }

  /** The files a menu or an action on `position` is about: the selection when it includes it. */
  filesFor(position: ItemPosition): string[] {
    const { selection, timeline } = this.engine;
    if (selection.isSelected(position.section, position.item)) {
      return selection.selectedIds().filter(Boolean);
    }
    const id = timeline.fileId(position.section, position.item);
    return id ? [id] : [];
  }

  /**
   * Selects files by id (a menu's "Select"): looks them up in the loaded sections, which is
   * where a menu's files come from. Returns how many were found.
   */
  selectFiles(fileIds: readonly string[]): number {
    const { timeline, selection } = this.engine;
    const wanted = new Set(fileIds);
    let found = 0;
    for (let s = 0; s < timeline.sectionCount && found < wanted.size; s++) {
      const ids = timeline.sections[s].files?.ids;
      if (!ids) continue;
      for (let i = 0; i < ids.length; i++) {
        if (!wanted.has(ids[i])) continue;
        selection.set(s, i, true);
        found++;
      }
    }
    return found;
  }

  openContextMenu(position: ItemPosition, x: number, y: number, source: MenuSource): void {
    const fileIds = this.filesFor(position);
    if (fileIds.length === 0) return;
    this.engine.handlers.onContextMenu?.({ x, y, fileIds, position, source });
  }

  /** The context menu of the focused tile, at the tile (keyboard: ContextMenu, Shift+F10). */
  openContextMenuAtFocus(): boolean {
    const position = this.engine.focus.position;
    if (!position) return false;
    const rect = this.scratch;
    const onScreen = this.tileRect(position.section, position.item, rect);
    const x = onScreen ? rect.x + rect.w / 2 : this.engine.viewportWidth / 2;
    const y = onScreen ? rect.y + rect.h / 2 : this.engine.viewportHeight / 2;
    this.openContextMenu(position, x, y, 'keyboard');
    return true;
  }

  /**
   * Delete: the selection's files (sections selected but not loaded load first), or the focused
   * file. Nothing happens without an onDelete handler.
   */
  async requestDelete(): Promise<void> {
    const { handlers, selection, timeline, focus } = this.engine;
    if (!handlers.onDelete) return;
    let ids: string[] = [];
    if (selection.count > 0) {
      const unloaded = selection.selectedUnloadedSections();
      if (unloaded.length > 0) {
        await timeline.loadSections(unloaded, new AbortController().signal);
        selection.syncSizes();
      }
      ids = selection.selectedIds();
    } else if (focus.section >= 0) {
      ids = [timeline.fileId(focus.section, focus.item)];
    }
    ids = ids.filter(Boolean);
    if (ids.length > 0) handlers.onDelete(ids);
  }

  /** Scrolls (animated) just enough to show the item with its focus ring. */
  reveal(position: ItemPosition): void {
    const { scroll, timeline, viewportHeight } = this.engine;
    const rect = this.scratch;
    if (!this.tileRect(position.section, position.item, rect)) {
      scroll.scrollTo(timeline.sectionTop(position.section), { animate: true });
      return;
    }
    const margin = rect.h * 0.075 + REVEAL_MARGIN_PX;
    if (rect.y < margin) {
      scroll.scrollTo(scroll.position + rect.y - margin, { animate: true });
    } else if (rect.y + rect.h > viewportHeight - margin) {
      scroll.scrollTo(scroll.position + rect.y + rect.h - viewportHeight + margin, {
        animate: true,
      });
    }
  }

  /** Focuses (visibly) the first tile on screen; false when none is. */
  focusFirstVisible(): boolean {
    const { composer, focus } = this.engine;
    for (let i = 0; i < composer.visibleCount; i++) {
      const tile = composer.visibleTiles[i];
      if (tile.y >= 0 || i === composer.visibleCount - 1) {
        focus.set({ section: tile.section, item: tile.item }, true);
        return true;
      }
    }
    return false;
  }

  /**
   * End of every frame: an active focus is never lost. When the focused tile has left the
   * screen, or is cut by its edge (scrolled by wheel, Page keys, the scroller), and nothing is
   * moving any more, the focus moves to the whole visible tile nearest where it was.
   */
  keepFocusVisible(): void {
    const { focus, composer, scroll, zoom } = this.engine;
    if (focus.section < 0) return;
    const height = this.engine.viewportHeight;
    const tile = composer.findVisible(focus.section, focus.item);
    if (tile) {
      this.lastFocus.x = tile.x + tile.w / 2;
      this.lastFocus.y = tile.y + tile.h / 2;
      this.lastFocus.seen = true;
    }
    if (!focus.active || scroll.moving || zoom.frozen || composer.visibleCount === 0) return;
    // At rest, an active focus is on a whole tile: a sliver cut by the edge after Page Down is
    // a poor place for it (a tile taller than the screen stays, as nothing else is better).
    if (tile && ((tile.y >= 0 && tile.y + tile.h <= height) || tile.h > height)) return;
    let x = this.lastFocus.x;
    let y = this.lastFocus.y;
    const rect = this.scratch;
    if (!tile) {
      if (this.tileRect(focus.section, focus.item, rect)) {
        x = rect.x + rect.w / 2;
        y = rect.y + rect.h / 2;
      } else if (!this.lastFocus.seen) {
        y = 0;
      }
    }
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = 0; i < composer.visibleCount; i++) {
      const t = composer.visibleTiles[i];
      // Prefer whole tiles: a sliver at the edge is a poor place for the focus.
      const partial = t.y < 0 || t.y + t.h > height ? 1e6 : 0;
      const distance = Math.hypot(t.x + t.w / 2 - x, t.y + t.h / 2 - y) + partial;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = i;
      }
    }
    const nearest = composer.visibleTiles[best];
    focus.set({ section: nearest.section, item: nearest.item });
  }

  /**
   * One zoom step (+1 bigger tiles, -1 smaller) anchored at canvas point (x, y). Without an
   * onZoom handler (headless) the transition finishes as soon as the layout is ready.
   */
  zoomBy(step: number, x: number, y: number, fromScale = 1): boolean {
    return this.zoomTo(this.engine.zoom.level + step, x, y, fromScale);
  }

  zoomTo(level: number, x: number, y: number, fromScale = 1): boolean {
    const { zoom, hints, handlers } = this.engine;
    const transition = zoom.zoomTo(level, x, y, fromScale);
    if (!transition) {
      // Asked past either end: say which way a pinch goes (SPEC §9 pinch hints).
      if (level >= ZOOM_LEVELS.length) hints.showPinchHint('pinch-in');
      else if (level < 0) hints.showPinchHint('pinch-out');
      return false;
    }
    if (handlers.onZoom) handlers.onZoom(transition);
    else void transition.ready.then(() => zoom.finish());
    return true;
  }

  /** +/- keys: zoom around the visible focused tile, else the middle of the viewport. */
  zoomAtFocus(step: number): boolean {
    const { focus } = this.engine;
    const rect = this.scratch;
    if (focus.visible && this.tileRect(focus.section, focus.item, rect)) {
      return this.zoomBy(step, rect.x + rect.w / 2, rect.y + rect.h / 2);
    }
    return this.zoomBy(step, this.engine.viewportWidth / 2, this.engine.viewportHeight / 2);
  }

  /** Loads (and lays out) one section, then runs `then`; a newer call cancels an older one. */
  loadSectionThen(section: number, then: () => void): void {
    this.sectionLoad?.abort();
    const controller = new AbortController();
    this.sectionLoad = controller;
    this.engine.timeline.loadSections([section], controller.signal).then(
      () => {
        if (this.sectionLoad !== controller) return;
        this.sectionLoad = null;
        this.engine.selection.syncSizes();
        then();
      },
      () => {
        if (this.sectionLoad === controller) this.sectionLoad = null;
      },
    );
  }

  dispose(): void {
    this.sectionLoad?.abort();
  }
}
