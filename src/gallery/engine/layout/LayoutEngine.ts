import { releaseProxy, transfer, wrap, type Endpoint, type Remote } from 'comlink';
import { abortError } from '../abort';
import type { LayoutWorkerApi, LayoutWorkerRequest } from './layout.shared';
import type { GridMetrics, SectionLayout } from '../types';
import { layoutSection } from './justified';

/*
 * Layout sits behind an interface so the timeline can lay out in a worker while tests (and the
 * one section the main thread may lay out synchronously) run the same algorithm inline.
 */

/** Target row heights as multiples of the metrics' target, smallest tiles first. */
export const ZOOM_LEVELS: readonly number[] = Object.freeze([0.5, 0.7, 1, 1.5, 2.2]);

/** The zoom level of the SPEC §9 sizes (multiple 1). */
export const DEFAULT_ZOOM_INDEX = 2;

/** Target row height at a zoom level (clamped to the levels), in whole CSS pixels. */
export function targetRowHeightFor(metrics: GridMetrics, zoomLevelIndex: number): number {
  const index = Math.min(ZOOM_LEVELS.length - 1, Math.max(0, Math.round(zoomLevelIndex)));
  return Math.round(metrics.targetRowHeight * ZOOM_LEVELS[index]);
}

/** The metrics at a zoom level: what estimateRowsHeight needs to match a zoomed layout. */
export function metricsForZoom(metrics: GridMetrics, zoomLevelIndex: number): GridMetrics {
  const targetRowHeight = targetRowHeightFor(metrics, zoomLevelIndex);
  return targetRowHeight === metrics.targetRowHeight ? metrics : { ...metrics, targetRowHeight };
}

export interface LayoutRequest {
  /** Aspect ratios (width / height), one per item. A worker engine takes ownership of it. */
  aspects: Float32Array;
  /** Width available to the rows, CSS pixels. */
  width: number;
  metrics: GridMetrics;
  /** Index into ZOOM_LEVELS; DEFAULT_ZOOM_INDEX when absent. */
  zoom?: number;
  /** Drops the request if it has not started yet (its promise rejects with an AbortError). */
  signal?: AbortSignal;
}

export interface LayoutEngine {
  layout(request: LayoutRequest): Promise<SectionLayout>;
  /**
   * The caller no longer reads these rects (a layout it replaced) and nothing else holds them:
   * the engine may lay later sections out into their buffer. Optional to call and to implement.
   */
  recycle?(rects: Float32Array): void;
}

function toWorkerRequest(request: LayoutRequest): LayoutWorkerRequest {
  return {
    aspects: request.aspects,
    width: request.width,
    targetRowHeight: targetRowHeightFor(request.metrics, request.zoom ?? DEFAULT_ZOOM_INDEX),
    spacing: request.metrics.spacing,
    rowCap: request.metrics.rowCap,
  };
}

/** Lays out on the calling thread: for tests, and for one section that must be exact now. */
export class InlineLayoutEngine implements LayoutEngine {
  layout(request: LayoutRequest): Promise<SectionLayout> {
    if (request.signal?.aborted) return Promise.reject(abortError('The layout request'));
    return Promise.resolve(this.layoutNow(request));
  }

  /** The same layout, synchronously. `out` is reused when it holds 4 floats an item. */
  layoutNow(request: LayoutRequest, out?: Float32Array): SectionLayout {
    const { aspects, width, targetRowHeight, spacing, rowCap } = toWorkerRequest(request);
    return layoutSection(aspects, width, targetRowHeight, spacing, rowCap, out);
  }
}

interface QueuedLayout {
  request: LayoutRequest;
  resolve: (layout: SectionLayout) => void;
  reject: (reason: unknown) => void;
}

/** Sections sent in one message at most (a resize asks for every laid-out section at once). */
const BATCH_MAX_SECTIONS = 64;
/** Items sent in one message at most, so a batch answers within a millisecond or two. */
const BATCH_MAX_ITEMS = 50_000;
/** Recycled buffers held here between messages at most (the worker keeps its own pool). */
const RECYCLE_MAX_BUFFERS = 4096;

