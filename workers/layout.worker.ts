/*
 * The layout worker: justified rows off the main thread, several sections a message. It imports
 * nothing from the app bundle but the pure layoutSection (and comlink), so its chunk stays tiny.
 */
import { expose, transfer } from 'comlink';
import { layoutSection } from '../src/gallery/engine/layout/justified';
import type { LayoutWorkerApi, LayoutWorkerBatch, LayoutWorkerResult } from './layout.shared';

/** Recycled buffers kept at most (a timeline has a few thousand sections; a resize returns all). */
const POOL_MAX_BUFFERS = 4096;
/** Bytes of recycled buffers kept at most. */
const POOL_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Rects buffers given back by the caller, reused for later sections. Fresh memory is what a
 * layout into a new Float32Array pays for (zeroing and first touch of its pages: bench/layout),
 * so a buffer the caller has dropped is worth sending back rather than leaving to the GC.
 */
export class RectsPool {
  private readonly buffers: ArrayBuffer[] = [];
  private bytes = 0;

  get size(): number {
    return this.buffers.length;
  }

  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength === 0) return;
    if (this.buffers.length >= POOL_MAX_BUFFERS) return;
    if (this.bytes + buffer.byteLength > POOL_MAX_BYTES) return;
    this.buffers.push(buffer);
    this.bytes += buffer.byteLength;
  }

  /** The smallest pooled buffer of at least `bytes`, as floats; a fresh one when none fits. */
  take(bytes: number): Float32Array {
    const { buffers } = this;
    if (bytes === 0) return new Float32Array(0);
    let best = -1;
    for (let i = buffers.length - 1; i >= 0; i--) {
      const length = buffers[i].byteLength;
      if (length >= bytes && (best < 0 || length < buffers[best].byteLength)) {
        best = i;
        if (length === bytes) break;
      }
    }
    if (best < 0) return new Float32Array(bytes / 4);
    const buffer = buffers[best];
    buffers[best] = buffers[buffers.length - 1];
    buffers.pop();
    this.bytes -= buffer.byteLength;
    return new Float32Array(buffer);
  }
}

/** Lays out each section into a pooled buffer when one fits; the results own their buffers. */
export function layoutBatch(batch: LayoutWorkerBatch, pool: RectsPool): LayoutWorkerResult[] {
  for (const buffer of batch.recycled) pool.give(buffer);
  return batch.sections.map(({ aspects, width, targetRowHeight, spacing, rowCap }) =>
    layoutSection(aspects, width, targetRowHeight, spacing, rowCap, pool.take(aspects.length * 16)),
  );
}

/** A worker API with its own pool (the worker exposes one; tests and benches make their own). */
export function createLayoutWorkerApi(pool = new RectsPool()): LayoutWorkerApi {
  return {
    layoutBatch(batch) {
      const results = layoutBatch(batch, pool);
      // Each result owns its buffer (fresh or recycled): it goes back without a copy.
      return transfer(
        results,
        results.map((result) => result.rects.buffer as ArrayBuffer),
      );
    },
  };
}

// Expose only when running as a worker, so tests can import the API and serve it over a
// MessageChannel in node.
if ('WorkerGlobalScope' in globalThis) expose(createLayoutWorkerApi());
