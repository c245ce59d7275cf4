import { clearStoredAuth, loadStoredAuth } from '../../api/authStore';
import { ApiError } from '../../api/errors';
import { accountInfoQuery, fetchAccountInfo } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { sessionStore } from '../../state/session';
import { storageQuotaStore } from '../../state/storageQuota';

/**
 * SPEC §4: with a stored token the app starts FETCHING and loads the account. Success:
 * AUTHENTICATED. A 401 is left to the unauthorised handlers (UNAUTHENTICATED and the
 * session-expired dialog); any other failure: FAILED and local session data cleared (SPEC §8).
 */
export async function startSession(): Promise<void> {
  const { setStatus } = sessionStore.getState();
  if (!loadStoredAuth()) {
    queryClient.removeQueries({ queryKey: accountInfoQuery.queryKey });
    setStatus('NOT_STARTED');
    return;
  }
  setStatus('FETCHING');
  try {
    const account = await fetchAccountInfo();
    storageQuotaStore
      .getState()
      .setQuota({ usedSpace: account.used_space, maxSpace: account.max_space });
    setStatus('AUTHENTICATED');
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return;
    clearStoredAuth();
    setStatus('FAILED');
  }
}
