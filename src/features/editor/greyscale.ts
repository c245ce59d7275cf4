import { AVAILABLE_FILTERS } from 'react-filerobot-image-editor/lib/components/tools/Filters/Filters.constants';

/** The library's name of the filter this one stands in for (kept in its design state). */
const FILTER_NAME = 'BlackAndWhite';

/**
 * A greyscale filter (a Konva filter, as the library's are): each pixel becomes its luminance
 * (ITU-R BT.709 weights), so a photo keeps its tones. The library's "Black & White" was a 1-bit
 * threshold (each pixel black or white by its mean against 100: issue 34.11).
 */
export function Greyscale(imageData: ImageData): void {
  const { data } = imageData;
  for (let i = 0; i < data.length; i += 4) {
    const luminance = Math.round(0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]);
    data[i] = luminance;
    data[i + 1] = luminance;
    data[i + 2] = luminance;
  }
}
Greyscale.filterName = FILTER_NAME;

/**
 * Makes the library's "Black & White" the greyscale filter. Its filter list is a module
 * constant (no option sets it), so the entry is changed in place, once, before the editor
 * renders; a library whose list no longer has the entry is left as it is.
 */
export function installGreyscale(
  filters: { label: string; filterFn: unknown }[] = AVAILABLE_FILTERS,
) {
  const entry = filters.find((filter) => filter.label === 'Black & White');
  if (entry) entry.filterFn = Greyscale;
}
