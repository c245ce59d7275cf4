// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDESHOW_CHROME_IDLE_MS } from '../../domain/constants';
import { useIdleChrome } from './useIdleChrome';

let element: HTMLDivElement;
beforeEach(() => {
  vi.useFakeTimers();
  element = document.createElement('div');
  document.body.append(element);
});
afterEach(() => {
  element.remove();
  vi.useRealTimers();
});

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const dispatch = (target: EventTarget, event: Event) =>
  act(() => {
    target.dispatchEvent(event);
  });

describe('useIdleChrome (issue 34.9: the slideshow hides the chrome until the pointer moves)', () => {
  it('hides after the idle time without movement, shows again on a movement', () => {
    const root = { current: element };
    const { result } = renderHook(() => useIdleChrome(true, root));
    expect(result.current).toBe(false);
    wait(SLIDESHOW_CHROME_IDLE_MS - 1);
    expect(result.current).toBe(false);
    wait(1);
    expect(result.current).toBe(true);

    dispatch(element, new Event('pointermove'));
    expect(result.current).toBe(false);
    // A movement starts the time again.
    wait(SLIDESHOW_CHROME_IDLE_MS - 1);
    expect(result.current).toBe(false);
    wait(1);
    expect(result.current).toBe(true);
    dispatch(document, new KeyboardEvent('keydown', { key: 'ArrowUp' }));
    expect(result.current).toBe(false);
  });

  it('never hides outside a slideshow, and shows at once when the slideshow stops', () => {
    const root = { current: element };
    const { result, rerender } = renderHook(({ active }) => useIdleChrome(active, root), {
      initialProps: { active: false },
    });
    wait(SLIDESHOW_CHROME_IDLE_MS * 2);
    expect(result.current).toBe(false);
    rerender({ active: true });
    wait(SLIDESHOW_CHROME_IDLE_MS);
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });
});
