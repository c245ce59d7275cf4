import {
  rescaleDesign,
  shownScale,
  type Annotation,
  type Crop,
  type ShownSize,
} from './designScale';
import { EditorError } from './errors';
import type { LibraryHandle, LibraryState } from './LibraryEditor';
import { canvasBlob } from './loadImage';
import type { CopyType } from './naming';
import { seamFails } from './testSeams';

/** How long the library may take to load the original in place of the preview. */
const SWAP_TIMEOUT_MS = 20_000;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function shownOf(state: LibraryState): ShownSize | null {
  const shown = state.shownImageDimensions;
  return shown?.width && shown.height ? { width: shown.width, height: shown.height } : null;
}

/** Waits until the library shows `image` and its fitted size has settled (two equal reads). */
async function waitForSource(handle: LibraryHandle, image: HTMLImageElement): Promise<ShownSize> {
  const deadline = performance.now() + SWAP_TIMEOUT_MS;
  let last: ShownSize | null = null;
  while (performance.now() < deadline) {
    await nextFrame();
    const state = await handle.read();
    const loaded = state.originalImage;
    const shown = shownOf(state);
    const isImage = loaded?.width === image.naturalWidth && loaded.height === image.naturalHeight;
    if (isImage && shown && last && shown.width === last.width && shown.height === last.height) {
      return shown;
    }
    last = isImage ? shown : null;
  }
  throw new EditorError('rendering', 'the editor did not take the original in time');
}

const near = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 0.5 : a === b;

/** Whether the library's crop box is `crop` (its position and size, within half a shown pixel). */
export function holdsCrop(state: LibraryState, crop: Crop): boolean {
  const now = state.adjustments?.crop ?? {};
  return (['x', 'y', 'width', 'height'] as const).every((key) => near(now[key], crop[key]));
}

/**
 * Puts the rescaled geometry into the library and waits until its state holds the crop box on two
 * reads a frame apart. The library can still be settling the new source when the first update
 * lands and then puts its own box back (under load the copy came out with the preview's box on
 * the original: 24 px short), so an update that did not hold is made again.
 */
export async function applyCrop(
  handle: LibraryHandle,
  crop: Crop,
  annotations: Readonly<Record<string, Annotation>>,
): Promise<void> {
  const deadline = performance.now() + SWAP_TIMEOUT_MS;
  let held = 0;
  handle.update({ adjustments: { crop }, annotations });
  while (performance.now() < deadline) {
    await nextFrame();
    // A read runs after the library's reducer has applied every update before it.
    if (holdsCrop(await handle.read(), crop)) {
      held += 1;
      if (held >= 2) return;
    } else {
      held = 0;
      handle.update({ adjustments: { crop }, annotations });
    }
  }
  throw new EditorError('rendering', 'the editor did not keep the edit on the original');
}

/**
 * The edited image at the save base's resolution. The user edited the 1280 preview; the library
 * exports at the size of the image it holds, so the base (the original, or its resize past the
 * megapixel limit) is swapped in — the library keeps the edit across a new source — and the
 * edit's geometry is rescaled from the preview's shown size to the base's (designScale.ts), then
 * exported. Everything it does goes through the library's own state and export.
 */
export async function renderCopy(
  handle: LibraryHandle,
  base: HTMLImageElement,
  showing: HTMLImageElement,
  show: (image: HTMLImageElement) => void,
  type: CopyType,
): Promise<Blob> {
  if (base !== showing) {
    const before = await handle.read();
    const from = shownOf(before);
    show(base);
    const to = await waitForSource(handle, base);
    if (from) {
      const geometry = rescaleDesign(
        { crop: before.adjustments?.crop ?? {}, annotations: before.annotations ?? {} },
        shownScale(from, to),
      );
      await applyCrop(handle, geometry.crop, geometry.annotations);
    }
  }
  let canvas: HTMLCanvasElement;
  try {
    if (seamFails('rendering')) throw new Error('rendering failure injected by a test');
    canvas = handle.exportCanvas();
  } catch (error) {
    throw error instanceof EditorError
      ? error
      : new EditorError('rendering', 'the editor could not export', { cause: error });
  }
  return canvasBlob(canvas, type, type === 'image/jpeg' ? 0.92 : undefined);
}
