import { releaseProxy, transfer, wrap, type Endpoint, type Remote } from 'comlink';
import type { LayoutWorkerApi, LayoutWorkerRequest } from '../../../../workers/layout.shared';
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

function abortError(): Error {
  return new DOMException('The layout request was aborted.', 'AbortError');
}

/** Lays out on the calling thread: for tests, and for one section that must be exact now. */
export class InlineLayoutEngine implements LayoutEngine {
  layout(request: LayoutRequest): Promise<SectionLayout> {
    if (request.signal?.aborted) return Promise.reject(abortError());
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

/**
 * Lays out in workers/layout.worker.ts over comlink. Requests queue here and go to the worker one
 * at a time, so a request aborted (or the engine disposed) before its turn never costs a message
 * or a transfer. The aspects buffer is transferred in (the caller must not reuse it) and the
 * rects buffer is transferred out.
 */
export class WorkerLayoutEngine implements LayoutEngine {
  private readonly worker: Worker | null;
  private readonly remote: Remote<LayoutWorkerApi>;
  private readonly queue: QueuedLayout[] = [];
  private inFlight: QueuedLayout | null = null;
  private running = false;
  private disposed = false;

  /** `endpoint` stands in for the worker in tests (e.g. a MessagePort served by the worker API). */
  constructor(endpoint?: Endpoint) {
    if (endpoint) {
      this.worker = null;
      this.remote = wrap<LayoutWorkerApi>(endpoint);
    } else {
      this.worker = new Worker(new URL('../../../../workers/layout.worker.ts', import.meta.url), {
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
    if (request.signal?.aborted) return Promise.reject(abortError());
    return new Promise<SectionLayout>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      void this.drain();
    });
  }

  /** Rejects everything queued and stops the worker; the request in flight rejects too. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const error = new Error('The layout engine is disposed.');
    for (const queued of this.queue.splice(0)) queued.reject(error);
    this.inFlight?.reject(error);
    this.inFlight = null;
    this.remote[releaseProxy]();
    this.worker?.terminate();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        if (next.request.signal?.aborted) {
          next.reject(abortError());
          continue;
        }
        const message = toWorkerRequest(next.request);
        const buffer = message.aspects.buffer;
        // A SharedArrayBuffer cannot be transferred (and needs not be).
        const transfers = buffer instanceof ArrayBuffer ? [buffer] : [];
        this.inFlight = next;
        try {
          next.resolve(await this.remote.layout(transfer(message, transfers)));
        } catch (error) {
          next.reject(error);
        }
        this.inFlight = null;
        if (this.disposed) break;
      }
    } finally {
      this.running = false;
    }
  }
}
