import { browserClock, type FrameClock } from '../clock';
import { ScrollMotion } from './ScrollMotion';
import { VelocityTracker } from './VelocityTracker';

export { FLING_TIME_CONSTANT_MS, KEY_ANIMATION_MS } from './ScrollMotion';

/** Arrow keys move this far, like a browser's line step. */
export const LINE_STEP_PX = 60;
/** DOM_DELTA_LINE wheels (Firefox mice) report lines; 40 px a line is the common normalisation. */
export const WHEEL_LINE_PX = 40;
/** A page step keeps 12.5% of the viewport on screen, as browsers do. */
export const PAGE_STEP_FRACTION = 0.875;
const MIN_FLING_VELOCITY = 0.1; // px/ms; slower releases just stop
const MAX_FLING_VELOCITY = 12; // px/ms; guards against a bogus timestamp pair
/** Without input for this long and with no animation, the velocity readout is 0. */
const VELOCITY_IDLE_MS = 100;
/**
 * An animated jump further than this many viewports starts this close to its target: easing
 * across 60 million px would only flash (and request) the sections in between.
 */
const MAX_ANIMATED_VIEWPORTS = 2;

export type ScrollListener = (position: number) => void;

/**
 * The virtual scroll position of one grid, in layout space. Positions stay float64 here: float32
 * loses whole pixels past 16,777,216 and a 2,000,000-file timeline is 60+ million px tall.
 *
 * Wheel, touch, keys and programmatic jumps all move this one position. Motions are closed forms
 * of the time since they started (ScrollMotion), so `step(now)` is idempotent: the model drives
 * itself through the FrameClock while it moves, and the renderer may also step it each frame.
 *
 * Edges: a fling stops dead at either end, with no overscroll. The canvas has nothing beyond the
 * content to reveal, and a rubber band would fight the anchor corrections of `shiftBy`.
 */
export class ScrollModel {
  private pos = 0;
  private content = 0;
  private viewport = 0;
  private listeners: readonly ScrollListener[] = [];

  private readonly motion = new ScrollMotion();
  /** The velocity of wheel and drag input; a running motion reports its own. */
  private inputVelocity = 0;
  private lastInputTime = Number.NEGATIVE_INFINITY;

  /** The End key asked for the end, and no input has moved the view since (see followsEnd). */
  private endFollowed = false;
  private dragging = false;
  private dragStartY = 0;
  private dragStartPosition = 0;
  private readonly tracker = new VelocityTracker();

  private frameHandle: number | null = null;
  private readonly onFrame = (time: number): void => {
    this.frameHandle = null;
    if (this.step(time)) this.requestFrame();
  };

  constructor(private readonly clock: FrameClock = browserClock) {}

  get position(): number {
    return this.pos;
  }
  get contentHeight(): number {
    return this.content;
  }
  get viewportHeight(): number {
    return this.viewport;
  }
  get maxPosition(): number {
    return Math.max(0, this.content - this.viewport);
  }
  /** True while an animation, a fling or a drag is under way. */
  get moving(): boolean {
    return this.motion.active || this.dragging;
  }
  /**
   * True from the End key until the next input that moves the view (wheel, drag, another key, a
   * jump): the user asked for the end, so content appended below follows it (ScrollAnchor).
   * A drag or a fast-scroller release at the bottom does not ask for that: there the view stays
   * on what it shows as pages are appended.
   */
  get followsEnd(): boolean {
    return this.endFollowed;
  }

  /** px/ms, positive when the position grows (content moves up). */
  get velocity(): number {
    if (this.motion.active) return this.motion.velocity;
    if (!this.dragging && this.clock.now() - this.lastInputTime > VELOCITY_IDLE_MS) return 0;
    return this.inputVelocity;
  }

