import { firstItemBelow, itemAtPoint, nearestInRow, rowOf } from '../timeline/geometry';

/** What zoom anchoring reads of a grid; TimelineModel has all of it. */
export interface AnchorGrid {
  readonly rowsOffset: number;
  sectionIndexAt(y: number): number;
  sectionTop(section: number): number;
  sectionHeight(section: number): number;
  rectsOf(section: number): Float32Array | null;
}

/**
 * The content under the fingers (or the pointer) when a zoom starts, by item, not by pixel: the
 * layout changes completely, so only "this item, this far down it" survives it.
 */
export interface ZoomAnchor {
  section: number;
  /** The item, or -1 to hold the point's proportional place in its section. */
  item: number;
  /** How far down the item (or section) the point was, in its heights (may be outside 0..1). */
  fraction: number;
  /** Canvas-relative y the content must stay at. */
  screenY: number;
}

/**
 * The anchor for a zoom around canvas point (gridX, screenY) with the viewport's top at
 * `viewTop`: the item under the point, or the nearest one of its row (a gap, a header), or the
 * section's proportional place when the section is not laid out. Null without sections.
 */
export function captureZoomAnchor(
  grid: AnchorGrid,
  gridX: number,
  viewTop: number,
  screenY: number,
): ZoomAnchor | null {
  const y = viewTop + screenY;
  const section = grid.sectionIndexAt(y);
  if (section < 0) return null;
  const rects = grid.rectsOf(section);
  const count = rects ? rects.length >> 2 : 0;
  if (rects && count > 0) {
    const local = y - grid.sectionTop(section) - grid.rowsOffset;
    let item = itemAtPoint(rects, gridX, local);
    if (item < 0)
      item = nearestInRow(
        rects,
        rowOf(rects, Math.min(count - 1, firstItemBelow(rects, local))),
        gridX,
      );
    const top = rects[item * 4 + 1];
    const height = Math.max(1, rects[item * 4 + 3]);
    return { section, item, fraction: (local - top) / height, screenY };
  }
  const height = grid.sectionHeight(section);
  const fraction = height > 0 ? (y - grid.sectionTop(section)) / height : 0;
  return { section, item: -1, fraction, screenY };
}

/**
 * The scroll position that puts the anchor back at its screen y in the current layout, or null
 * when its item has no rect (not laid out).
 */
export function anchoredScrollPosition(grid: AnchorGrid, anchor: ZoomAnchor): number | null {
  const top = grid.sectionTop(anchor.section);
  if (anchor.item < 0)
    return top + anchor.fraction * grid.sectionHeight(anchor.section) - anchor.screenY;
  const rects = grid.rectsOf(anchor.section);
  if (!rects || anchor.item * 4 >= rects.length) return null;
  const itemTop = top + grid.rowsOffset + rects[anchor.item * 4 + 1];
  return itemTop + anchor.fraction * rects[anchor.item * 4 + 3] - anchor.screenY;
}

/**
 * The zoom level a pinch of `scale` (finger distance now / at the start) asks for from
 * `current`: the level whose row height is nearest (in ratio) to the scaled one, and at least
 * one step in the pinch's direction once the gesture passed its threshold.
 */
export function levelForPinch(levels: readonly number[], current: number, scale: number): number {
  const wanted = levels[current] * scale;
  let best = current;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i < levels.length; i++) {
    const distance = Math.abs(Math.log(levels[i] / wanted));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  if (best === current && scale !== 1) best += scale > 1 ? 1 : -1;
  return Math.min(levels.length - 1, Math.max(0, best));
}
