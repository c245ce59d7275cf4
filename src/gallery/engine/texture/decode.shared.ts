/**
 * Messages between the gallery's TextureCache (main thread) and decode.worker.ts, over
 * comlink. Types only: the worker imports nothing from the app bundle and knows nothing of files,
 * tiers or auth; it gets a URL (auth already in its query) and a square size.
 */

export interface DecodeRequest {
  /** Unique per main-side loader; names the request for `cancel`. */
  id: number;
  /** Thumbnail URL, token included. Never logged or echoed in errors: it carries credentials. */
  url: string;
  /** Edge of the square the picture is stretched into while decoding, in pixels. */
  size: number;
}

export interface DecodeWorkerApi {
  /**
   * Fetches and decodes; resolves with a transferred ImageBitmap of `size`×`size`, EXIF-oriented,
   * row 0 at the top. Rejects with name 'AbortError' once cancelled, or an Error naming the HTTP
   * status or the decode failure.
   */
  decode(request: DecodeRequest): Promise<ImageBitmap>;
  /** Aborts the fetch of a running request (a no-op for one that already settled). */
  cancel(id: number): void;
}
