import { connectivityStore } from '../state/connectivity';
import { confirmDialog, dialogStore } from '../state/dialogs';
import { popupStore } from '../state/popups';
import { sessionStore } from '../state/session';
import { showToast, toastStore } from '../state/toasts';
import { api } from './api';

/**
 * Test and bench builds (VITE_TEST_HOOKS=1), or a page opened with ?debug=1, publish stores and
 * live objects on `window.__capture`, so Playwright reads state instead of guessing from pixels.
 * Decided once, from the URL the app started with.
 */
const enabled =
  import.meta.env.VITE_TEST_HOOKS === '1' ||
  (typeof location !== 'undefined' && new URLSearchParams(location.search).get('debug') === '1');

function hooks(): Record<string, unknown> {
  return ((window as unknown as { __capture?: Record<string, unknown> }).__capture ??= {});
}

/** Publishes a live object (e.g. the gallery engine) as window.__capture[name]. */
export function exposeForTests(name: string, value: unknown): () => void {
  if (!enabled) return () => undefined;
  const target = hooks();
  target[name] = value;
  return () => {
    if (target[name] === value) delete target[name];
  };
}

export function exposeTestHooks(): void {
  if (!enabled) return;
  Object.assign(hooks(), {
    api: api(),
    stores: {
      connectivity: connectivityStore,
      session: sessionStore,
      toasts: toastStore,
      dialogs: dialogStore,
      popups: popupStore,
    },
    actions: { confirmDialog, showToast },
  });
}
