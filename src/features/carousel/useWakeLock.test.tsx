// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './useBrowserApis';

/** A Wake Lock API that grants locks and records them; `hide()` drops them as a browser does. */
function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const api = {
    request: vi.fn(() => {
      const sentinel = {
        released: false,
        release: vi.fn(() => {
          sentinel.released = true;
          return Promise.resolve();
        }),
      };
      sentinels.push(sentinel);
      return Promise.resolve(sentinel);
    }),
  };
  return { api, sentinels, held: () => sentinels.filter((s) => !s.released).length };
}

let visibility: DocumentVisibilityState = 'visible';
let fake: ReturnType<typeof fakeWakeLock>;
beforeEach(() => {
  visibility = 'visible';
  fake = fakeWakeLock();
  Object.defineProperty(navigator, 'wakeLock', { value: fake.api, configurable: true });
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
});

const flush = () => act(() => Promise.resolve());

describe('useWakeLock (a slideshow keeps the screen awake, issue 34.12)', () => {
  it('holds the screen while active, asks again after the page was hidden, releases when it stops', async () => {
    const { rerender, unmount } = renderHook(({ active }) => useWakeLock(active), {
      initialProps: { active: false },
    });
    await flush();
    expect(fake.api.request).not.toHaveBeenCalled();

    rerender({ active: true });
    await flush();
    expect(fake.api.request).toHaveBeenCalledWith('screen');
    expect(fake.held()).toBe(1);

    // Hidden: the browser releases the lock; shown again: it is asked for anew.
    visibility = 'hidden';
    fake.sentinels[0].released = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(fake.held()).toBe(0);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(fake.held()).toBe(1);

    rerender({ active: false });
    await flush();
    expect(fake.held()).toBe(0);
    unmount();
  });

  it('lets the screen sleep when the browser refuses', async () => {
    fake.api.request.mockImplementationOnce(() => Promise.reject(new Error('NotAllowedError')));
    renderHook(() => useWakeLock(true));
    await flush();
    expect(fake.held()).toBe(0);
  });
});
