/*
 * The checksum worker: SHA-1 of an upload's content (files_dedup needs it before any byte is
 * sent), streamed chunk by chunk with hash-wasm, since WebCrypto can only hash a whole buffer.
 * Imports nothing from the app bundle.
 */
import { expose } from 'comlink';
import { createSHA1 } from 'hash-wasm';
import { CHECKSUM_CHUNK_BYTES, type ChecksumWorkerApi } from './checksum.shared';

export const checksumWorkerApi: ChecksumWorkerApi = {
  async sha1(blob, chunkBytes = CHECKSUM_CHUNK_BYTES) {
    const hasher = await createSHA1();
    hasher.init();
    for (let offset = 0; offset < blob.size; offset += chunkBytes) {
      const chunk = await blob
        .slice(offset, Math.min(blob.size, offset + chunkBytes))
        .arrayBuffer();
      hasher.update(new Uint8Array(chunk));
    }
    return hasher.digest('hex');
  },
};

// Expose only when running as a worker, so tests can call the API directly in node.
if ('WorkerGlobalScope' in globalThis) expose(checksumWorkerApi);
