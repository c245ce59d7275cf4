import type { TextureTier } from './tiers';

/** What TextureCache.stats() reports to engine.stats(), tests and benchmarks. */
export interface TextureCacheStats {
  /** Tile uploads in the last uploadPending() call (the fallback picture not counted). */
  uploadsThisFrame: number;
  uploadsTotal: number;
  /** Bands of large layers copied in the last uploadPending() (policy `budget`). */
  bandsThisFrame: number;
  /** Milliseconds the last uploadPending() spent uploading (main-thread budget). */
  uploadMs: number;
  /** Layers holding a tile (or, in the small tier, the fallback picture). */
  layersInUse: Record<TextureTier, number>;
  bytesInUse: Record<TextureTier, number>;
  /** Whole pools: what the GPU holds once the pools are allocated. */
  bytesAllocated: Record<TextureTier, number>;
  /** Tiles waiting for a load slot. */
  queued: number;
  /** Loads running (fetch + decode). */
  inFlight: number;
  /** Decoded bitmaps waiting for the upload allowance or for a free layer. */
  awaitingUpload: number;
  ready: number;
  /** Tiles showing the fallback picture now. */
  failed: number;
  failedTotal: number;
  evictionsTotal: number;
}

export function emptyStats(): TextureCacheStats {
  return {
    uploadsThisFrame: 0,
    uploadsTotal: 0,
    bandsThisFrame: 0,
    uploadMs: 0,
    layersInUse: { small: 0, large: 0 },
    bytesInUse: { small: 0, large: 0 },
    bytesAllocated: { small: 0, large: 0 },
    queued: 0,
    inFlight: 0,
    awaitingUpload: 0,
    ready: 0,
    failed: 0,
    failedTotal: 0,
    evictionsTotal: 0,
  };
}
