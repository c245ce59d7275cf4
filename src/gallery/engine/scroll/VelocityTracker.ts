/** Samples older than this (relative to the newest) do not count towards the release velocity. */
const WINDOW_MS = 100;
/** A finger that rested this long before lifting releases with no velocity (no fling). */
const HOLD_MS = 50;
const CAPACITY = 16;

/**
 * Velocity of a pointer from its last samples, in px/ms along the pointer's axis. A fixed ring
 * of typed arrays: pointer moves arrive at up to 240 Hz, and tracking them allocates nothing.
 */
export class VelocityTracker {
  private readonly times = new Float64Array(CAPACITY);
  private readonly values = new Float64Array(CAPACITY);
  private head = 0;
  private count = 0;

  reset(): void {
    this.head = 0;
    this.count = 0;
  }

  add(value: number, time: number): void {
    this.head = (this.head + 1) % CAPACITY;
    this.times[this.head] = time;
    this.values[this.head] = value;
    if (this.count < CAPACITY) this.count++;
  }

  /**
   * The mean velocity over the newest samples within WINDOW_MS; 0 when the pointer rested for
   * HOLD_MS before `now` or when there is too little to go on.
   */
  velocity(now: number): number {
    if (this.count < 2) return 0;
    const newestTime = this.times[this.head];
    if (now - newestTime > HOLD_MS) return 0;
    let oldest = this.head;
    for (let i = 1; i < this.count; i++) {
      const index = (this.head - i + CAPACITY) % CAPACITY;
      if (newestTime - this.times[index] > WINDOW_MS) break;
      oldest = index;
    }
    const dt = newestTime - this.times[oldest];
    // Two events within a millisecond say nothing reliable about speed.
    if (dt < 1) return 0;
    return (this.values[this.head] - this.values[oldest]) / dt;
  }
}
