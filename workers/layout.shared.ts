/*
 * Messages between the layout worker (layout.worker.ts) and its main-side client
 * (src/gallery/engine/layout/LayoutEngine.ts). Types only: both sides import this file, and it
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

/** The section's layout. `rects` (4 floats an item) is transferred back to the caller. */
export interface LayoutWorkerResult {
  rects: Float32Array;
  rowsHeight: number;
  rowCount: number;
}

/** What the worker exposes through comlink. */
export interface LayoutWorkerApi {
  layout(request: LayoutWorkerRequest): LayoutWorkerResult;
}
