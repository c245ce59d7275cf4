import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { lazyStore } from './lazyStore';

describe('lazyStore (issue 34.10: no storage read while the bundle loads)', () => {
  it('makes the store on first use only, once, and is that store after', () => {
    const readStored = vi.fn(() => 3);
    const store = lazyStore(() => createStore<{ n: number }>()(() => ({ n: readStored() })));
    expect(readStored).not.toHaveBeenCalled();

    expect(store.getState()).toEqual({ n: 3 });
    expect(store.getInitialState()).toEqual({ n: 3 });
    const seen: number[] = [];
    const unsubscribe = store.subscribe((state) => seen.push(state.n));
    store.setState({ n: 4 });
    store.setState((state) => ({ n: state.n + 1 }));
    store.setState({ n: 9 }, true);
    unsubscribe();
    store.setState({ n: 10 });
    expect(seen).toEqual([4, 5, 9]);
    expect(store.getState()).toEqual({ n: 10 });
    expect(readStored).toHaveBeenCalledTimes(1);
  });

  it('keeps the flags and casting stores from reading storage when their modules load', async () => {
    vi.resetModules();
    const getItem = vi.fn<(key: string) => string | null>(() => null);
    vi.stubGlobal('localStorage', { getItem, setItem: vi.fn(), removeItem: vi.fn() });
    try {
      const flags = await import('./featureFlags');
      const casting = await import('./casting');
      expect(getItem).not.toHaveBeenCalled();

      expect(flags.getFeatureFlags()).toEqual(flags.DEFAULT_FEATURE_FLAGS);
      expect(casting.castingStore.getState().pairing).toBeNull();
      expect(getItem.mock.calls.map(([key]) => key)).toEqual(['featureFlags', 'castSession']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
