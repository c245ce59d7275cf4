import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../state/connectivity';
import { OFFLINE_PROBE_INTERVAL_MS, startConnectivityMonitor } from './connectivityMonitor';

class FakeWindow extends EventTarget {
  navigator = { onLine: true };
}

describe('startConnectivityMonitor', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    connectivityStore.setState({ online: true });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("goes offline on the browser's offline event and back online once a probe succeeds", async () => {
    const win = new FakeWindow();
    let reachable = false;
    const probe = vi.fn(() => Promise.resolve(reachable));
    stop = startConnectivityMonitor(win as unknown as Window, probe);

    win.dispatchEvent(new Event('offline'));
    expect(connectivityStore.getState().online).toBe(false);

    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(connectivityStore.getState().online).toBe(false);

    reachable = true;
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_INTERVAL_MS);
    expect(connectivityStore.getState().online).toBe(true);

    // Online again: the probe stops.
    await vi.advanceTimersByTimeAsync(OFFLINE_PROBE_INTERVAL_MS * 3);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('probes at once when the browser says it is online again', async () => {
    const win = new FakeWindow();
    const probe = vi.fn(() => Promise.resolve(true));
    stop = startConnectivityMonitor(win as unknown as Window, probe);
    connectivityStore.getState().setOnline(false); // e.g. a request failed
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(connectivityStore.getState().online).toBe(true);
  });

  it('starts offline when the browser already is', () => {
    const win = new FakeWindow();
    win.navigator.onLine = false;
    stop = startConnectivityMonitor(win as unknown as Window, () => Promise.resolve(false));
    expect(connectivityStore.getState().online).toBe(false);
  });
});
