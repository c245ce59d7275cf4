import type { TextureTier } from './tiers';

/** Life of one (file, tier) tile. Dropped entries are out of every map and list. */
export const TileState = {
  Queued: 0,
  Loading: 1,
  Decoded: 2,
  Ready: 3,
  Failed: 4,
  Dropped: 5,
} as const;
export type TileState = (typeof TileState)[keyof typeof TileState];

export const TILE_STATE_COUNT = 6;

/**
 * One tile of one tier. An entry object is never reused: a tile dropped and requested again gets a
 * new entry, so a late load result can always tell that it is stale (`state !== Loading`).
 */
export class TileEntry {
  state: TileState = TileState.Queued;
  /** Layer in the tier's pool while Ready, else -1. */
  layer = -1;
  priority = 0;
  /**
   * A small tile on screen (as its last request said): while one is not uploaded, no load of a
   * tile beyond the screen starts (TileRequests).
   */
  onScreen = false;
  /** Request order, to break priority ties first come first served. */
  readonly sequence: number;
  /** The visibility pass that last requested this tile (see TextureCache.beginFrame). */
  lastPass = 0;
  abort: AbortController | null = null;
  bitmap: ImageBitmap | null = null;
  /** Least-recently-used list of Ready entries, per tier (LayerPool). */
  older: TileEntry | null = null;
  newer: TileEntry | null = null;

  constructor(
    readonly fileId: string,
    readonly tier: TextureTier,
    sequence: number,
  ) {
    this.sequence = sequence;
  }
}

/** Sorts ascending so the most urgent entry is last and leaves with a cheap `pop`/backward scan. */
export function byUrgencyAscending(a: TileEntry, b: TileEntry): number {
  return a.priority - b.priority || b.sequence - a.sequence;
}
