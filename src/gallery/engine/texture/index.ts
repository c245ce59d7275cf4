export {
  TextureCache,
  type TextureCacheOptions,
  type TileStatus,
  type UploadRenderer,
} from './TextureCache';
export { FRAME_UPLOAD_BUDGET_MS, LARGE_BAND_ROWS, type UploadFrame } from './UploadBudget';
export type { TextureCacheStats } from './stats';
export type { ThumbnailLoader } from './ThumbnailLoader';
export { WorkerThumbnailLoader, type WorkerThumbnailLoaderOptions } from './WorkerThumbnailLoader';
export {
  TEXTURE_BUDGETS,
  deviceClassFor,
  poolSizesFor,
  maxArrayTextureLayersOf,
  type DeviceClass,
  type TextureBudget,
  type TexturePoolSizes,
} from './budgets';
export {
  FALLBACK_LAYER,
  TEXTURE_TIERS,
  TIER_LAYER_SIZE,
  TIER_THUMBNAIL_SIZE,
  LARGE_TIER_HEADROOM,
  UPLOAD_COST,
  layerBytes,
  preferredTier,
  type TextureTier,
} from './tiers';
