import type { TextureTier } from './tiers';

/**
 * Where decoded thumbnails come from. The cache calls `load` at most `maxInFlight` times at once,
 * highest priority first, and aborts `signal` when the tile leaves the margin.
 *
 * Contract: the bitmap is exactly TIER_LAYER_SIZE[tier] square (stretched, EXIF-oriented) and
 * ownership passes to the caller, which closes it. A loader that resolves after `signal` aborted
 * closes the bitmap itself or lets the caller do it; the cache closes any bitmap it did not want.
 */
export interface ThumbnailLoader {
  load(fileId: string, tier: TextureTier, signal: AbortSignal): Promise<ImageBitmap>;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
