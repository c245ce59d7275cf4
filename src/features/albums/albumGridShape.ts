import { ALBUM_GRID } from '../../domain/constants';

/**
 * SPEC §9 album grid: tiles 296×320, 16 px apart; on phones 190 high, 8 px apart, as many columns
 * as are at least 160 px wide ("thumbnail grid min 160": 2 on a 360 px phone, 3 at 599 px).
 */
const TILE = {
  width: ALBUM_GRID.desktopTile.width,
  height: ALBUM_GRID.desktopTile.height,
  gap: 16,
};
const MOBILE_TILE = {
  height: ALBUM_GRID.mobileTileHeight,
  gap: 8,
  minWidth: ALBUM_GRID.thumbnailGridMin,
};
const MOBILE_MAX_PX = 599;

/** The root font size the SPEC's desktop sizes are drawn at (app.css: 18 px from 1400 px up). */
export const TV_BASE_ROOT_PX = 18;

/**
 * Columns and tile size for a grid this wide. `rootPx`, the page's root font size, grows the
 * desktop tiles with the text on a TV (app.css: 18 px from 1400 px wide, 32 px at 3840; issue
 * 34.11): with the SPEC's 296 px tiles a 3840 px screen gave 32 px titles about 14 letters, cut.
 * Up to an 18 px root the SPEC's sizes stand.
 */
export function gridShape(
  width: number,
  rootPx = TV_BASE_ROOT_PX,
): {
  columns: number;
  tileWidth: number;
  rowHeight: number;
  gap: number;
} {
  if (width <= MOBILE_MAX_PX) {
    const { gap, minWidth, height } = MOBILE_TILE;
    const columns = Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
    return { columns, tileWidth: (width - gap * (columns - 1)) / columns, rowHeight: height, gap };
  }
  const scale = Math.max(1, rootPx / TV_BASE_ROOT_PX);
  const tile = {
    width: TILE.width * scale,
    height: Math.round(TILE.height * scale),
    gap: Math.round(TILE.gap * scale),
  };
  const columns = Math.max(1, Math.floor((width + tile.gap) / (tile.width + tile.gap)));
  return {
    columns,
    tileWidth: (width - tile.gap * (columns - 1)) / columns,
    rowHeight: tile.height,
    gap: tile.gap,
  };
}
