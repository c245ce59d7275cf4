import { loadStoredAuth } from '../api/authStore';
import { onUploadsChange, uploadsRunning } from '../features/upload';
import { exposeForTests } from '../platform/testHooks';
import { saveOfflineSession } from '../platform/offlineData';
import { accountInfoQuery, defaultJobQuery } from '../platform/queries';
import { queryClient } from '../platform/queryClient';
import {
  checkForUpdate,
  identifyServiceWorker,
  serviceWorkerState,
  serviceWorkerStats,
  startServiceWorker,
} from '../platform/serviceWorker';
import { sessionStore } from '../state/session';

declare module '../platform/testHooks' {
  interface CaptureHooks {
    /** The service worker as the app sees it (issue 19 revisit spec and bench). */
    serviceWorker?: {
      stats: typeof serviceWorkerStats;
      state: typeof serviceWorkerState;
      checkForUpdate: typeof checkForUpdate;
      identify: (budgetBytes?: number) => Promise<void>;
    };
  }
}

/**
 * Issue 19, second visit: the service worker is registered, told who is signed in once the
 * account is known (so it caches that user's thumbnails only), and updated only when no upload
 * runs. A logout clears it (platform/logOut → offlineData).
 */
export function startOfflineSupport(win: Window): void {
  void startServiceWorker(win, { uploadsRunning, onUploadsChange });
  const identify = (budgetBytes?: number): Promise<void> => {
    if (sessionStore.getState().status !== 'AUTHENTICATED') return Promise.resolve();
    const account = queryClient.getQueryData(accountInfoQuery.queryKey);
    const token = loadStoredAuth()?.token;
    if (!account || !token) return Promise.resolve();
    return identifyServiceWorker(account.uuid, token, budgetBytes).catch(() => undefined);
  };
  sessionStore.subscribe(() => void identify());
  // What an offline start needs: the account and the timeline job as last answered.
  const kept = { account: accountInfoQuery.queryKey[0], job: defaultJobQuery.queryKey.join('/') };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const token = loadStoredAuth()?.token;
    const key = (event.query.queryKey as readonly unknown[]).join('/');
    if (!token || event.action.manual) return;
    if (key === kept.account) void saveOfflineSession(token, { account: event.action.data });
    if (key === kept.job) void saveOfflineSession(token, { job: event.action.data });
  });
  void identify();
  exposeForTests('serviceWorker', {
    stats: serviceWorkerStats,
    state: serviceWorkerState,
    checkForUpdate,
    identify,
  });
}
