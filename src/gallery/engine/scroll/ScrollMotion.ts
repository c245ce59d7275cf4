export const KEY_ANIMATION_MS = 200;
/** Exponential decay of a touch fling, as iOS scroll views: position approaches its target. */
export const FLING_TIME_CONSTANT_MS = 325;
/** A fling closer than this to its target has arrived. */
const FLING_REST_PX = 0.5;

const NONE = 0;
const ANIMATION = 1;
const FLING = 2;

/**
 * A scroll motion as a closed form of the time since it started: an ease-out animation towards
 * a target, or a fling decaying exponentially. Closed forms make `positionAt` idempotent for a
 * given time, so a frame stepped twice (by the model's own frame and the renderer's) agrees.
 */
export class ScrollMotion {
  private kind: typeof NONE | typeof ANIMATION | typeof FLING = NONE;
  private start = 0;
  private latest = 0;
  private from = 0;
  private to = 0;
  /** The End key targets the live end, which moves as estimates become exact layouts. */
  private toEnd = false;
  private amplitude = 0;
  /** px/ms at the latest `positionAt`. */
  velocity = 0;
  /** True once `positionAt` reached the end of the motion. */
  done = true;

  get active(): boolean {
    return this.kind !== NONE;
  }
  get animating(): boolean {
    return this.kind === ANIMATION;
  }

  /** Where the animation is heading; `end` is the current maximum position. */
  target(end: number): number {
    return this.toEnd ? end : this.to;
  }

  animate(from: number, to: number, toEnd: boolean, start: number): void {
    this.begin(ANIMATION, start);
    this.from = from;
    this.to = to;
    this.toEnd = toEnd;
  }

  /** `velocity` in px/ms; the glide covers velocity x time constant in all. */
  fling(from: number, velocity: number, start: number): void {
    this.begin(FLING, start);
    this.amplitude = velocity * FLING_TIME_CONSTANT_MS;
    this.to = from + this.amplitude;
    this.toEnd = false;
    this.velocity = velocity;
  }

  /**
   * Moves the motion's references, so it carries on from a shifted position at its speed. An
   * animation to the very top (Home) keeps its target: content changing above the view moves
   * what is on screen, not the top, and shifted the view came to rest a correction away from it.
   */
  shift(dy: number): void {
    this.from += dy;
    if (!(this.kind === ANIMATION && this.to === 0)) this.to += dy;
  }

  stop(): void {
    this.kind = NONE;
    this.toEnd = false;
    this.velocity = 0;
    this.done = true;
  }

  /**
   * The unclamped position at `now` (the clock's timebase); `end` is the current maximum, which
   * bounds the animation's target. Sets `velocity` and `done`.
   */
  positionAt(now: number, end: number): number {
    // Two callers may step one frame with slightly different times; never go back in time.
    if (now < this.latest) now = this.latest;
    this.latest = now;
    const elapsed = now - this.start;
    if (this.kind === ANIMATION) {
      const target = Math.max(0, Math.min(end, this.target(end)));
      const progress = Math.min(1, elapsed / KEY_ANIMATION_MS);
      const remaining = 1 - progress;
      // Ease-out cubic: 1 - (1 - p)^3, with its derivative for the velocity readout.
      this.velocity = ((target - this.from) * 3 * remaining * remaining) / KEY_ANIMATION_MS;
      this.done = progress >= 1;
      return this.from + (target - this.from) * (1 - remaining * remaining * remaining);
    }
    const offset = this.amplitude * Math.exp(-elapsed / FLING_TIME_CONSTANT_MS);
    this.velocity = offset / FLING_TIME_CONSTANT_MS;
    this.done = Math.abs(offset) < FLING_REST_PX;
    return this.done ? this.to : this.to - offset;
  }

  private begin(kind: typeof ANIMATION | typeof FLING, start: number): void {
    this.kind = kind;
    this.start = start;
    this.latest = start;
    this.done = false;
  }
}
