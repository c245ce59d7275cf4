/**
 * The viewer's zoom and pan, as pure functions of the stage size and the image's size. `scale`
 * is relative to the image fitted in the stage (1 = fitted); `x`, `y` move the image's centre
 * from the stage's centre, in CSS pixels.
 */
export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const FITTED: ZoomState = Object.freeze({ scale: 1, x: 0, y: 0 });

/** Issue 12: "up to 1:1 device pixels of the original (or 4× for small images)". */
export const SMALL_IMAGE_MAX_SCALE = 4;
/** One keyboard or double-click step. */
export const ZOOM_STEP = 2;

/** The image's size when fitted in the stage (contain). */
export function fittedSize(stage: Size, aspect: number): Size {
  const a = aspect > 0 ? aspect : 4 / 3;
  if (stage.width / stage.height > a) return { width: stage.height * a, height: stage.height };
  return { width: stage.width, height: stage.width / a };
}

/**
 * The largest scale: the original at one device pixel per pixel; an image that is already shown
 * larger than that when fitted (a small image) may still be magnified 4×.
 */
export function maxScale(stage: Size, aspect: number, originalWidth: number, dpr: number): number {
  const fitted = fittedSize(stage, aspect);
  const oneToOne = originalWidth / Math.max(1, dpr) / fitted.width;
  return oneToOne > 1 ? oneToOne : SMALL_IMAGE_MAX_SCALE;
}

/** Keeps the image covering as much of the stage as it can: no panning past its edges. */
export function clampPan(state: ZoomState, stage: Size, aspect: number): ZoomState {
  const fitted = fittedSize(stage, aspect);
  const limitX = Math.max(0, (fitted.width * state.scale - stage.width) / 2);
  const limitY = Math.max(0, (fitted.height * state.scale - stage.height) / 2);
  // `+ 0` turns a -0 into 0: a fitted image is exactly centred.
  return {
    scale: state.scale,
    x: Math.min(limitX, Math.max(-limitX, state.x)) + 0,
    y: Math.min(limitY, Math.max(-limitY, state.y)) + 0,
  };
}

/**
 * Zooms to `scale` (clamped to 1…max) keeping the image point under (px, py) still; the point is
 * relative to the stage's centre.
 */
export function zoomAround(
  state: ZoomState,
  scale: number,
  px: number,
  py: number,
  stage: Size,
  aspect: number,
  max: number,
): ZoomState {
  const next = Math.min(max, Math.max(1, scale));
  const ratio = next / state.scale;
  return clampPan(
    { scale: next, x: px - (px - state.x) * ratio, y: py - (py - state.y) * ratio },
    stage,
    aspect,
  );
}

/** The image's longest side on screen in device pixels: past 1280 the original is worth loading. */
export function shownDevicePixels(state: ZoomState, stage: Size, aspect: number, dpr: number) {
  const fitted = fittedSize(stage, aspect);
  return Math.max(fitted.width, fitted.height) * state.scale * dpr;
}