/**
 * Lays out in layout.worker.ts (beside it) over comlink. Requests queue here and go to the worker in
 * batches (what is queued when the previous message is answered, up to BATCH_MAX_SECTIONS), so a
 * request aborted (or the engine disposed) before its turn never costs a message or a transfer,
 * and a resize costs a message per batch, not per section. The aspects buffers are transferred in
 * (the caller must not reuse them) and the rects buffers out; rects given to `recycle` go back to
 * the worker with the next message and are laid out into again (no fresh memory per section).
 */
export class WorkerLayoutEngine implements LayoutEngine {
  private readonly worker: Worker | null;
  private readonly remote: Remote<LayoutWorkerApi>;
  private readonly queue: QueuedLayout[] = [];
  private inFlight: QueuedLayout[] = [];
  private recycled: ArrayBuffer[] = [];
  private readonly recycledSet = new Set<ArrayBuffer>();
  private running = false;
  private disposed = false;

  /** `endpoint` stands in for the worker in tests (e.g. a MessagePort served by the worker API). */
  constructor(endpoint?: Endpoint) {
    if (endpoint) {
      this.worker = null;
      this.remote = wrap<LayoutWorkerApi>(endpoint);
    } else {
      this.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), {
        type: 'module',
        name: 'layout',
      });
      this.remote = wrap<LayoutWorkerApi>(this.worker);
    }
  }

  /** Requests waiting for their turn (not counting the one in the worker). */
  get pending(): number {
    return this.queue.length;
  }

  layout(request: LayoutRequest): Promise<SectionLayout> {
    if (this.disposed) return Promise.reject(new Error('The layout engine is disposed.'));
    if (request.signal?.aborted) return Promise.reject(abortError('The layout request'));
    return new Promise<SectionLayout>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      void this.drain();
    });
  }

  /** Rects buffers waiting to go back to the worker with the next message. */
  get recycledPending(): number {
    return this.recycled.length;
  }

  recycle(rects: Float32Array): void {
    const buffer = rects.buffer;
    // A SharedArrayBuffer cannot be transferred, a detached one is gone already.
    if (this.disposed || !(buffer instanceof ArrayBuffer) || buffer.byteLength === 0) return;
    if (this.recycled.length >= RECYCLE_MAX_BUFFERS || this.recycledSet.has(buffer)) return;
    this.recycled.push(buffer);
    this.recycledSet.add(buffer);
  }

  /** Rejects everything queued and stops the worker; the requests in flight reject too. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const error = new Error('The layout engine is disposed.');
    for (const queued of this.queue.splice(0)) queued.reject(error);
    for (const queued of this.inFlight) queued.reject(error);
    this.inFlight = [];
    this.recycled = [];
    this.recycledSet.clear();
    this.remote[releaseProxy]();
    this.worker?.terminate();
  }

  /** The next batch: queued requests not aborted, within the batch limits. */
  private nextBatch(): QueuedLayout[] {
    const batch: QueuedLayout[] = [];
    let items = 0;
    while (this.queue.length > 0 && batch.length < BATCH_MAX_SECTIONS) {
      const next = this.queue[0];
      if (next.request.signal?.aborted) {
        this.queue.shift();
        next.reject(abortError('The layout request'));
        continue;
      }
      const count = next.request.aspects.length;
      if (batch.length > 0 && items + count > BATCH_MAX_ITEMS) break;
      this.queue.shift();
      batch.push(next);
      items += count;
    }
    return batch;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let batch = this.nextBatch(); batch.length > 0; batch = this.nextBatch()) {
        const sections = batch.map((queued) => toWorkerRequest(queued.request));
        const recycled = this.recycled;
        this.recycled = [];
        this.recycledSet.clear();
        // A SharedArrayBuffer cannot be transferred (and needs not be).
        const transfers: ArrayBuffer[] = [...recycled];
        for (const section of sections) {
          const buffer = section.aspects.buffer;
          if (buffer instanceof ArrayBuffer && !transfers.includes(buffer)) transfers.push(buffer);
        }
        this.inFlight = batch;
        try {
          const results = await this.remote.layoutBatch(
            transfer({ sections, recycled }, transfers),
          );
          if (this.inFlight === batch) batch.forEach((queued, i) => queued.resolve(results[i]));
        } catch (error) {
          if (this.inFlight === batch) for (const queued of batch) queued.reject(error);
        }
        if (this.inFlight === batch) this.inFlight = [];
        if (this.disposed) break;
      }
    } finally {
      this.running = false;
    }
  }
}
