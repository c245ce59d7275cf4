// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TimelineFilter } from '../photoGrid';
import { useFilterChoice } from './useFilterChoice';

/** A recents listing the test answers when it wants. */
function deferredDefault() {
  let answer: (filter: TimelineFilter) => void = () => undefined;
  const recentsDefault = vi.fn(
    () =>
      new Promise<TimelineFilter>((resolve) => {
        answer = resolve;
      }),
  );
  return {
    recentsDefault,
    answer: (filter: TimelineFilter) =>
      act(async () => {
        answer(filter);
        await Promise.resolve();
      }),
  };
}

describe('useFilterChoice', () => {
  it('shows "Recently added" chosen while its window is asked for, then sets that window', async () => {
    const setFilter = vi.fn();
    const { recentsDefault, answer } = deferredDefault();
    const { result } = renderHook(() => useFilterChoice(setFilter, recentsDefault));
    act(() => result.current.choose('recents'));
    expect(result.current.recentsPending).toBe(true);
    expect(setFilter).not.toHaveBeenCalled();
    await answer('recents_30');
    expect(setFilter).toHaveBeenCalledExactlyOnceWith('recents_30');
    expect(result.current.recentsPending).toBe(false);
  });

  it('keeps a chip picked while the recents listing was on its way', async () => {
    const setFilter = vi.fn();
    const { recentsDefault, answer } = deferredDefault();
    const { result } = renderHook(() => useFilterChoice(setFilter, recentsDefault));
    act(() => result.current.choose('recents'));
    act(() => result.current.choose('only_images'));
    expect(result.current.recentsPending).toBe(false);
    await answer('recents_7');
    expect(setFilter.mock.calls).toEqual([['only_images']]);
    expect(result.current.recentsPending).toBe(false);
  });

  it('sets any other chip at once', () => {
    const setFilter = vi.fn();
    const { result } = renderHook(() => useFilterChoice(setFilter, null));
    act(() => result.current.choose('screenshots'));
    expect(setFilter).toHaveBeenCalledExactlyOnceWith('screenshots');
    act(() => result.current.choose('recents'));
    expect(result.current.recentsPending).toBe(false);
  });
});
