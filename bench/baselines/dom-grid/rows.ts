// Justified-ish rows, the simple way: fill a row until it is as wide as the grid at the target
// height, then scale the row to fit; the last row keeps the target height.
import type { Tile } from './api';

export const TARGET_ROW_HEIGHT = 180;
export const GAP = 2;
/** Header, header gap and the gap after a month, as the page's CSS has them. */
export const MONTH_CHROME = 30 + 12 + 44;
const MEAN_ASPECT = 1.4;

export interface Row {
  height: number;
  tiles: { id: string; width: number }[];
}

export function justify(tiles: readonly Tile[], width: number): Row[] {
  const rows: Row[] = [];
  let start = 0;
  let aspects = 0;
  for (let i = 0; i < tiles.length; i++) {
    aspects += tiles[i].aspect;
    const count = i - start + 1;
    const natural = aspects * TARGET_ROW_HEIGHT + (count - 1) * GAP;
    if (natural >= width || i === tiles.length - 1) {
      const full = natural >= width;
      const height = full ? (width - (count - 1) * GAP) / aspects : TARGET_ROW_HEIGHT;
      rows.push({
        height,
        tiles: tiles.slice(start, i + 1).map((t) => ({ id: t.id, width: t.aspect * height })),
      });
      start = i + 1;
      aspects = 0;
    }
  }
  return rows;
}

/** Height of a month before its files are loaded, from its count. */
export function estimateHeight(count: number, width: number): number {
  const perRow = Math.max(1, width / (MEAN_ASPECT * TARGET_ROW_HEIGHT));
  return MONTH_CHROME + Math.ceil(count / perRow) * (TARGET_ROW_HEIGHT + GAP);
}
