/**
 * Decode worker of the gallery: fetches a thumbnail and turns it into an ImageBitmap of the layer
 * size, off the main thread; the bitmap is transferred, not copied. Imports nothing from the app.
 */
import { expose, transfer } from 'comlink';
import { abortError } from '../abort';
import type { DecodeRequest, DecodeWorkerApi } from './decode.shared';

export interface DecodeDependencies {
  fetch(url: string, init: RequestInit): Promise<Response>;
  createImageBitmap(image: Blob, options: ImageBitmapOptions): Promise<ImageBitmap>;
}

/** The worker's API; dependencies are injectable so it is testable outside a worker. */
export function createDecodeApi(deps: DecodeDependencies): DecodeWorkerApi {
  const running = new Map<number, AbortController>();
  return {
    async decode({ id, url, size }: DecodeRequest): Promise<ImageBitmap> {
      const controller = new AbortController();
      running.set(id, controller);
      try {
        const response = await deps.fetch(url, { signal: controller.signal });
        // The status only: the URL carries the auth token.
        if (!response.ok) throw new Error(`Thumbnail request failed with HTTP ${response.status}.`);
        const blob = await response.blob();
        if (controller.signal.aborted) throw abortError('The thumbnail load');
        // Stretched to the square layer on purpose (the quad restores the aspect); EXIF applied,
        // since WebGL ignores orientation metadata; no flip (the shader flips V, see tiers.ts).
        const bitmap = await deps.createImageBitmap(blob, {
          resizeWidth: size,
          resizeHeight: size,
          resizeQuality: 'medium',
          imageOrientation: 'from-image',
          premultiplyAlpha: 'none',
          colorSpaceConversion: 'default',
        });
        if (controller.signal.aborted) {
          bitmap.close();
          throw abortError('The thumbnail load');
        }
        return transfer(bitmap, [bitmap]);
      } catch (error) {
        throw controller.signal.aborted ? abortError('The thumbnail load') : error;
      } finally {
        running.delete(id);
      }
    },
    cancel(id: number): void {
      running.get(id)?.abort();
    },
  };
}

// Exposed only inside a worker (not in node or a window), so tests can import createDecodeApi.
if ('WorkerGlobalScope' in globalThis) {
  expose(
    createDecodeApi({
      fetch: (url, init) => fetch(url, init),
      createImageBitmap: (image, options) => createImageBitmap(image, options),
    }),
  );
}
