import type { GalleryEngine } from '../engine/GalleryEngine';
import type { ItemPosition } from '../engine/selection/types';

/**
 * A file the grid can be brought back to: its id, the key of the section holding it (so the
 * section can be loaded first when the grid comes back at the top) and the tile's top in the
 * viewport (CSS pixels; it comes back to the same height).
 */
export interface FileAnchor {
  fileId: string;
  sectionKey: string;
  offset: number;
}

/** What the anchor choice reads of an on-screen tile (canvas CSS pixels). */
export interface TileBox {
  x: number;
  y: number;
  h: number;
}

/**
 * Which of the first `count` on-screen tiles is "the file at the top of the viewport": the
 * highest tile whose top is inside the viewport (the leftmost of a row), else, when every tile
 * starts above it (one tile taller than the screen), the one reaching furthest down. -1 for none.
 */
export function topTileIndex(tiles: readonly TileBox[], count: number): number {
  let best = -1;
  for (let i = 0; i < count; i++) {
    const tile = tiles[i];
    if (tile.y < 0) continue;
    const chosen = best >= 0 ? tiles[best] : null;
    if (!chosen || tile.y < chosen.y || (tile.y === chosen.y && tile.x < chosen.x)) best = i;
  }
  if (best >= 0) return best;
  for (let i = 0; i < count; i++) {
    if (best < 0 || tiles[i].y + tiles[i].h > tiles[best].y + tiles[best].h) best = i;
  }
  return best;
}

/**
 * Reports the file at the top of the grid's viewport after each drawn frame where it changed
 * (another file, or the same one moved): `onChange(fileId, sectionKey, offset)`. Nothing is
 * allocated while it stays. Returns the unsubscribe.
 */
export function watchTopFile(
  engine: GalleryEngine,
  onChange: (fileId: string, sectionKey: string, offset: number) => void,
): () => void {
  let section = -1;
  let item = -1;
  let offset = Number.NaN;
  return engine.onFrame(() => {
    const { composer, timeline } = engine;
    const index = topTileIndex(composer.visibleTiles, composer.visibleCount);
    if (index < 0) return;
    const tile = composer.visibleTiles[index];
    if (tile.section === section && tile.item === item && tile.y === offset) return;
    section = tile.section;
    item = tile.item;
    offset = tile.y;
    const fileId = timeline.fileId(section, item);
    const descriptor = timeline.sections[section]?.descriptor;
    if (fileId && descriptor) onChange(fileId, descriptor.key, offset);
  });
}

/** The anchor of the file at `position` as its tile stands now (a file being opened); or null. */
export function fileAnchorAt(engine: GalleryEngine, position: ItemPosition): FileAnchor | null {
  const { timeline } = engine;
  const fileId = timeline.fileId(position.section, position.item);
  const descriptor = timeline.sections[position.section]?.descriptor;
  const rect = { x: 0, y: 0, w: 0, h: 0 };
  if (!fileId || !descriptor || !engine.actions.tileRect(position.section, position.item, rect)) {
    return null;
  }
  return { fileId, sectionKey: descriptor.key, offset: rect.y };
}

/**
 * Brings the grid back to an anchor: loads the section holding it (found by key among the listed
 * sections), scrolls at once so the file's tile stands at its old height and puts the keyboard
 * focus on it (not shown). Resolves false, moving nothing, when the section or the file is gone.
 * Rejects with an AbortError when `signal` aborts.
 */
export async function revealAnchor(
  engine: GalleryEngine,
  anchor: FileAnchor,
  signal: AbortSignal,
): Promise<boolean> {
  const { timeline, scroll } = engine;
  const before = timeline.indexOfKey(anchor.sectionKey);
  if (before < 0) return false;
  if (!timeline.sections[before].files) await timeline.loadSections([before], signal);
  // A live change may have moved the section meanwhile: find it by its key again.
  const section = timeline.indexOfKey(anchor.sectionKey);
  const item =
    section < 0 ? -1 : (timeline.sections[section].files?.ids.indexOf(anchor.fileId) ?? -1);
  const rect = { x: 0, y: 0, w: 0, h: 0 };
  if (item < 0 || !engine.actions.tileRect(section, item, rect)) return false;
  // Not at the next frame: an album just listed came back at its top, its place clamped to 0.
  engine.syncContentHeight();
  scroll.scrollTo(scroll.position + rect.y - anchor.offset);
  engine.focus.set({ section, item }, false);
  engine.invalidate();
  return true;
}
