/*
 * The layout worker: justified rows off the main thread, one section a message. It imports
 * nothing from the app bundle but the pure layoutSection (and comlink), so its chunk stays tiny.
 */
import { expose, transfer } from 'comlink';
import { layoutSection } from '../src/gallery/engine/layout/justified';
import type { LayoutWorkerApi, LayoutWorkerRequest, LayoutWorkerResult } from './layout.shared';

export const layoutWorkerApi: LayoutWorkerApi = {
  layout(request: LayoutWorkerRequest): LayoutWorkerResult {
    const { aspects, width, targetRowHeight, spacing, rowCap } = request;
    const result = layoutSection(aspects, width, targetRowHeight, spacing, rowCap);
    // The rects are fresh here, so their whole buffer goes back without a copy. A buffer a
    // section, not a pool: a section keeps its rects, so a pooled chunk could only be handed over
    // whole, and laying out into big chunks measured no faster than into small fresh buffers (the
    // cost is in fresh memory, not in the allocations: bench/layout.bench.ts, oursPooledChunks).
    return transfer(result, [result.rects.buffer]);
  },
};

// Expose only when running as a worker, so tests can import the API and serve it over a
// MessageChannel in node.
if ('WorkerGlobalScope' in globalThis) expose(layoutWorkerApi);
