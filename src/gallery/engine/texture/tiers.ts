/**
 * The two texture tiers of the gallery. Every layer is a square: a thumbnail of any aspect ratio is
 * decoded stretched to the square, and the renderer samples the full 0..1 UV on a quad that has
 * the picture's aspect, so the picture comes out undistorted.
 *
 * Orientation (must stay true for the tile shader): layer texel row 0 (v = 0) holds the TOP row of
 * the picture, because ImageBitmap uploads ignore UNPACK_FLIP_Y_WEBGL and the decode keeps
 * `imageOrientation: 'from-image'` so EXIF rotation is honoured. A quad whose uv.y grows upwards
 * samples `vec3(uv.x, 1.0 - uv.y, layer)`.
 *
 * Colour: texels are sRGB-encoded bytes in a plain RGBA8 texture (no SRGB8_ALPHA8), so the tile
 * shader writes them to the drawing buffer unchanged (no colorspace_fragment conversion).
 */
import { THUMBNAIL_SIZES, type ThumbnailSize } from '../../../domain/constants';

export type TextureTier = 'small' | 'large';

export const TEXTURE_TIERS: readonly TextureTier[] = ['small', 'large'];

/**
 * Edge of a layer in texels. Small matches the service's 256 thumbnail. Large is 1024 rather than
 * the 1280 source: a 1280² RGBA8 layer costs 6.55 MB against 4.19 MB (1.56× more large tiles fit
 * the same budget), and the large tier only serves grid tiles between 257 and ~1000 device pixels,
 * where 1024 loses nothing visible. Decoding resizes to this size, so nothing else changes.
 */
export const TIER_LAYER_SIZE: Readonly<Record<TextureTier, number>> = Object.freeze({
  small: THUMBNAIL_SIZES[0],
  large: 1024,
});

/** The SPEC §9 thumbnail size (the `area` asked of the thumbnail host) behind each tier. */
export const TIER_THUMBNAIL_SIZE: Readonly<Record<TextureTier, ThumbnailSize>> = Object.freeze({
  small: THUMBNAIL_SIZES[0],
  large: THUMBNAIL_SIZES[1],
});

/**
 * How far a small layer may be stretched before the large tier is worth asking for: up to 1.25×
 * the 256 thumbnail still reads sharp in a grid, and the margin keeps the default desktop rows
 * (180 px: 4:3, 3:2 and 16:9 tiles up to 320 px wide at DPR 1) on the small tier, where a large
 * layer would cost 16× the memory and upload time for no visible gain.
 */
export const LARGE_TIER_HEADROOM = 1.25;

/** Bytes of one RGBA8 layer of the tier. */
export function layerBytes(tier: TextureTier): number {
  const size = TIER_LAYER_SIZE[tier];
  return size * size * 4;
}

/**
 * What one upload costs against `maxUploadsPerFrame`, in small-layer units: a large layer has 16×
 * the texels and takes about 16× the upload time, so a frame that allows 8 small uploads does not
 * also allow 8 large ones (tens of milliseconds on a phone). A frame always allows one upload, so
 * the large tier never starves.
 */
export const UPLOAD_COST: Readonly<Record<TextureTier, number>> = Object.freeze({
  small: 1,
  large: (TIER_LAYER_SIZE.large / TIER_LAYER_SIZE.small) ** 2,
});

/** Layer 0 of the small tier holds the generated "thumbnail failed" picture. */
export const FALLBACK_LAYER = 0;

/**
 * Device pixels the picture's longer side spans on screen when drawn in a tile of `widthCss` ×
 * `heightCss` at `devicePixelRatio`: both dimensions count. The renderer fills the tile with the
 * picture and crops what overflows (TileRenderer `aCrop`: a 10:1 panorama laid out at the 4:1
 * display bound, or any picture in a square tile), so a cropped picture is drawn larger than its
 * tile: a 10:1 panorama in a 720 × 180 tile is drawn 1800 × 180, and its 256 thumbnail (256 × 26)
 * would give 26 texels to 180 device pixels of height. Without the picture's aspect (`0`), the
 * picture is taken to have the tile's, and the tile's longer side decides.
 */
export function drawnLongSide(
  widthCss: number,
  heightCss: number,
  devicePixelRatio: number,
  imageAspect = 0,
): number {
  const w = Math.max(0, widthCss) * devicePixelRatio;
  const h = Math.max(0, heightCss) * devicePixelRatio;
  if (!(imageAspect > 0) || !(w > 0) || !(h > 0)) return Math.max(w, h);
  // Covered: the picture's height is the tile's, or more when its width would fall short.
  const drawnHeight = Math.max(h, w / imageAspect);
  return Math.max(drawnHeight, drawnHeight * imageAspect);
}

/**
 * The one rule for the tier a tile wants (TileComposer asks it for every visible tile): the
 * large tier only while the scroll is idle and when the picture as drawn (drawnLongSide: device
 * pixels, both dimensions, the crop included) exceeds the small thumbnail's longer side (256, as
 * the thumbnail host makes it) by more than LARGE_TIER_HEADROOM. Asked every frame, so a tile
 * that grows (a resize, a zoom level, a move to a screen of higher DPR) upgrades at its next
 * idle frame.
 */
export function preferredTier(
  widthCss: number,
  heightCss: number,
  devicePixelRatio: number,
  scrollIdle: boolean,
  imageAspect = 0,
): TextureTier {
  if (!scrollIdle) return 'small';
  return drawnLongSide(widthCss, heightCss, devicePixelRatio, imageAspect) >
    TIER_THUMBNAIL_SIZE.small * LARGE_TIER_HEADROOM
    ? 'large'
    : 'small';
}
