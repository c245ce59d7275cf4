import { PROFILE_CROP_PX } from '../../domain/constants';

// The profile picture's circular crop (SPEC §9 crop viewport 310×310): pure geometry, so the
// cropper's drag, zoom and keys and the final cut agree and can be tested apart.

/** Where the image lies under the viewport: its top-left corner (px) and its scale. */
export interface CropView {
  x: number;
  y: number;
  scale: number;
}

export const MAX_ZOOM = 4;
const VIEWPORT = PROFILE_CROP_PX;

/** The scale at which the image's shorter side just fills the viewport (zoom 1). */
export const coverScale = (width: number, height: number): number =>
  VIEWPORT / Math.min(width, height);

/** The view at zoom 1, centred. */
export function initialView(width: number, height: number): CropView {
  const scale = coverScale(width, height);
  return { scale, x: (VIEWPORT - width * scale) / 2, y: (VIEWPORT - height * scale) / 2 };
}

/** Keeps the viewport covered: the image never leaves a gap inside the circle's square. */
export function clampView(view: CropView, width: number, height: number): CropView {
  const min = coverScale(width, height);
  const scale = Math.min(Math.max(view.scale, min), min * MAX_ZOOM);
  const clamp = (at: number, size: number) => Math.min(0, Math.max(VIEWPORT - size * scale, at));
  return { scale, x: clamp(view.x, width), y: clamp(view.y, height) };
}

/** Zooms to `zoom` (1…MAX_ZOOM, relative to the cover scale) around the viewport's centre. */
export function zoomTo(view: CropView, zoom: number, width: number, height: number): CropView {
  const scale = coverScale(width, height) * zoom;
  const centre = VIEWPORT / 2;
  const factor = scale / view.scale;
  return clampView(
    {
      scale,
      x: centre - (centre - view.x) * factor,
      y: centre - (centre - view.y) * factor,
    },
    width,
    height,
  );
}

export const zoomOf = (view: CropView, width: number, height: number): number =>
  view.scale / coverScale(width, height);

/**
 * The square under the viewport in the pixels of an image `ratio` times the size of the one on
 * screen (the original photo, SPEC §5 "crop output scales to the original photo size").
 */
export function cropRect(view: CropView, ratio = 1): { left: number; top: number; size: number } {
  return {
    left: (-view.x / view.scale) * ratio,
    top: (-view.y / view.scale) * ratio,
    size: (VIEWPORT / view.scale) * ratio,
  };
}
