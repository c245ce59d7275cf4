import type { GalleryEngine } from '../engine/GalleryEngine';
import { findLoadedFile } from '../engine/fileLookup';

/** The element each mounted GalleryView draws an engine in (set by GalleryView). */
const elements = new WeakMap<GalleryEngine, HTMLElement>();

export function registerGalleryElement(engine: GalleryEngine, element: HTMLElement | null): void {
  if (element) elements.set(engine, element);
  else elements.delete(engine);
}

/**
 * A file's tile in viewport CSS pixels (a viewer animates from and back to it), or null when the
 * file is not laid out or the grid is not mounted.
 */
export function fileScreenRect(engine: GalleryEngine, fileId: string): DOMRect | null {
  const element = elements.get(engine);
  const position = findLoadedFile(engine.timeline, fileId);
  if (!element || !position) return null;
  const rect = { x: 0, y: 0, w: 0, h: 0 };
  if (!engine.actions.tileRect(position.section, position.item, rect)) return null;
  const origin = element.getBoundingClientRect();
  return new DOMRect(origin.left + rect.x, origin.top + rect.y, rect.w, rect.h);
}

/**
 * Scrolls the grid at once so the file's tile is in view (centred when it was off screen) and
 * puts the keyboard focus on it: a viewer closing on a file the user stepped to.
 */
export function revealFile(engine: GalleryEngine, fileId: string): void {
  const position = findLoadedFile(engine.timeline, fileId);
  if (!position) return;
  engine.focus.set(position, false);
  const rect = { x: 0, y: 0, w: 0, h: 0 };
  const { scroll, viewportHeight } = engine;
  if (!engine.actions.tileRect(position.section, position.item, rect)) {
    scroll.scrollTo(engine.timeline.sectionTop(position.section));
  } else if (rect.y < 0 || rect.y + rect.h > viewportHeight) {
    scroll.scrollTo(scroll.position + rect.y + rect.h / 2 - viewportHeight / 2);
  }
  engine.invalidate();
}
