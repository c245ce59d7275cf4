import {
  Box2,
  DataTexture,
  Texture,
  Vector3,
  type DataArrayTexture,
  type WebGLRenderer,
} from 'three';
import type { FrameClock } from '../clock';
import { createFallbackPixels } from './fallbackImage';
import { LayerPool } from './LayerPool';
import { emptyStats, type TextureCacheStats } from './stats';
import { TileState, type TileEntry } from './TileEntry';
import { TileRequests } from './TileRequests';
import type { ThumbnailLoader } from './ThumbnailLoader';
import { FALLBACK_LAYER, TEXTURE_TIERS, TIER_LAYER_SIZE, type TextureTier } from './tiers';
import {
  LARGE_BAND_ROWS,
  DECODED_CATCH_UP_FRAMES,
  UploadBudget,
  URGENT_UPLOAD_FACTOR,
  type UploadFrame,
} from './UploadBudget';

export interface TextureCacheOptions {
  /** Layers of the small pool, the fallback layer included (see poolSizesFor). */
  smallLayers: number;
  largeLayers: number;
  /** Upload allowance per frame in small-layer units (UploadBudget; a large layer costs UPLOAD_COST.large). */
  maxUploadsPerFrame: number;
  loader: ThumbnailLoader;
  clock: FrameClock;
  /** Asks the renderer for a frame (frameloop "demand"): a bitmap waits, or a tile failed. */
  onChange: () => void;
  /**
   * Loads at once. The limit lives here, not in the worker, so that the priority order decides
   * what is fetched next and a queued tile that scrolls away costs nothing. Default 6, the
   * browsers' HTTP/1.1 connections per host.
   */
  maxInFlight?: number;
}

export type TileStatus = 'none' | 'loading' | 'ready' | 'failed';

/** The part of WebGLRenderer the cache uses; the render loop's `gl` satisfies it. */
export type UploadRenderer = Pick<
  WebGLRenderer,
  'copyTextureToTexture' | 'getContext' | 'properties' | 'state'
>;

/** A large layer part-uploaded: its bitmap's rows above `row` are in `layer`. */
interface BandUpload {
  entry: TileEntry;
  layer: number;
  row: number;
}

/**
 * The pixel-store parameters three.js reads back around every copyTextureToTexture. What its
 * state has not cached it asks the context for: a synchronous round trip that waits for all
 * queued GPU work — the first time, the pools' allocation (bench/startup.ts: 160–200 ms of main
 * thread before the first thumbnails under SwiftShader). They hold WebGL's default, 0, and
 * nothing of ours sets them otherwise: telling three.js so keeps every read in its cache.
 */
const UNPACK_PARAMETERS = [
  'UNPACK_ROW_LENGTH',
  'UNPACK_IMAGE_HEIGHT',
  'UNPACK_SKIP_PIXELS',
  'UNPACK_SKIP_ROWS',
  'UNPACK_SKIP_IMAGES',
] as const;

const STATUS: readonly TileStatus[] = ['loading', 'loading', 'loading', 'ready', 'failed', 'none'];

/**
 * GPU texture cache of the gallery: two DataArrayTexture pools (tiers.ts), filled from a
 * ThumbnailLoader within each frame's UploadBudget, evicting least-recently-used tiles.
 *
 * Per frame, inside the frame callback: `beginFrame()`, `request()` for every tile in the margin
 * (visible first: higher priority), `endFrame()`, then `uploadPending(gl, …)` before drawing, then
 * `layerOf()` / `state()` per tile. A tile not requested in a pass is cancelled if still loading
 * and becomes an eviction candidate if uploaded; tiles of the current and the last complete pass
 * are never evicted, so a pool smaller than the screen degrades to placeholders, not thrashing.
 */
export class TextureCache {
  private readonly pools: Record<TextureTier, LayerPool>;
  private readonly requests: TileRequests;
  /** renderer.properties of the WebGL state our layers live in; a new one means they are gone. */
  private boundProperties: unknown = null;
  private fallbackUploaded = false;
  private contextLost = false;
  private disposed = false;
  private readonly fallbackSource: DataTexture;
  // Must never be rendered or passed to initTexture: copyTextureToTexture takes its texSubImage3D
  // path only for a source unknown to renderer.properties.
  private readonly bitmapSource = new Texture<ImageBitmap | null>(null);
  private readonly uploadPosition = new Vector3();
  private readonly bandRegion = new Box2();
  /** The large layer being uploaded in bands, or null. */
  private band: BandUpload | null = null;
  private readonly budget: UploadBudget;
  /** See lastShownUploads. */
  private shownUploads = 0;
  private readonly snapshot: TextureCacheStats = emptyStats();

