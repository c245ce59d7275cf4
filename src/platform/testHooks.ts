import { callFor } from '../api/contract/calls';
import type { ApiClient } from '../api/http';
import { connectivityStore } from '../state/connectivity';
import { confirmDialog, dialogStore } from '../state/dialogs';
import { popupStore } from '../state/popups';
import { sessionStore } from '../state/session';
import { showToast, toastStore } from '../state/toasts';
import { api } from './api';
import { isRouteBuilt } from './routesBuilt';

/**
 * What test and bench builds publish on `window.__capture`: the one type of it, read by the e2e
 * specs and the benches (`window.__capture` is typed globally below). The app-wide entries are
 * here; a module that publishes its own entry declares it next to the `exposeForTests` call by
 * augmenting this interface:
 *
 *     declare module '../../platform/testHooks' {
 *       interface CaptureHooks { documents?: { total: number } }
 *     }
 *
 * Entries a page publishes while mounted are optional.
 */
export interface CaptureHooks {
  api: ApiClient;
  /** A request's target from a written path (contract/calls.ts): the specs' calls are listed too. */
  callFor: typeof callFor;
  stores: {
    connectivity: typeof connectivityStore;
    session: typeof sessionStore;
    toasts: typeof toastStore;
    dialogs: typeof dialogStore;
    popups: typeof popupStore;
  };
  actions: { confirmDialog: typeof confirmDialog; showToast: typeof showToast };
  /** Which routes have a page (the crawl of the shell's links reads it). */
  routes: { isRouteBuilt: typeof isRouteBuilt };
}

declare global {
  interface Window {
    /** Test and bench builds, or ?debug=1 (see `exposeTestHooks`). */
    __capture?: CaptureHooks;
  }
}

/**
 * Test and bench builds (VITE_TEST_HOOKS=1), or a page opened with ?debug=1, publish stores and
 * live objects on `window.__capture`, so Playwright reads state instead of guessing from pixels.
 * Decided once, from the URL the app started with.
 */
const enabled =
  import.meta.env.VITE_TEST_HOOKS === '1' ||
  (typeof location !== 'undefined' && new URLSearchParams(location.search).get('debug') === '1');

function hooks(): Partial<CaptureHooks> {
  return (window.__capture ??= {} as CaptureHooks);
}

/** Publishes a live object (e.g. the gallery engine) as window.__capture[name]. */
export function exposeForTests<K extends keyof CaptureHooks>(
  name: K,
  value: NonNullable<CaptureHooks[K]>,
): () => void {
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
    callFor,
    stores: {
      connectivity: connectivityStore,
      session: sessionStore,
      toasts: toastStore,
      dialogs: dialogStore,
      popups: popupStore,
    },
    actions: { confirmDialog, showToast },
    routes: { isRouteBuilt },
  } satisfies CaptureHooks);
}
