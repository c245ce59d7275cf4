import { FAST_SCROLL } from '../../../domain/constants';

const CAPACITY = 256;
/** Samples closer than this merge into one, so a burst of wheel events cannot flush the ring. */
const MIN_SAMPLE_SPACING_MS = 2;

/**
 * SPEC §9 "fast-scroll detection above 7.5 viewport heights in 250 ms". Fed with (position,
 * time) samples, it measures the distance travelled within the window: the path, not the net
 * displacement, since scrubbing back and forth shows as little as scrolling far. While fast, the
 * renderer shows placeholders and defers thumbnail loads.
 */
export class FastScrollDetector {
  private readonly times = new Float64Array(CAPACITY);
  /** Distance travelled since the first sample, at each sample. */
  private readonly travelled = new Float64Array(CAPACITY);
  private head = -1;
  private count = 0;
  private lastPosition = 0;
  private total = 0;

  constructor(
    private viewportHeight: number,
    private readonly viewportHeights: number = FAST_SCROLL.viewportHeights,
    private readonly windowMs: number = FAST_SCROLL.windowMs,
  ) {}

  setViewportHeight(height: number): void {
    this.viewportHeight = height;
  }

  get threshold(): number {
    return this.viewportHeights * this.viewportHeight;
  }

  sample(position: number, time: number): void {
    if (this.count > 0) this.total += Math.abs(position - this.lastPosition);
    this.lastPosition = position;
    if (this.count > 0 && time - this.times[this.head] < MIN_SAMPLE_SPACING_MS) {
      this.travelled[this.head] = this.total;
      return;
    }
    this.head = (this.head + 1) % CAPACITY;
    this.times[this.head] = time;
    this.travelled[this.head] = this.total;
    if (this.count < CAPACITY) this.count++;
  }

  /** Distance travelled during the window that ends at `now`. */
  distanceWithin(now: number): number {
    if (this.count === 0) return 0;
    const since = now - this.windowMs;
    // The newest sample at or before the window's start is the baseline; without one, the
    // oldest kept sample is (the first sample travelled nothing before it).
    let baseline = this.oldest();
    for (let i = 0; i < this.count; i++) {
      const index = (this.head - i + CAPACITY) % CAPACITY;
      if (this.times[index] <= since) {
        baseline = index;
        break;
      }
    }
    return this.total - this.travelled[baseline];
  }

  isFast(now: number): boolean {
    return this.distanceWithin(now) > this.threshold;
  }

  /**
   * When `isFast` turns false if nothing moves any more: the renderer (which draws no frames
   * while idle) sets a FrameClock timeout for it, to start the deferred loads. `now` when idle.
   */
  settlesAt(now: number): number {
    if (!this.isFast(now)) return now;
    // Slow again once the baseline reaches the oldest sample after which the remaining path is
    // within the threshold: one window after that sample.
    let newer = this.head;
    for (let i = 0; i < this.count; i++) {
      const index = (this.head - i + CAPACITY) % CAPACITY;
      if (this.total - this.travelled[index] > this.threshold) break;
      newer = index;
    }
    return this.times[newer] + this.windowMs;
  }

  reset(): void {
    this.head = -1;
    this.count = 0;
    this.total = 0;
  }

  private oldest(): number {
    return (this.head - this.count + 1 + CAPACITY) % CAPACITY;
  }
}
