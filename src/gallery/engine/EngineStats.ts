import type { WebGLRenderer } from 'three';

const FRAME_HISTORY = 600;

/**
 * Counters read by tests and benchmarks (exposed on `window` only in test/bench builds or with
 * ?debug=1). Recording a frame writes into preallocated arrays: it allocates nothing.
 */
export class EngineStats {
  frames = 0;
  uploadsTotal = 0;
  lastUploads = 0;
  lastDrawCalls = 0;
  lastTiles = 0;
  maxDrawCalls = 0;
  maxUploads = 0;
  private readonly frameMs = new Float64Array(FRAME_HISTORY);
  private cursor = 0;

  recordFrame(
    gl: Pick<WebGLRenderer, 'info'>,
    frameMs: number,
    uploads: number,
    tiles: number,
  ): void {
    this.frames++;
    this.lastUploads = uploads;
    this.uploadsTotal += uploads;
    this.maxUploads = Math.max(this.maxUploads, uploads);
    this.lastTiles = tiles;
    // info.render.calls is the previous frame's count (three resets it at each render).
    this.lastDrawCalls = gl.info.render.calls;
    this.maxDrawCalls = Math.max(this.maxDrawCalls, this.lastDrawCalls);
    this.frameMs[this.cursor % FRAME_HISTORY] = frameMs;
    this.cursor++;
  }

  /** Engine time per frame over the last frames (ms): the engine's share of main-thread script. */
  frameTimePercentiles(): { p50: number; p95: number; samples: number } {
    const n = Math.min(this.cursor, FRAME_HISTORY);
    if (n === 0) return { p50: 0, p95: 0, samples: 0 };
    const sorted = Array.from(this.frameMs.subarray(0, n)).sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(n - 1, Math.floor(q * n))];
    return { p50: at(0.5), p95: at(0.95), samples: n };
  }

  resetWindow(): void {
    this.cursor = 0;
    this.maxDrawCalls = 0;
    this.maxUploads = 0;
  }
}
