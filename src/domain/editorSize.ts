import { EDITOR_MAX_PIXELS } from './constants';

export interface PixelSize {
  width: number;
  height: number;
}

/**
 * SPEC §5: an image above the editor's megapixel limit is resized (keeping its aspect) to the
 * largest whole-pixel size within the limit; the caller warns. Null: it fits as it is.
 */
export function editorResize(size: PixelSize, maxPixels = EDITOR_MAX_PIXELS): PixelSize | null {
  const { width, height } = size;
  if (!(width > 0 && height > 0) || width * height <= maxPixels) return null;
  const scale = Math.sqrt(maxPixels / (width * height));
  let w = Math.max(1, Math.floor(width * scale));
  let h = Math.max(1, Math.floor(height * scale));
  // Flooring both keeps the area under the limit; the aspect drifts by under a pixel.
  while (w * h > maxPixels) {
    if (w >= h) w -= 1;
    else h -= 1;
  }
  return { width: w, height: h };
}

/**
 * An original that came smaller than the file's known size (a service may answer with a
 * rendition): the editor says so before saving (issue 34.11: a 4032 px photo was edited and
 * saved at 1280 px without a word). Compared by area, so a rotation is not a shortfall; under
 * 1% is rounding.
 */
export function isShortOf(loaded: PixelSize, known: PixelSize | null | undefined): boolean {
  if (!known || !(known.width > 0 && known.height > 0)) return false;
  return loaded.width * loaded.height < known.width * known.height * 0.99;
}

/** Megapixels with one decimal, for the warning ("48.0 MP"). */
export function megapixels(size: PixelSize): number {
  return Math.round((size.width * size.height) / 100_000) / 10;
}
