// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerCarouselAction, useCarouselActions, useLazyCarouselSlot } from './slots';
import type { CarouselActionSlot } from './types';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** requestIdleCallback whose callbacks run when the test says the browser is idle. */
function idleQueue() {
  const pending = new Map<number, () => void>();
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
    pending.set(next, fn);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
  return {
    size: () => pending.size,
    runOne: () => {
      const [id, fn] = pending.entries().next().value!;
      pending.delete(id);
      fn();
    },
  };
}

/** Runs `step` and lets the promises it settles run their callbacks, inside act. */
const settle = (step: () => void) =>
  act(async () => {
    step();
    await Promise.resolve();
  });

const slot = (id: string) => ({ id, order: 1 }) as unknown as CarouselActionSlot;

describe('useLazyCarouselSlot', () => {
  it('loads each slot at an idle moment of its own after the mount, not in the mount', async () => {
    vi.useFakeTimers();
    const idle = idleQueue();
    const share = vi.fn(() => Promise.resolve(registerCarouselAction(slot('share'))));
    const cast = vi.fn(() => Promise.resolve(registerCarouselAction(slot('cast'))));
    const actions = renderHook(() => useCarouselActions());
    const page = renderHook(() => {
      useLazyCarouselSlot(share);
      useLazyCarouselSlot(cast);
    });
    expect(share).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(share).not.toHaveBeenCalled();
    expect(idle.size()).toBe(2);

    await settle(idle.runOne);
    expect(share).toHaveBeenCalledOnce();
    expect(cast).not.toHaveBeenCalled();
    expect(actions.result.current.map((a) => a.id)).toEqual(['share']);
    await settle(idle.runOne);
    expect(cast).toHaveBeenCalledOnce();
    expect(actions.result.current.map((a) => a.id)).toEqual(['share', 'cast']);

    page.unmount();
    expect(actions.result.current).toEqual([]);
  });

  it('loads nothing when the page goes before its idle moment, and drops a slot that lands after', async () => {
    vi.useFakeTimers();
    const idle = idleQueue();
    const early = vi.fn(() => Promise.resolve(registerCarouselAction(slot('early'))));
    renderHook(() => useLazyCarouselSlot(early)).unmount();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(idle.size()).toBe(0);
    expect(early).not.toHaveBeenCalled();

    let land: (unregister: () => void) => void = () => undefined;
    const late = vi.fn(() => new Promise<() => void>((resolve) => (land = resolve)));
    const actions = renderHook(() => useCarouselActions());
    const page = renderHook(() => useLazyCarouselSlot(late));
    act(() => {
      vi.advanceTimersByTime(0);
    });
    await settle(idle.runOne);
    expect(late).toHaveBeenCalledOnce();
    page.unmount();
    await settle(() => land(registerCarouselAction(slot('late'))));
    expect(actions.result.current).toEqual([]);
  });
});
