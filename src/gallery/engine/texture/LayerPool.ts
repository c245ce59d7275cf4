import { DataArrayTexture, LinearFilter, NoColorSpace, RGBAFormat, UnsignedByteType } from 'three';
import type { TileEntry } from './TileEntry';
import { layerBytes, TIER_LAYER_SIZE, type TextureTier } from './tiers';

/** Pages a pool is split into at most: the tile shader samples one sampler per page. */
export const MAX_POOL_PAGES = 4;

/** The first page of a pool holds this much (a pool smaller than it is one page). */
const FIRST_PAGE_BYTES = 16 * 1024 * 1024;

/**
 * Layers of each page of a pool of `layers`: a first page of FIRST_PAGE_BYTES (a screen of tiles
 * and its margin: 64 small layers, 4 large ones), then what is left in up to MAX_POOL_PAGES - 1
 * equal pages (the last may be smaller). A session that shows one screen allocates 16 MiB a tier,
 * not a quarter of the budget: under SwiftShader a 64 MiB page held the first thumbnails back by
 * about 0.8 s and cost 0.35 CPU s of clearing per page load (issue 35 step 5), and a GPU clears
 * the whole allocation anywhere.
 */
export function pageSizesFor(layers: number, bytesPerLayer: number): number[] {
  const first = Math.min(layers, Math.max(1, Math.ceil(FIRST_PAGE_BYTES / bytesPerLayer)));
  const rest = layers - first;
  if (rest === 0) return [first];
  const each = Math.ceil(rest / (MAX_POOL_PAGES - 1));
  const sizes = [first];
  for (let left = rest; left > 0; left -= each) sizes.push(Math.min(each, left));
  return sizes;
}

function pageTexture(tier: TextureTier, size: number, layers: number, page: number) {
  const texture = new DataArrayTexture(null, size, size, layers);
  texture.format = RGBAFormat;
  texture.type = UnsignedByteType;
  texture.colorSpace = NoColorSpace;
  texture.minFilter = LinearFilter;
  texture.magFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.flipY = false;
  texture.name = `gallery-${tier}-tiles-${page}`;
  // There is no CPU copy: three allocates with texStorage3D and uploads nothing (dataReady
  // false), on first use and again after a context restore; layers arrive by texSubImage3D.
  // Must stay true: nothing sets needsUpdate or changes format, type or filters after this,
  // or three.js may swap in a new, empty WebGL texture and every layer silently goes blank.
  texture.source.dataReady = false;
  texture.needsUpdate = true;
  return texture;
}

/**
 * One tier's GPU pool: `layers` square RGBA8 layers in up to MAX_POOL_PAGES DataArrayTextures
 * (pages), a stack of free layers, and the least-recently-used list of the Ready entries
 * occupying the others. A page is created when the pages before it are full, so a session
 * that needs a screen of tiles allocates the small first page (pageSizesFor), not the whole
 * budget: allocating 256 MiB at once held the first thumbnails back by 160–200 ms under
 * SwiftShader (bench/startup.ts), and costs the GPU a clear of all of it anywhere. Layer numbers
 * run across pages.
 */
export class LayerPool {
  readonly size: number;
  readonly layerBytes: number;
  /** The first layer of each page: layer n is on the last page starting at or before n. */
  readonly pageStarts: readonly number[];
  private readonly pageSizes: readonly number[];
  private readonly pageList: DataArrayTexture[] = [];
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
    this.pageSizes = pageSizesFor(layers, this.layerBytes);
    let start = 0;
    this.pageStarts = this.pageSizes.map((size) => (start += size) - size);
    this.free = new Int32Array(layers);
    this.addPage();
  }

  /** The pages created so far (each allocated on the GPU at its first upload). */
  get pages(): readonly DataArrayTexture[] {
    return this.pageList;
  }

  /** Layers of the pages created so far. */
  get allocatedLayers(): number {
    const pages = this.pageList.length;
    return pages === 0 ? 0 : this.pageStarts[pages - 1] + this.pageSizes[pages - 1];
  }

  /** The index of the page holding `layer`. */
  private pageIndexOf(layer: number): number {
    let page = this.pageStarts.length - 1;
    while (page > 0 && this.pageStarts[page] > layer) page--;
    return page;
  }

  /** The page holding `layer`. */
  pageOf(layer: number): DataArrayTexture {
    return this.pageList[this.pageIndexOf(layer)];
  }

  /** `layer`'s index within its page. */
  layerInPage(layer: number): number {
    return layer - this.pageStarts[this.pageIndexOf(layer)];
  }

  /** Layers holding a tile (reserved layers not counted). */
  get tilesInUse(): number {
    return this.allocatedLayers - this.reserved - this.freeCount;
  }

  /** Forgets every occupant: all tile layers become free (the GPU copy is gone or unwanted). */
  reset(): void {
    this.freeCount = 0;
    // Highest first so layers are handed out from low to high, which keeps tests readable.
    for (let layer = this.allocatedLayers - 1; layer >= this.reserved; layer--) {
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

  /** A free layer, from a new page when the created ones are full; -1 when all are. */
  takeFreeLayer(): number {
    if (this.freeCount === 0 && this.allocatedLayers < this.layers) this.addPage();
    return this.freeCount > 0 ? this.free[--this.freeCount] : -1;
  }

  private addPage(): void {
    const first = this.allocatedLayers;
    const page = this.pageList.length;
    const layers = this.pageSizes[page];
    this.pageList.push(pageTexture(this.tier, this.size, layers, page));
    for (let layer = first + layers - 1; layer >= Math.max(first, this.reserved); layer--) {
      this.free[this.freeCount++] = layer;
    }
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
    for (const page of this.pageList) page.dispose();
  }
}
