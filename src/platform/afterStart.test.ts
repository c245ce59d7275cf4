import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AFTER_START_MS,
  afterStart,
  expectFirstScreen,
  FIRST_SCREEN_WAIT_MAX_MS,
  firstScreenShown,
  resetFirstScreenForTests,
} from './afterStart';

afterEach(() => {
  resetFirstScreenForTests();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterStart', () => {
  it('runs the callback after the delay, once the browser is idle', () => {
    vi.useFakeTimers();
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => ((idle = fn), 7));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const callback = vi.fn();
    afterStart(callback);
    vi.advanceTimersByTime(AFTER_START_MS - 1);
    expect(idle).toBeNull();
    vi.advanceTimersByTime(1);
    expect(callback).not.toHaveBeenCalled();
    idle!();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('cancels before the delay and while waiting for idle; without idle callbacks runs at the delay', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    afterStart(callback)();
    vi.advanceTimersByTime(AFTER_START_MS * 2);
    expect(callback).not.toHaveBeenCalled();

    const cancelIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const cancel = afterStart(callback, 10);
    vi.advanceTimersByTime(10);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);

    vi.stubGlobal('requestIdleCallback', undefined);
    afterStart(callback, 10);
    vi.advanceTimersByTime(10);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('on a start whose first screen fills over time, waits past the delay until it is shown', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    expectFirstScreen();
    const callback = vi.fn();
    afterStart(callback);
    // A loaded machine: the grid is still filling well after the delay.
    vi.advanceTimersByTime(AFTER_START_MS * 3);
    expect(callback).not.toHaveBeenCalled();
    firstScreenShown();
    expect(callback).toHaveBeenCalledOnce();
    // Shown before the delay: the delay alone, as on any other start.
    const later = vi.fn();
    afterStart(later);
    vi.advanceTimersByTime(AFTER_START_MS);
    expect(later).toHaveBeenCalledOnce();
    // Only the start's: a page that fills over time later holds nothing.
    expectFirstScreen();
    const next = vi.fn();
    afterStart(next);
    vi.advanceTimersByTime(AFTER_START_MS);
    expect(next).toHaveBeenCalledOnce();
  });

  it('goes anyway once a first screen keeps it waiting too long, and once', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    expectFirstScreen();
    const callback = vi.fn();
    const cancelled = vi.fn();
    afterStart(callback);
    afterStart(cancelled)();
    vi.advanceTimersByTime(AFTER_START_MS + FIRST_SCREEN_WAIT_MAX_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    firstScreenShown();
    expect(callback).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
