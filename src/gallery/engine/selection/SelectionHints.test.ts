import { describe, expect, it, vi } from 'vitest';
import {
  HINT_TIMEOUT_MS,
  SELECTION_HINT_AFTER,
  SHIFT_SELECT_HINT_AT,
  SHIFT_SELECT_HINT_REPEAT_DAYS,
} from '../../../domain/constants';
import { ManualClock } from '../clock';
import { SelectionHints, pinchHintTimeoutMs, shiftSelectHintRepeatMs } from './SelectionHints';
import { SelectionModel } from './SelectionModel';
import { TestSelectableIndex } from './testIndex';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = 1_700_000_000_000;
/** The shift-select hint was shown just now: it stays out of the way. */
const RECENT = { shownAt: NOW };

function setup(options: { shownAt?: number | null; shiftSelectAvailable?: boolean } = {}) {
  const clock = new ManualClock();
  let wall = NOW;
  let stored = options.shownAt ?? null;
  const port = { get: () => stored, set: vi.fn((t: number) => (stored = t)) };
  const hints = new SelectionHints({
    clock,
    shiftSelectShownAt: port,
    wallClock: () => wall,
    shiftSelectAvailable: options.shiftSelectAvailable,
  });
  return {
    clock,
    hints,
    port,
    stored: () => stored,
    advanceWall: (ms: number) => (wall += ms),
    wall: () => wall,
  };
}

/** Feeds counts 1..n one by one, as clicks would, in selection mode. */
function selectUpTo(hints: SelectionHints, n: number, from = 1) {
  for (let count = from; count <= n; count++) hints.update(count, true);
}

describe('SelectionHints', () => {
  it('pins SPEC §9 "selection hint after 10 selected … hint timeouts 3000 ms … after a month"', () => {
    expect(SELECTION_HINT_AFTER).toBe(10);
    expect([...SHIFT_SELECT_HINT_AT]).toEqual([1, 3]);
    expect(HINT_TIMEOUT_MS).toBe(3000);
    expect(pinchHintTimeoutMs).toBe(3000);
    expect(SHIFT_SELECT_HINT_REPEAT_DAYS).toBe(30);
    expect(shiftSelectHintRepeatMs).toBe(30 * DAY_MS);
  });

  describe('selection hint', () => {
    it('shows when the count reaches 10 and hides after 3000 ms', () => {
      const { clock, hints } = setup(RECENT);
      selectUpTo(hints, 9);
      expect(hints.isVisible('selection')).toBe(false);
      hints.update(10, true);
      expect(hints.visible).toEqual(['selection']);
      clock.advance(2999);
      expect(hints.isVisible('selection')).toBe(true);
      clock.advance(1);
      expect(hints.isVisible('selection')).toBe(false);
    });

    it('shows once per selection session, again in the next session', () => {
      const { clock, hints } = setup(RECENT);
      selectUpTo(hints, 10);
      clock.advance(3000);
      hints.update(5, true);
      hints.update(12, true);
      expect(hints.isVisible('selection')).toBe(false);
      hints.update(0, false);
      hints.update(40, true); // a select-all in a new session jumps past 10
      expect(hints.isVisible('selection')).toBe(true);
    });

    it('hides when the session ends', () => {
      const { hints } = setup(RECENT);
      selectUpTo(hints, 10);
      hints.update(0, false);
      expect(hints.visible).toEqual([]);
    });
  });

  describe('shift-select hint', () => {
    it('shows at 1 selected the first time ever, and stores when', () => {
      const { hints, port, wall } = setup();
      hints.update(1, true);
      expect(hints.isVisible('shift-select')).toBe(true);
      expect(port.set).toHaveBeenCalledWith(wall());
    });

    it('does not show again within a month, at 1 or at 3', () => {
      const { clock, hints, advanceWall } = setup();
      hints.update(1, true);
      clock.advance(3000);
      hints.update(0, false);
      advanceWall(29 * DAY_MS);
      selectUpTo(hints, 3);
      expect(hints.isVisible('shift-select')).toBe(false);
    });

    it('shows again after a month', () => {
      const { hints, advanceWall, port } = setup(RECENT);
      advanceWall(30 * DAY_MS);
      hints.update(1, true);
      expect(hints.isVisible('shift-select')).toBe(true);
      expect(port.set).toHaveBeenCalledTimes(1);
    });

    it('shows at 3 when the count skipped 1 (the session began with a header click)', () => {
      const { hints } = setup();
      hints.update(2, true);
      expect(hints.isVisible('shift-select')).toBe(false);
      hints.update(3, true);
      expect(hints.isVisible('shift-select')).toBe(true);
    });

    it('ignores counts falling to 1 or 3, and other counts', () => {
      const { hints } = setup();
      hints.update(5, true);
      hints.update(3, true);
      hints.update(2, true);
      hints.update(1, true);
      hints.update(4, true);
      expect(hints.isVisible('shift-select')).toBe(false);
    });

    it('never shows without a shift key', () => {
      const { hints, port } = setup({ shiftSelectAvailable: false });
      selectUpTo(hints, 3);
      expect(hints.isVisible('shift-select')).toBe(false);
      expect(port.set).not.toHaveBeenCalled();
    });

    it('hides after 3000 ms', () => {
      const { clock, hints } = setup();
      hints.update(1, true);
      clock.advance(3000);
      expect(hints.isVisible('shift-select')).toBe(false);
    });
  });

  describe('pinch hints', () => {
    it('show for 3000 ms, one at a time; showing again restarts the timeout', () => {
      const { clock, hints } = setup();
      hints.showPinchHint('pinch-in');
      clock.advance(2000);
      hints.showPinchHint('pinch-in');
      clock.advance(2000);
      expect(hints.visible).toEqual(['pinch-in']);
      hints.showPinchHint('pinch-out');
      expect(hints.visible).toEqual(['pinch-out']);
      clock.advance(pinchHintTimeoutMs);
      expect(hints.visible).toEqual([]);
    });

    it('stay when a selection session ends', () => {
      const { hints } = setup();
      hints.showPinchHint('pinch-out');
      hints.update(0, false);
      expect(hints.isVisible('pinch-out')).toBe(true);
    });
  });

  it('notifies on every visibility change; dismiss and dispose clear timers', () => {
    const { clock, hints } = setup();
    const listener = vi.fn();
    hints.subscribe(listener);
    hints.showPinchHint('pinch-in');
    hints.showPinchHint('pinch-in');
    expect(listener).toHaveBeenCalledTimes(1);
    hints.dismiss('pinch-in');
    hints.dismiss('pinch-in');
    expect(listener).toHaveBeenCalledTimes(2);
    hints.showPinchHint('pinch-out');
    hints.dispose();
    clock.advance(5000);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(hints.visible).toEqual([]);
  });

  it('follows a SelectionModel through observe()', () => {
    const { hints } = setup();
    const model = new SelectionModel({
      index: TestSelectableIndex.uniform(2, 20),
      loadSections: () => Promise.resolve(),
    });
    const stop = hints.observe(model);
    model.toggle(0, 0);
    expect(hints.isVisible('shift-select')).toBe(true);
    model.selectSection(0, true);
    expect(hints.isVisible('selection')).toBe(true);
    model.exitSelectionMode();
    expect(hints.visible).toEqual([]);
    stop();
    model.selectAll();
    expect(hints.visible).toEqual([]);
  });
});
