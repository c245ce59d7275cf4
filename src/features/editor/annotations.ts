import type { LibraryHandle } from './LibraryEditor';

/** How much of the visible image an added picture may cover, at most, each way. */
const MAX_SHARE = 0.4;

/**
 * Adds a picture (a sticker, a camera photo) to the edit as the library's own image annotation,
 * centred on what is visible (the crop box, else the whole image) and fitted inside it; the
 * user then moves and resizes it with the library's handles.
 */
export async function addImageAnnotation(
  handle: LibraryHandle,
  image: HTMLImageElement,
): Promise<void> {
  const state = await handle.read();
  const shown = state.shownImageDimensions;
  const crop = state.adjustments?.crop ?? {};
  const box = {
    x: crop.x ?? 0,
    y: crop.y ?? 0,
    width: crop.width ?? shown?.width ?? image.naturalWidth,
    height: crop.height ?? shown?.height ?? image.naturalHeight,
  };
  const scale = Math.min(
    1,
    (box.width * MAX_SHARE) / image.naturalWidth,
    (box.height * MAX_SHARE) / image.naturalHeight,
  );
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  const id = `image-${crypto.randomUUID()}`;
  handle.update((current) => ({
    annotations: {
      ...current.annotations,
      [id]: {
        id,
        name: 'Image',
        image,
        x: box.x + (box.width - width) / 2,
        y: box.y + (box.height - height) / 2,
        width,
        height,
        opacity: 1,
      },
    },
  }));
}