  constructor(private readonly options: TextureCacheOptions) {
    this.pools = {
      small: new LayerPool('small', Math.max(2, options.smallLayers), FALLBACK_LAYER + 1),
      large: new LayerPool('large', Math.max(1, options.largeLayers), 0),
    };
    const maxInFlight = Math.max(1, options.maxInFlight ?? 6);
    this.requests = new TileRequests(options.loader, maxInFlight, options.onChange, {
      // A frame's worth of small uploads (plus what arrives while it is drawn), a late frame's
      // (UploadBudget DECODED_CATCH_UP_FRAMES) included; large ones are 4 MiB each and one fills
      // a frame's allowance.
      small: Math.max(
        maxInFlight,
        URGENT_UPLOAD_FACTOR * options.maxUploadsPerFrame * DECODED_CATCH_UP_FRAMES,
      ),
      large: maxInFlight,
    });
    this.budget = new UploadBudget(options.clock, options.maxUploadsPerFrame);
    const size = TIER_LAYER_SIZE.small;
    this.fallbackSource = new DataTexture(createFallbackPixels(size), size, size);
  }

  /** The pages of a tier's pool created so far (LayerPool): the tile shader samples them. */
  pages(tier: TextureTier): readonly DataArrayTexture[] {
    return this.pools[tier].pages;
  }

  /** The first layer of each page of a tier's pool (LayerPool.pageStarts). */
  pageStarts(tier: TextureTier): readonly number[] {
    return this.pools[tier].pageStarts;
  }

  /** Starts a visibility pass; every tile still wanted must be requested before `endFrame()`. */
  beginFrame(): void {
    this.requests.beginPass();
  }

  /**
   * Wants this tile (higher priority loads and uploads first) and marks it recently used.
   * `onScreen`: a small tile the screen shows; until every such tile of a pass is uploaded, no
   * other load starts (TileRequests: the screen before the prefetch).
   */
  request(fileId: string, tier: TextureTier, priority: number, onScreen = false): void {
    if (this.disposed) return;
    const entry = this.requests.request(fileId, tier, priority, onScreen);
    if (entry.state === TileState.Ready) this.pools[tier].touch(entry);
  }

  /** Ends the pass: tiles it did not request stop loading and become eviction candidates. */
  endFrame(): void {
    if (!this.disposed) this.requests.endPass();
  }

  /** The layer holding the tile in its tier's texture, or -1; failed small tiles: FALLBACK_LAYER. */
  layerOf(fileId: string, tier: TextureTier): number {
    const entry = this.requests.get(fileId, tier);
    if (entry === undefined) return -1;
    if (entry.state === TileState.Ready) return entry.layer;
    // A failed large tile returns -1: the renderer keeps the small one (or its fallback).
    return entry.state === TileState.Failed && tier === 'small' ? FALLBACK_LAYER : -1;
  }

  state(fileId: string, tier: TextureTier): TileStatus {
    const entry = this.requests.get(fileId, tier);
    return entry === undefined ? 'none' : STATUS[entry.state];
  }

