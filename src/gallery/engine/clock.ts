/**
 * The engine's one door to time and frames: raw timers and requestAnimationFrame are banned in
 * engine code so tests and benchmarks can drive frames by hand.
 */
export interface FrameClock {
  now(): number;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  /**
   * Resolves in a task of its own, soon: input and rendering may run first. Splits work that would
   * make one long task (no task of ours over 50 ms: issue 34.10).
   */
  nextTask(): Promise<void>;
}

export const browserClock: FrameClock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
  // A message round trip, not a timer: no 4 ms clamp, no throttling in a background tab.
  nextTask: () =>
    new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    }),
};

/** A clock driven by the caller: `advance(ms)` runs due timers and one pending frame. */
export class ManualClock implements FrameClock {
  private time = 0;
  private nextHandle = 1;
  private frames = new Map<number, (time: number) => void>();
  private timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }
  requestFrame(callback: (time: number) => void): number {
    const handle = this.nextHandle++;
    this.frames.set(handle, callback);
    return handle;
  }
  cancelFrame(handle: number): void {
    this.frames.delete(handle);
  }
  setTimeout(callback: () => void, ms: number): number {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + ms, callback });
    return handle;
  }
  clearTimeout(handle: number): void {
    this.timers.delete(handle);
  }
  /** Tasks are not driven by hand: the work after it goes on at once (a microtask later). */
  nextTask(): Promise<void> {
    return Promise.resolve();
  }
  /** Moves time forward, then fires due timers and the frames requested before this call. */
  advance(ms: number): void {
    this.time += ms;
    for (const [handle, timer] of [...this.timers]) {
      if (timer.at <= this.time) {
        this.timers.delete(handle);
        timer.callback();
      }
    }
    const frames = [...this.frames.values()];
    this.frames.clear();
    for (const frame of frames) frame(this.time);
  }
  get pendingFrames(): number {
    return this.frames.size;
  }
}
