// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readString } from '../state/persisted';
import {
  CHUNK_RELOAD_GUARD_MS,
  PRELOAD_ERROR_EVENT,
  installChunkReload,
  shouldReloadAfterChunkFailure,
} from './chunkReload';

afterEach(() => sessionStorage.clear());

describe('reload once after a failed chunk load (SPEC §8 preload error)', () => {
  it('reloads on the first failure, not on one right after that reload, again much later', () => {
    const t0 = 1_000_000;
    expect(shouldReloadAfterChunkFailure(t0)).toBe(true);
    expect(readString('chunkReloadAt')).toBe(String(t0));
    expect(shouldReloadAfterChunkFailure(t0 + 5_000)).toBe(false);
    expect(shouldReloadAfterChunkFailure(t0 + CHUNK_RELOAD_GUARD_MS + 1)).toBe(true);
  });

  it("handles Vite's event: prevents the rethrow and reloads, once", () => {
    const reload = vi.fn();
    const assign = vi.fn();
    const win = {
      addEventListener: window.addEventListener.bind(window),
      location: { reload, assign },
    };
    let pending: string | null = null;
    installChunkReload(win as unknown as Window, () => pending);
    const first = new Event(PRELOAD_ERROR_EVENT, { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    // The reloaded version fails too: the error goes through to the error page.
    const second = new Event(PRELOAD_ERROR_EVENT, { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    // Much later, during a navigation: the full load goes where the navigation was going.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + CHUNK_RELOAD_GUARD_MS + 1);
    pending = '/documents?x=1';
    window.dispatchEvent(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }));
    expect(assign).toHaveBeenCalledWith('/documents?x=1');
    expect(reload).toHaveBeenCalledOnce();
  });
});
