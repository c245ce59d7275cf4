import {
  HINT_TIMEOUT_MS,
  SELECTION_HINT_AFTER,
  SHIFT_SELECT_HINT_AT,
  SHIFT_SELECT_HINT_REPEAT_DAYS,
} from '../../../domain/constants';
import type { FrameClock } from '../clock';

/** SPEC §9 "hint timeouts 3000 ms": every hint hides itself after this unless shown again. */
export const pinchHintTimeoutMs = HINT_TIMEOUT_MS;
/** SPEC §9 "re-shown after a month", a month read as 30 days. */
export const shiftSelectHintRepeatMs = SHIFT_SELECT_HINT_REPEAT_DAYS * 24 * 60 * 60 * 1000;

export type PinchHint = 'pinch-in' | 'pinch-out';
export type SelectionHint = 'selection' | 'shift-select' | PinchHint;

/** Where the app keeps when the shift-select hint was last shown (epoch ms); no storage here. */
export interface HintTimePort {
  get(): number | null;
  set(time: number): void;
}

/** What the hints read from a selection; SelectionModel has all three. */
export interface HintSelectionSource {
  readonly count: number;
  readonly selectionMode: boolean;
  subscribe(listener: () => void): () => void;
}

export interface SelectionHintsOptions {
  /** Drives the hide timers. */
  clock: FrameClock;
  shiftSelectShownAt: HintTimePort;
  /** Wall-clock epoch ms for the persisted stamp: FrameClock time restarts with each page. */
  wallClock?: () => number;
  /** False where there is no shift key (touch only): the shift-select hint never shows. */
  shiftSelectAvailable?: boolean;
}

/**
 * SPEC §9 hints as state, not UI: which hints are visible, and when they hide. The page draws
 * them from `visible` and `subscribe`.
 *  - selection: when the count reaches 10, once per selection session (from entering selection
 *    mode until it ends);
 *  - shift-select: when the count rises to 1 or 3, if never shown or last shown a month ago;
 *  - pinch-in / pinch-out: whenever the zoom binding asks, one at a time.
 */
export class SelectionHints {
  private readonly clock: FrameClock;
  private readonly shiftSelectShownAt: HintTimePort;
  private readonly wallClock: () => number;
  private readonly shiftSelectAvailable: boolean;
  private readonly timers = new Map<SelectionHint, number>();
  private readonly listeners = new Set<() => void>();
  private lastCount = 0;
  private selectionHintShownThisSession = false;

  constructor(options: SelectionHintsOptions) {
    this.clock = options.clock;
    this.shiftSelectShownAt = options.shiftSelectShownAt;
    this.wallClock = options.wallClock ?? Date.now;
    this.shiftSelectAvailable = options.shiftSelectAvailable ?? true;
  }

  /** Visible hints, in the order they were shown. */
  get visible(): SelectionHint[] {
    return [...this.timers.keys()];
  }

  isVisible(hint: SelectionHint): boolean {
    return this.timers.has(hint);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Follows a selection: `update` after each of its changes. Returns the unsubscribe. */
  observe(source: HintSelectionSource): () => void {
    this.update(source.count, source.selectionMode);
    return source.subscribe(() => this.update(source.count, source.selectionMode));
  }

  /** Feeds the selection count after a change; cheap when the count did not move. */
  update(count: number, selectionMode: boolean): void {
    const previous = this.lastCount;
    this.lastCount = count;
    if (!selectionMode) {
      // The session is over: its hints go, and the next session may show the selection hint.
      this.selectionHintShownThisSession = false;
      this.hide('selection');
      this.hide('shift-select');
      return;
    }
    if (count === previous) return;
    if (
      previous < SELECTION_HINT_AFTER &&
      count >= SELECTION_HINT_AFTER &&
      !this.selectionHintShownThisSession
    ) {
      this.selectionHintShownThisSession = true;
      this.show('selection');
    }
    const atShiftCount = (SHIFT_SELECT_HINT_AT as readonly number[]).includes(count);
    if (count > previous && atShiftCount && this.shiftSelectDue()) {
      this.shiftSelectShownAt.set(this.wallClock());
      this.show('shift-select');
    }
  }

  /** Shows a pinch hint (replacing the other one) for `pinchHintTimeoutMs`. */
  showPinchHint(hint: PinchHint): void {
    this.hide(hint === 'pinch-in' ? 'pinch-out' : 'pinch-in');
    this.show(hint);
  }

  dismiss(hint: SelectionHint): void {
    this.hide(hint);
  }

  dispose(): void {
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    this.listeners.clear();
  }

  private shiftSelectDue(): boolean {
    if (!this.shiftSelectAvailable) return false;
    const last = this.shiftSelectShownAt.get();
    return last === null || this.wallClock() - last >= shiftSelectHintRepeatMs;
  }

  /** Shows a hint, or restarts its timeout when it is already visible. */
  private show(hint: SelectionHint): void {
    const old = this.timers.get(hint);
    if (old !== undefined) this.clock.clearTimeout(old);
    const handle = this.clock.setTimeout(() => {
      if (this.timers.get(hint) === handle) this.hide(hint);
    }, pinchHintTimeoutMs);
    this.timers.set(hint, handle);
    if (old === undefined) this.notify();
  }

  private hide(hint: SelectionHint): void {
    const handle = this.timers.get(hint);
    if (handle === undefined) return;
    this.clock.clearTimeout(handle);
    this.timers.delete(hint);
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
