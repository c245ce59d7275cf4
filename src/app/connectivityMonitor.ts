import { connectivityStore } from '../state/connectivity';

export const OFFLINE_PROBE_INTERVAL_MS = 4000;

/**
 * Requests flip connectivity (the api layer does that). This adds what a request cannot see: the
 * browser's own offline event, and while offline a cheap probe of the web origin every few
 * seconds, so the banner clears on its own once the network is back (SPEC §4: back on success).
 */
export function startConnectivityMonitor(
  win: Window,
  probe: () => Promise<boolean> = () => probeWebOrigin(win),
): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const check = async () => {
    if (await probe()) connectivityStore.getState().setOnline(true);
  };
  const sync = (online: boolean) => {
    if (online && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
    if (!online && timer === null)
      timer = setInterval(() => void check(), OFFLINE_PROBE_INTERVAL_MS);
  };
  const unsubscribe = connectivityStore.subscribe((state) => sync(state.online));
  const onOffline = () => connectivityStore.getState().setOnline(false);
  const onOnline = () => void check();
  win.addEventListener('offline', onOffline);
  win.addEventListener('online', onOnline);
  if (!win.navigator.onLine) onOffline();
  return () => {
    unsubscribe();
    if (timer !== null) clearInterval(timer);
    win.removeEventListener('offline', onOffline);
    win.removeEventListener('online', onOnline);
  };
}

async function probeWebOrigin(win: Window): Promise<boolean> {
  try {
    const response = await win.fetch('/app-config.json', { method: 'HEAD', cache: 'no-store' });
    return response.status < 500;
  } catch {
    return false;
  }
}
