import type { WebGLRenderer } from 'three';
import { FRAME_UPLOAD_BUDGET_MS } from './texture';

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
  /** Since resetWindow: frames whose uploads took longer than FRAME_UPLOAD_BUDGET_MS. */
  uploadOverBudgetFrames = 0;
  /** Since resetWindow: the longest uploads of a frame (ms). */
  maxUploadMs = 0;
  /** Since resetWindow: frames that uploaded anything, and their upload ms summed. */
  uploadFrames = 0;
  uploadMsTotal = 0;
  private readonly frameMs = new Float64Array(FRAME_HISTORY);
  /** Upload ms of the frames that uploaded, the same ring as frameMs. */
  private readonly uploadMs = new Float64Array(FRAME_HISTORY);
  private cursor = 0;
  private uploadCursor = 0;

  recordFrame(
    gl: Pick<WebGLRenderer, 'info'>,
    frameMs: number,
    uploads: number,
    tiles: number,
    uploadMs = 0,
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
    if (uploadMs > 0) {
      this.uploadFrames++;
      this.uploadMsTotal += uploadMs;
      this.maxUploadMs = Math.max(this.maxUploadMs, uploadMs);
      if (uploadMs > FRAME_UPLOAD_BUDGET_MS) this.uploadOverBudgetFrames++;
      this.uploadMs[this.uploadCursor % FRAME_HISTORY] = uploadMs;
      this.uploadCursor++;
    }
  }

  /**
   * Main-thread ms spent uploading textures, over the frames that uploaded since resetWindow
   * (percentiles over the last FRAME_HISTORY of them).
   */
  uploadTimes(): {
    p50: number;
    p95: number;
    max: number;
    mean: number;
    frames: number;
    overBudget: number;
  } {
    const n = Math.min(this.uploadCursor, FRAME_HISTORY);
    const sorted = Array.from(this.uploadMs.subarray(0, n)).sort((a, b) => a - b);
    const at = (q: number) => (n === 0 ? 0 : sorted[Math.min(n - 1, Math.floor(q * n))]);
    return {
      p50: at(0.5),
      p95: at(0.95),
      max: this.maxUploadMs,
      mean: this.uploadFrames > 0 ? this.uploadMsTotal / this.uploadFrames : 0,
      frames: this.uploadFrames,
      overBudget: this.uploadOverBudgetFrames,
    };
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
    this.uploadCursor = 0;
    this.uploadFrames = 0;
    this.uploadMsTotal = 0;
    this.maxUploadMs = 0;
    this.uploadOverBudgetFrames = 0;
  }
}
