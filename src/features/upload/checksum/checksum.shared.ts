/*
 * Messages between the checksum worker (checksum.worker.ts) and its main-side client
 * (ChecksumClient.ts). Types only, so the worker bundle stays hash-wasm and the loop alone.
 */

/** Bytes read and hashed per step: a huge file is never held in memory, only one chunk of it. */
export const CHECKSUM_CHUNK_BYTES = 4 * 1024 * 1024;

/** What the worker exposes through comlink. */
export interface ChecksumWorkerApi {
  /**
   * SHA-1 (hex) of the blob's content, read chunk by chunk. Rejects with the read error (a
   * DOMException NotReadableError / NotFoundError when the file changed or went away).
   */
  sha1(blob: Blob, chunkBytes?: number): Promise<string>;
}
