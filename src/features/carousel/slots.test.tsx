// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLazyCarouselSlot } from './slots';

/** A scheduler whose yields wait until `release()`: a task boundary the test controls. */
function heldYields() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('scheduler', {
    yield: () => new Promise<void>((resolve) => waiting.push(resolve)),
  });
  return {
    count: () => waiting.length,
    release: async () => {
      for (const resolve of waiting.splice(0)) resolve();
      await act(async () => {
        await Promise.resolve();
      });
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useLazyCarouselSlot (issue 34.10: each slot asks for its chunk in a task of its own)', () => {
  it('registers after a yield, not in the effect pass, and unregisters on unmount', async () => {
    const yields = heldYields();
    const unregister = vi.fn();
    const register = vi.fn(() => Promise.resolve(unregister));
    const { unmount } = renderHook(() => useLazyCarouselSlot(register));
    expect(register).not.toHaveBeenCalled();
    expect(yields.count()).toBe(1);

    await yields.release();
    expect(register).toHaveBeenCalledTimes(1);
    unmount();
    expect(unregister).toHaveBeenCalledTimes(1);
  });

  it('never asks for the chunk when the page is gone before its turn', async () => {
    const yields = heldYields();
    const register = vi.fn(() => Promise.resolve(vi.fn()));
    const { unmount } = renderHook(() => useLazyCarouselSlot(register));
    unmount();
    await yields.release();
    expect(register).not.toHaveBeenCalled();
  });
});
