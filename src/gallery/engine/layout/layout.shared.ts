/*
 * Messages between the layout worker (layout.worker.ts) and its main-side client
 * (LayoutEngine.ts, beside it). Types only: both sides import this file, and it
 * must stay free of runtime code so the worker bundle stays the pure layout alone.
 */

/** One section to lay out. `aspects` is transferred to the worker (detached on the sender). */
export interface LayoutWorkerRequest {
  aspects: Float32Array;
  width: number;
  targetRowHeight: number;
  spacing: number;
  rowCap: number;
}

/**
 * The section's layout. `rects` (4 floats an item) is transferred back to the caller; it may be
 * a view of the first `4 × items` floats of a larger buffer (a recycled one).
 */
export interface LayoutWorkerResult {
  rects: Float32Array;
  rowsHeight: number;
  rowCount: number;
}

/** Several sections in one message, with the rects buffers the caller gives back. */
export interface LayoutWorkerBatch {
  sections: LayoutWorkerRequest[];
  /**
   * Buffers of rects the caller no longer reads (layouts it replaced), transferred to the worker,
   * which lays later sections out into them instead of into fresh memory.
   */
  recycled: ArrayBuffer[];
}

/** What the worker exposes through comlink: one answer per section, in order. */
export interface LayoutWorkerApi {
  layoutBatch(batch: LayoutWorkerBatch): LayoutWorkerResult[];
}
