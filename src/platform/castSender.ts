import type { CastConfig } from './appConfig';

// Google Cast's sender framework, as the app config names it (platform/appConfig.ts `cast`), set
// once at start-up and loaded only when the cast dialog opens: the start-up path never fetches
// Google's script. Without a config Google Cast is not offered (pairing by code still is).

let config: CastConfig | null = null;
let loading: Promise<boolean> | null = null;

/** Called once at start-up with the app config's Cast settings (none: no Google Cast). */
export function configureCastSender(cast: CastConfig | undefined): void {
  config = cast ?? null;
  loading = null;
}

/** The configured sender, or null when Google Cast is not offered. */
export function castSenderConfig(): CastConfig | null {
  return config;
}

/** How long the sender framework may take to say whether Cast is available. */
export const CAST_SENDER_TIMEOUT_MS = 10_000;

interface SenderWindow {
  __onGCastApiAvailable?: (available: boolean) => void;
}

/**
 * Loads the configured sender script once and resolves when the framework says whether Cast is
 * available (its documented `window.__onGCastApiAvailable(isAvailable)` callback): false without
 * a config, when the script fails to load (blocked, offline) or says nothing in time. A failed
 * load may be tried again on the next call.
 */
export function loadCastSender(
  doc: Document = document,
  win: SenderWindow = window as SenderWindow,
  timeoutMs = CAST_SENDER_TIMEOUT_MS,
): Promise<boolean> {
  const sender = config;
  if (!sender) return Promise.resolve(false);
  loading ??= new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => settle(false), timeoutMs);
    function settle(available: boolean) {
      clearTimeout(timer);
      if (!available) loading = null;
      resolve(available);
    }
    win.__onGCastApiAvailable = (available) => settle(available === true);
    const script = doc.createElement('script');
    script.src = sender.senderScriptUrl;
    script.async = true;
    script.onerror = () => {
      script.remove();
      settle(false);
    };
    doc.head.append(script);
  });
  return loading;
}
