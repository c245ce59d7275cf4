/*
 * The date-format warm-up worker (warmDateFormats.ts): makes the Intl.DateTimeFormats it is sent
 * (a locale and the options of each), then posts 'ready'. ICU's calendar data is loaded once per
 * renderer process, so the page's own first Intl.DateTimeFormat afterwards is cheap. Imports
 * nothing but its message type.
 */
import type { WarmRequest } from './warmDateFormats.shared';

/** Makes each format (an unknown locale: en-US's, as dateFormat falls back). */
export function makeFormats({ locale, formats }: WarmRequest): void {
  for (const options of formats) {
    try {
      new Intl.DateTimeFormat(locale, options).format(0);
    } catch {
      new Intl.DateTimeFormat('en-US', options).format(0);
    }
  }
}

if ('WorkerGlobalScope' in globalThis) {
  globalThis.addEventListener('message', (event: MessageEvent<WarmRequest>) => {
    makeFormats(event.data);
    globalThis.postMessage('ready');
  });
}