  /** Calls `listener` after every change of the position, the content or the viewport height. */
  subscribe(listener: ScrollListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /**
   * Content heights change as section estimates become exact layouts. `anchorShift` is the
   * caller's correction that keeps the item under the anchor still; it is applied before the
   * clamp, so a shrink below the anchor cannot throw the view away from it.
   */
  setContentHeight(height: number, anchorShift = 0): void {
    this.content = Math.max(0, height);
    this.shiftUnclamped(anchorShift);
    this.pos = this.clamp(this.pos);
    this.notify();
  }

  setViewportHeight(height: number): void {
    this.viewport = Math.max(0, height);
    this.pos = this.clamp(this.pos);
    this.notify();
  }

  /** Moves the position by dy at once; a running animation, fling or drag carries on unchanged. */
  shiftBy(dy: number): void {
    if (dy === 0) return;
    this.shiftUnclamped(dy);
    this.pos = this.clamp(this.pos);
    this.notify();
  }

  /**
   * Pixel-mode wheels (trackpads, with the OS's momentum already in their events) move the
   * position directly: inertia on top would double the momentum. Line and page modes are mouse
   * notches, eased like keys so a notch does not jump.
   */
  wheel(deltaY: number, deltaMode: number, timeStamp: number): void {
    this.endFollowed = false;
    if (deltaMode === 1 || deltaMode === 2) {
      this.animateBy(deltaY * (deltaMode === 1 ? WHEEL_LINE_PX : this.pageStep()));
      this.lastInputTime = timeStamp;
      return;
    }
    this.stopMotion();
    const dt = timeStamp - this.lastInputTime;
    const instant = dt > 0 && dt <= VELOCITY_IDLE_MS ? deltaY / dt : 0;
    // Wheel events arrive unevenly; a short running mean keeps the readout steady.
    this.inputVelocity = instant === 0 ? 0 : 0.5 * instant + 0.5 * this.inputVelocity;
    this.lastInputTime = timeStamp;
    this.setPosition(this.pos + deltaY);
  }

  pointerDown(y: number, t: number): void {
    this.endFollowed = false;
    this.stopMotion();
    this.dragging = true;
    this.dragStartY = y;
    this.dragStartPosition = this.pos;
    this.tracker.reset();
    this.tracker.add(y, t);
    this.lastInputTime = t;
  }

  /** The content follows the finger: moving the finger up moves the position down the content. */
  pointerMove(y: number, t: number): void {
    if (!this.dragging) return;
    this.tracker.add(y, t);
    this.lastInputTime = t;
    this.inputVelocity = -this.tracker.velocity(t);
    const wanted = this.dragStartPosition - (y - this.dragStartY);
    const clamped = this.clamp(wanted);
    if (clamped !== wanted) {
      // Re-anchor at the edge, so turning back scrolls at once instead of after a dead zone.
      this.dragStartPosition = clamped;
      this.dragStartY = y;
    }
    this.setPosition(clamped);
  }

  /** Lifting the finger flings with its release velocity, decaying exponentially. */
  pointerUp(t: number): void {
    if (!this.dragging) return;
    this.dragging = false;
    const velocity = -this.tracker.velocity(t);
    this.inputVelocity = 0;
    if (Math.abs(velocity) < MIN_FLING_VELOCITY) return;
    const v = Math.max(-MAX_FLING_VELOCITY, Math.min(MAX_FLING_VELOCITY, velocity));
    this.motion.fling(this.pos, v, t);
    this.startMotion(t);
  }

  /** A cancelled pointer (the browser took the gesture) ends the drag without a fling. */
  pointerCancel(): void {
    this.dragging = false;
    this.inputVelocity = 0;
  }

  /** Handles a scrolling key; returns false for keys it does not use (the caller lets them be). */
  key(key: string, shift: boolean): boolean {
    this.endFollowed = key === 'End';
    switch (key) {
      case 'ArrowDown':
        this.animateBy(LINE_STEP_PX);
        return true;
      case 'ArrowUp':
        this.animateBy(-LINE_STEP_PX);
        return true;
      case 'PageDown':
        this.animateBy(this.pageStep());
        return true;
      case 'PageUp':
        this.animateBy(-this.pageStep());
        return true;
      case ' ':
      case 'Spacebar':
        this.animateBy(shift ? -this.pageStep() : this.pageStep());
        return true;
      case 'Home':
        this.animateTo(0, false);
        return true;
      case 'End':
        this.animateTo(this.maxPosition, true);
        return true;
      default:
        this.endFollowed = false;
        return false;
    }
  }

  scrollTo(y: number, options?: { animate?: boolean }): void {
    this.endFollowed = false;
    if (options?.animate === true) {
      this.animateTo(y, false);
      return;
    }
    this.stopMotion();
    this.setPosition(y);
  }

  /**
   * Advances the running animation or fling to `now` (the clock's timebase: performance.now and
   * requestAnimationFrame times). Returns whether the position is still moving on its own.
   */
  step(now: number): boolean {
    if (!this.motion.active) return false;
    const wanted = this.motion.positionAt(now, this.maxPosition);
    this.setPosition(wanted);
    // A fling that reaches an edge stops there: no overshoot.
    if (this.motion.done || this.pos !== wanted) this.endMotion();
    return this.motion.active;
  }

  /**
   * The view to the content's end at once, for the anchor's end rule: unlike scrollTo, it keeps
   * `followsEnd` (this is the anchor keeping that request, not a new one).
   */
  settleAtEnd(): void {
    this.stopMotion();
    this.setPosition(this.maxPosition);
  }

  /** Stops any animation or fling where it is. */
  stop(): void {
    this.stopMotion();
  }

  private pageStep(): number {
    return Math.max(LINE_STEP_PX, this.viewport * PAGE_STEP_FRACTION);
  }

  /** Repeated keys add up: the next step starts from where the running animation was going. */
  private animateBy(dy: number): void {
    const base = this.motion.animating ? this.motion.target(this.maxPosition) : this.pos;
    this.animateTo(base + dy, false);
  }

  private animateTo(y: number, toEnd: boolean): void {
    const target = this.clamp(y);
    this.stopMotion();
    if (target === this.pos) return;
    const limit = MAX_ANIMATED_VIEWPORTS * Math.max(this.viewport, LINE_STEP_PX);
    if (Math.abs(target - this.pos) > limit) {
      this.setPosition(target - Math.sign(target - this.pos) * limit);
    }
    const now = this.clock.now();
    this.motion.animate(this.pos, target, toEnd, now);
    this.startMotion(now);
  }

  private startMotion(start: number): void {
    this.lastInputTime = start;
    this.requestFrame();
  }

  private stopMotion(): void {
    if (this.motion.active) this.endMotion();
  }

  private endMotion(): void {
    this.motion.stop();
    if (this.frameHandle !== null) {
      this.clock.cancelFrame(this.frameHandle);
      this.frameHandle = null;
    }
  }

  private requestFrame(): void {
    if (this.frameHandle === null) this.frameHandle = this.clock.requestFrame(this.onFrame);
  }

  /** Moves the position and every reference the running motion is computed from. */
  private shiftUnclamped(dy: number): void {
    this.pos += dy;
    this.motion.shift(dy);
    this.dragStartPosition += dy;
  }

  private clamp(y: number): number {
    // `!(y > 0)` also sends NaN to the top rather than poisoning every later position.
    return !(y > 0) ? 0 : Math.min(y, this.maxPosition);
  }

  private setPosition(y: number): void {
    const clamped = this.clamp(y);
    if (clamped === this.pos) return;
    this.pos = clamped;
    this.notify();
  }

  private notify(): void {
    const listeners = this.listeners;
    for (let i = 0; i < listeners.length; i++) listeners[i](this.pos);
  }
}
