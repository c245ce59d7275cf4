import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_START_MS, afterStart } from './afterStart';

afterEach(() => {
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
});
