import type { FrameClock } from '../clock';
import { FastScrollDetector } from './FastScrollDetector';

/**
 * Whether the grid is fast-scrolling (SPEC §9: placeholders, no loads), sampled once a frame,
 * and a wake-up when that ends: no frames are drawn while idle, so without one the deferred
 * loads would wait for the next input.
 */
export class FastScrollWatch {
  fast = false;
  private readonly detector: FastScrollDetector;
  private settleTimer = -1;

  constructor(
    private readonly clock: FrameClock,
    /** Asks for a frame. */
    private readonly wake: () => void,
    viewportHeight = 1,
  ) {
    this.detector = new FastScrollDetector(viewportHeight);
  }

  setViewportHeight(height: number): void {
    this.detector.setViewportHeight(height);
  }

  /** The frame's scroll position; returns whether the scroll is fast now. */
  sample(position: number, now: number): boolean {
    this.detector.sample(position, now);
    this.fast = this.detector.isFast(now);
    if (!this.fast) return false;
    // Re-armed on every fast frame, because a drag that keeps going outlives the first estimate;
    // the frame the timer draws re-arms it again if the scroll is still fast by then.
    this.cancelTimer();
    const wait = Math.max(16, this.detector.settlesAt(now) - now);
    this.settleTimer = this.clock.setTimeout(() => {
      this.settleTimer = -1;
      this.wake();
    }, wait);
    return true;
  }

  dispose(): void {
    this.cancelTimer();
  }

  private cancelTimer(): void {
    if (this.settleTimer >= 0) this.clock.clearTimeout(this.settleTimer);
    this.settleTimer = -1;
  }
}
