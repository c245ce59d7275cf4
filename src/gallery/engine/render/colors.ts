/**
 * The colours the canvas draws that are not thumbnails: its background (the WebGL clear colour)
 * and the flat tiles shown before a section's files are known (placeholder) or before a tile's
 * thumbnail has arrived (loading). 0xRRGGBB. The app's theme sets them (light or dark) through
 * `GalleryEngine.setColors`; the engine only draws them.
 */
export interface GalleryColors {
  background: number;
  placeholder: number;
  loading: number;
}

export const LIGHT_GALLERY_COLORS: Readonly<GalleryColors> = {
  background: 0xffffff,
  placeholder: 0xe6e8ec,
  loading: 0xd9dce2,
};