  /**
   * Uploads decoded bitmaps, most urgent first, within the `frame`'s UploadBudget (a large layer
   * in bands, none while the scroll flings), and closes them. Call once per frame inside the frame
   * callback, before drawing. Returns the number of tiles completed.
   */
  uploadPending(renderer: UploadRenderer, greyOnScreen: boolean, frame: UploadFrame): number {
    this.shownUploads = 0;
    this.snapshot.uploadsThisFrame = 0;
    this.snapshot.uploadMs = 0;
    this.snapshot.bandsThisFrame = 0;
    if (this.disposed) return 0;
    if (renderer.getContext().isContextLost()) {
      this.onContextLost();
      return 0;
    }
    this.contextLost = false;
    if (renderer.properties !== this.boundProperties) {
      // Fresh WebGL state (context restored, or another renderer): none of our layers is on it.
      if (this.boundProperties !== null) this.discardGpuCopies();
      this.boundProperties = renderer.properties;
      // Nothing this frame: its draw compiles and links the tile shader, which the context
      // waits for synchronously; queued behind the pools' allocation (the first copy's
      // texStorage3D), that wait took 160–200 ms (bench/startup.ts). From the next frame the
      // allocation runs on the GPU while the main thread goes on.
      this.options.onChange();
      return 0;
    }
    if (!this.fallbackUploaded) {
      this.copyIntoLayer(renderer, this.fallbackSource, this.pools.small, FALLBACK_LAYER);
      this.fallbackUploaded = true;
    }
    this.dropStaleBand();
    const decoded = this.requests.decodedByUrgency();
    const budget = this.budget;
    // Every frame, bitmaps or not: how late a frame comes is told from the frame before it. Begun
    // only with bitmaps waiting, the first frame to find them (a 4K screen's first, seconds after
    // the one before) counted as on time and uploaded 3 of 35 (issue 34.10).
    budget.begin(frame, greyOnScreen);
    if (decoded.length === 0) return 0;
    let uploads = 0;
    let bands = 0;
    for (let i = decoded.length - 1; i >= 0; i--) {
      const entry = decoded[i];
      const bitmap = entry.bitmap;
      if (bitmap === null || entry.state !== TileState.Decoded) continue;
      const large = entry.tier === 'large';
      if (large && (budget.flinging || (this.band !== null && this.band.entry !== entry))) {
        // Waits for the scroll to slow (or for the layer in progress): ask for the next frame.
        budget.exhausted = true;
        continue;
      }
      // Cheaper (small) uploads behind a refused large one may still fit this frame.
      let complete = false;
      do {
        const share = budget.admit(entry.tier);
        if (share === null) break;
        const layer = large && this.band !== null ? this.band.layer : this.acquireLayer(entry.tier);
        // Every layer holds a tile of the margin: it waits until tiles leave it.
        if (layer < 0) break;
        this.bitmapSource.image = bitmap;
        if (large) {
          const band = this.band ?? (this.band = { entry, layer, row: 0 });
          const rows = Math.min(LARGE_BAND_ROWS, bitmap.height - band.row);
          this.copyIntoLayer(renderer, this.bitmapSource, this.pools.large, layer, band.row, rows);
          band.row += rows;
          bands++;
          complete = band.row >= bitmap.height;
          if (complete) this.band = null;
        } else {
          this.copyIntoLayer(renderer, this.bitmapSource, this.pools.small, layer);
          complete = true;
        }
        this.bitmapSource.image = null;
        budget.charge(entry.tier, share);
        if (complete) {
          bitmap.close();
          this.requests.markReady(entry, layer);
          this.pools[entry.tier].link(entry);
          uploads++;
          if (large || entry.onScreen) this.shownUploads++;
        }
      } while (!complete);
    }
    this.requests.compactDecoded();
    this.snapshot.uploadsThisFrame = uploads;
    this.snapshot.uploadsTotal += uploads;
    this.snapshot.bandsThisFrame = bands;
    this.snapshot.uploadMs = budget.elapsedMs();
    // Bitmaps wait for the allowance: ask for the next frame. Not for those waiting for a layer:
    // that would draw frames while idle.
    if (budget.exhausted) this.options.onChange();
    return uploads;
  }

  /** Frees the least recently used tile outside the current margin; returns its layer or -1. */
  evictLeastRecentlyUsed(tier: TextureTier): number {
    const victim = this.pools[tier].leastRecentlyUsed();
    // The list is ordered by lastPass, so a protected head means every tile is protected.
    if (victim === null || victim.lastPass >= this.requests.protectedPass()) return -1;
    const layer = victim.layer;
    this.pools[tier].unlink(victim);
    this.requests.forget(victim);
    this.snapshot.evictionsTotal++;
    return layer;
  }

  /** The WebGL context is gone, and every layer with it: visible tiles load again. */
  onContextLost(): void {
    if (this.contextLost || this.disposed) return;
    this.contextLost = true;
    this.discardGpuCopies();
  }

