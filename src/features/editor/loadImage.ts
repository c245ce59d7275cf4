import { EditorError, type EditorErrorKind } from './errors';

/** Decodes an image from a Blob into an element the library and canvases can draw. */
export async function decodeBlob(blob: Blob, kind: EditorErrorKind): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw new EditorError(kind, `the ${blob.type || 'image'} could not be decoded`, {
      cause: error,
    });
  }
  return image;
}

/**
 * Fetches an image and decodes it. Through fetch (CORS) and a blob: URL, so a canvas that draws
 * it stays exportable (an <img> from the media host without CORS would taint it) and a failed
 * answer is seen as one. Network failures and error statuses are the `kind` given.
 */
export async function loadImage(
  url: string,
  kind: EditorErrorKind,
  signal?: AbortSignal,
): Promise<HTMLImageElement> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'omit' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EditorError(kind, 'the image request failed', { cause: error });
  }
  if (!response.ok) throw new EditorError(kind, `the image answered ${response.status}`);
  return decodeBlob(await response.blob(), kind);
}

/** Frees what `loadImage` holds once the image is no longer shown. */
export function releaseImage(image: HTMLImageElement | null | undefined): void {
  if (image?.src.startsWith('blob:')) URL.revokeObjectURL(image.src);
}

/** Draws an image at a smaller size (SPEC §5 megapixel limit) and decodes the result. */
export async function resizedImage(
  image: HTMLImageElement,
  size: { width: number; height: number },
): Promise<HTMLImageElement> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new EditorError('rendering', 'no 2d context for the resize');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, size.width, size.height);
  const blob = await canvasBlob(canvas, 'image/png');
  return decodeBlob(blob, 'rendering');
}

/** canvas.toBlob as a promise; a null blob (the browser could not encode: memory) is an error. */
export function canvasBlob(
  canvas: HTMLCanvasElement,
  type: string,
  quality?: number,
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new EditorError('rendering', 'the canvas gave no image')),
      type,
      quality,
    );
  });
}
