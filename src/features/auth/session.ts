import { loadStoredAuth, clearStoredAuth } from '../../api/authStore';
import { ApiError } from '../../api/errors';
import { api } from '../../app/api';
import { sessionStore } from '../../state/session';
import { AccountInfoSchema } from '../../api/contract/account';

/**
 * SPEC §4: with a stored token the app starts FETCHING and loads the account. Success:
 * AUTHENTICATED. A 401 is left to the unauthorised handlers (UNAUTHENTICATED and the
 * session-expired dialog); any other failure: FAILED and local session data cleared (SPEC §8).
 */
export async function startSession(): Promise<void> {
  const { setStatus } = sessionStore.getState();
  if (!loadStoredAuth()) {
    setStatus('NOT_STARTED');
    return;
  }
  setStatus('FETCHING');
  try {
    await api().request({ method: 'GET', path: '/account_info', schema: AccountInfoSchema });
    setStatus('AUTHENTICATED');
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return;
    clearStoredAuth();
    setStatus('FAILED');
  }
}