  /** The context is back (three.js re-allocates the pools): ask for a frame to upload again. */
  onContextRestored(): void {
    if (!this.contextLost || this.disposed) return;
    this.contextLost = false;
    this.options.onChange();
  }

  /**
   * Tiles of the last uploadPending() that the screen shows: a large one (asked for on screen
   * only) or a small one the last pass saw on screen; not the margin's prefetch.
   */
  get lastShownUploads(): number {
    return this.shownUploads;
  }

  /** Main-thread ms the last uploadPending() spent uploading. */
  get lastUploadMs(): number {
    return this.snapshot.uploadMs;
  }

  /** Counters for engine.stats(); the returned object is reused and valid until the next call. */
  stats(): Readonly<TextureCacheStats> {
    const s = this.snapshot;
    for (const tier of TEXTURE_TIERS) {
      const pool = this.pools[tier];
      const fallback = tier === 'small' && this.fallbackUploaded ? 1 : 0;
      s.layersInUse[tier] = pool.tilesInUse + fallback;
      s.bytesInUse[tier] = s.layersInUse[tier] * pool.layerBytes;
      s.bytesAllocated[tier] = pool.allocatedLayers * pool.layerBytes;
    }
    s.queued = this.requests.count(TileState.Queued);
    s.inFlight = this.requests.count(TileState.Loading);
    s.awaitingUpload = this.requests.count(TileState.Decoded);
    s.ready = this.requests.count(TileState.Ready);
    s.failed = this.requests.count(TileState.Failed);
    s.failedTotal = this.requests.failedTotal;
    return s;
  }

  /** Cancels every load, closes waiting bitmaps and frees the GPU pools. The loader is not ours. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.requests.dispose();
    for (const tier of TEXTURE_TIERS) this.pools[tier].dispose();
    this.fallbackSource.dispose();
    this.bitmapSource.dispose();
  }

  private acquireLayer(tier: TextureTier): number {
    const layer = this.pools[tier].takeFreeLayer();
    return layer >= 0 ? layer : this.evictLeastRecentlyUsed(tier);
  }

  /** Every layer is empty: tiles of the margin queue again, the others are forgotten. */
  private discardGpuCopies(): void {
    const threshold = this.requests.protectedPass();
    for (const tier of TEXTURE_TIERS) {
      this.pools[tier].forEachOccupant((entry) => {
        if (entry.lastPass < threshold) this.requests.forget(entry);
        else this.requests.requeue(entry);
      });
      this.pools[tier].reset();
    }
    // Its layer went with the pool; its bitmap, still decoded, starts again from the top.
    this.band = null;
    this.fallbackUploaded = false;
    this.requests.startLoads();
  }

  private copyIntoLayer(
    renderer: UploadRenderer,
    source: Texture,
    pool: LayerPool,
    layer: number,
    fromRow = 0,
    rows = 0,
  ): void {
    this.uploadPosition.set(0, fromRow, pool.layerInPage(layer));
    const gl = renderer.getContext() as WebGL2RenderingContext;
    // A compare each when cached (every call after the first, unless three's state was reset).
    for (const name of UNPACK_PARAMETERS) renderer.state.pixelStorei(gl[name], 0);
    // three.js binds and, on first use or after a restore, allocates the pool (texStorage3D), then
    // calls texSubImage3D(TEXTURE_2D_ARRAY, 0, 0, 0, layer, w, h, 1, RGBA, UNSIGNED_BYTE, image).
    // A band (rows > 0): UNPACK_ROW_LENGTH / IMAGE_HEIGHT the image's, UNPACK_SKIP_ROWS fromRow,
    // then texSubImage3D(…, 0, fromRow, layer, w, rows, 1, …), and the parameters back to 0.
    let region: Box2 | null = null;
    if (rows > 0) {
      region = this.bandRegion;
      region.min.set(0, fromRow);
      region.max.set(pool.size, fromRow + rows);
    }
    renderer.copyTextureToTexture(source, pool.pageOf(layer), region, this.uploadPosition);
  }

  /** The layer in progress lost its tile (scrolled away): free it. */
  private dropStaleBand(): void {
    const band = this.band;
    if (band === null || band.entry.state === TileState.Decoded) return;
    this.band = null;
    this.pools.large.releaseLayer(band.layer);
  }
}
