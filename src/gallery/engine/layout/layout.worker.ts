/*
 * The layout worker: justified rows off the main thread, several sections a message. It imports
 * nothing from the app bundle but the pure layoutSection (and comlink), so its chunk stays tiny.
 */
import { expose, transfer } from 'comlink';
import { layoutSection } from './justified';
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
  /**
   * Pooled buffers by byte length: sections of one size (a timeline's full months, a resize's
   * returns) find theirs in one lookup, not a scan of the whole pool per section.
   */
  private readonly bySize = new Map<number, ArrayBuffer[]>();
  private count = 0;
  private bytes = 0;

  get size(): number {
    return this.count;
  }

  give(buffer: ArrayBuffer): void {
    const length = buffer.byteLength;
    if (length === 0) return;
    if (this.count >= POOL_MAX_BUFFERS) return;
    if (this.bytes + length > POOL_MAX_BYTES) return;
    const bucket = this.bySize.get(length);
    if (bucket === undefined) this.bySize.set(length, [buffer]);
    else bucket.push(buffer);
    this.count++;
    this.bytes += length;
  }

  /** The smallest pooled buffer of at least `bytes`, as floats; a fresh one when none fits. */
  take(bytes: number): Float32Array {
    if (bytes === 0) return new Float32Array(0);
    let bucket = this.bySize.get(bytes);
    let length = bytes;
    if (bucket === undefined) {
      // Buckets are never empty: the best fit among the sizes held (never more than the buffers).
      length = -1;
      for (const size of this.bySize.keys()) {
        if (size >= bytes && (length < 0 || size < length)) length = size;
      }
      if (length < 0) return new Float32Array(bytes / 4);
      bucket = this.bySize.get(length)!;
    }
    const buffer = bucket.pop()!;
    if (bucket.length === 0) this.bySize.delete(length);
    this.count--;
    this.bytes -= length;
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
