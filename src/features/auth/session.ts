import { loadStoredAuth, clearStoredAuth } from '../../api/authStore';
import { ApiError } from '../../api/errors';
import { api } from '../../app/api';
import { sessionStore } from '../../state/session';
import { storageQuotaStore } from '../../state/storageQuota';
import { AccountInfoSchema } from '../../api/contract/account';

/**
 * SPEC §4: with a stored token the app starts FETCHING and loads the account. Success:
 * AUTHENTICATED. A 401 is left to the unauthorised handlers (UNAUTHENTICATED and the
 * session-expired dialog); any other failure: FAILED and local session data cleared (SPEC §8).
 */
export async function startSession(): Promise<void> {
  const { setStatus, setAccount } = sessionStore.getState();
  if (!loadStoredAuth()) {
    setAccount(null);
    setStatus('NOT_STARTED');
    return;
  }
  setStatus('FETCHING');
  try {
    const { data } = await api().request({
      method: 'GET',
      path: '/account_info',
      schema: AccountInfoSchema,
    });
    setAccount(data);
    storageQuotaStore.getState().setQuota({ usedSpace: data.used_space, maxSpace: data.max_space });
    setStatus('AUTHENTICATED');
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return;
    clearStoredAuth();
    setStatus('FAILED');
  }
}
