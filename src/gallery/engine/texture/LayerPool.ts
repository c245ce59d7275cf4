import { DataArrayTexture, LinearFilter, NoColorSpace, RGBAFormat, UnsignedByteType } from 'three';
import type { TileEntry } from './TileEntry';
import { layerBytes, TIER_LAYER_SIZE, type TextureTier } from './tiers';

/**
 * One tier's GPU pool: a DataArrayTexture of `layers` square RGBA8 layers allocated once, a stack
 * of free layers, and the least-recently-used list of the Ready entries occupying the others.
 */
export class LayerPool {
  readonly texture: DataArrayTexture;
  readonly size: number;
  readonly layerBytes: number;
  private readonly free: Int32Array;
  private freeCount = 0;
  private oldest: TileEntry | null = null;
  private newest: TileEntry | null = null;

  constructor(
    readonly tier: TextureTier,
    readonly layers: number,
    /** Layers below this index are never handed out (the small tier's fallback picture). */
    private readonly reserved: number,
  ) {
    this.size = TIER_LAYER_SIZE[tier];
    this.layerBytes = layerBytes(tier);
    const texture = new DataArrayTexture(null, this.size, this.size, layers);
    texture.format = RGBAFormat;
    texture.type = UnsignedByteType;
    texture.colorSpace = NoColorSpace;
    texture.minFilter = LinearFilter;
    texture.magFilter = LinearFilter;
    texture.generateMipmaps = false;
    texture.flipY = false;
    texture.name = `gallery-${tier}-tiles`;
    // There is no CPU copy: three allocates with texStorage3D and uploads nothing (dataReady
    // false), on first use and again after a context restore; layers arrive by texSubImage3D.
    // Must stay true: nothing sets needsUpdate or changes format, type or filters after this,
    // or three.js may swap in a new, empty WebGL texture and every layer silently goes blank.
    texture.source.dataReady = false;
    texture.needsUpdate = true;
    this.texture = texture;
    this.free = new Int32Array(layers);
    this.reset();
  }

  /** Layers holding a tile (reserved layers not counted). */
  get tilesInUse(): number {
    return this.layers - this.reserved - this.freeCount;
  }

  /** Forgets every occupant: all tile layers become free (the GPU copy is gone or unwanted). */
  reset(): void {
    this.freeCount = 0;
    // Highest first so layers are handed out from low to high, which keeps tests readable.
    for (let layer = this.layers - 1; layer >= this.reserved; layer--) {
      this.free[this.freeCount++] = layer;
    }
    let entry = this.oldest;
    while (entry !== null) {
      const next = entry.newer;
      entry.older = entry.newer = null;
      entry = next;
    }
    this.oldest = this.newest = null;
  }

  takeFreeLayer(): number {
    return this.freeCount > 0 ? this.free[--this.freeCount] : -1;
  }

  releaseLayer(layer: number): void {
    this.free[this.freeCount++] = layer;
  }

  /** The Ready entry touched longest ago, or null. */
  leastRecentlyUsed(): TileEntry | null {
    return this.oldest;
  }

  /** Calls `visit` for every occupant, oldest first; `visit` may unlink the visited entry. */
  forEachOccupant(visit: (entry: TileEntry) => void): void {
    let entry = this.oldest;
    while (entry !== null) {
      const next = entry.newer;
      visit(entry);
      entry = next;
    }
  }

  /** Appends as the most recently used. */
  link(entry: TileEntry): void {
    entry.older = this.newest;
    entry.newer = null;
    if (this.newest !== null) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  unlink(entry: TileEntry): void {
    if (entry.older !== null) entry.older.newer = entry.newer;
    else if (this.oldest === entry) this.oldest = entry.newer;
    if (entry.newer !== null) entry.newer.older = entry.older;
    else if (this.newest === entry) this.newest = entry.older;
    entry.older = entry.newer = null;
  }

  /** Marks as most recently used. */
  touch(entry: TileEntry): void {
    if (this.newest === entry) return;
    this.unlink(entry);
    this.link(entry);
  }

  dispose(): void {
    this.reset();
    this.texture.dispose();
  }
}
