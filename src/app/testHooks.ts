import { connectivityStore } from '../state/connectivity';
import { confirmDialog, dialogStore } from '../state/dialogs';
import { popupStore } from '../state/popups';
import { sessionStore } from '../state/session';
import { showToast, toastStore } from '../state/toasts';
import { api } from './api';

/**
 * Exposes stores and the API client on `window.__capture` in test and bench builds
 * (VITE_TEST_HOOKS=1) or with ?debug=1, so Playwright reads state instead of guessing from pixels.
 */
export function exposeTestHooks(): void {
  const enabled =
    import.meta.env.VITE_TEST_HOOKS === '1' ||
    new URLSearchParams(location.search).get('debug') === '1';
  if (!enabled) return;
  Object.assign(window, {
    __capture: {
      api: api(),
      stores: {
        connectivity: connectivityStore,
        session: sessionStore,
        toasts: toastStore,
        dialogs: dialogStore,
        popups: popupStore,
      },
      actions: { confirmDialog, showToast },
    },
  });
}
