// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlText } from './useUrlText';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(initial = '') {
  const write = vi.fn<(value: string) => void>();
  const hook = renderHook(({ url }) => useUrlText(url, write, 300), {
    initialProps: { url: initial },
  });
  return { write, hook };
}

describe('useUrlText', () => {
  it('writes the text to the URL once typing pauses', () => {
    const { write, hook } = setup();
    act(() => {
      hook.result.current[1]('s');
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    act(() => {
      hook.result.current[1]('su');
    });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(write).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(write).toHaveBeenCalledExactlyOnceWith('su');
  });

  it('keeps keystrokes typed while its own write reaches the URL', () => {
    const { write, hook } = setup();
    act(() => {
      hook.result.current[1]('summer');
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(write).toHaveBeenCalledWith('summer');
    // Backspace before the router commits ?q=summer.
    act(() => {
      hook.result.current[1]('summe');
    });
    hook.rerender({ url: 'summer' });
    expect(hook.result.current[0]).toBe('summe');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(write).toHaveBeenLastCalledWith('summe');
  });

  it('takes a value the URL got elsewhere (Back, Forward, a link)', () => {
    const { write, hook } = setup('beach');
    expect(hook.result.current[0]).toBe('beach');
    hook.rerender({ url: 'hike' });
    expect(hook.result.current[0]).toBe('hike');
    hook.rerender({ url: '' });
    expect(hook.result.current[0]).toBe('');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(write).not.toHaveBeenCalled();
  });
});
