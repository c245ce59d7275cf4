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

/** Columns and tile size for a grid this wide. */
export function gridShape(width: number): {
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
  const columns = Math.max(1, Math.floor((width + TILE.gap) / (TILE.width + TILE.gap)));
  return {
    columns,
    tileWidth: (width - TILE.gap * (columns - 1)) / columns,
    rowHeight: TILE.height,
    gap: TILE.gap,
  };
}
