import { clearStoredAuth, loadStoredAuth } from '../../api/authStore';
import { ApiError } from '../../api/errors';
import { AccountInfoSchema } from '../../api/contract/account';
import { JobInfoSchema } from '../../api/contract/jobs';
import { reportSessionStart } from '../../platform/analytics';
import { loadOfflineSession, type KeptSession } from '../../platform/offlineData';
import { accountInfoQuery, defaultJobQuery, fetchAccountInfo } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { readString } from '../../state/persisted';
import { sessionStore } from '../../state/session';
import { storageQuotaStore } from '../../state/storageQuota';
import { startLogin } from './login';

export interface StartSessionOptions {
  /**
   * The stored data was written by a login that just completed: if it fails to load, a fresh
   * login would only fail again, so the login prompt shows the failure instead (no loop).
   */
  justLoggedIn?: boolean;
  /** Leaves for the identity provider (injectable for tests). */
  freshLogin?: () => Promise<void>;
}

/**
 * SPEC §4: with a stored token the app starts FETCHING and loads the account (on a second visit
 * first from the copy kept on the device for this token, issue 19). Success: AUTHENTICATED. A
 * 401 is left to the unauthorised handlers (UNAUTHENTICATED and the session-expired dialog). Any other failure, or stored data that does not even parse: local
 * session data cleared (SPEC §8) and a fresh login redirect that comes back here, with the
 * fallback location if that login fails (SPEC §8 "Login with stored data failing leads to a
 * fresh login redirect with fallback location"). Right after a login it is FAILED instead.
 */
export async function startSession(options: StartSessionOptions = {}): Promise<void> {
  const { setStatus } = sessionStore.getState();
  const freshLogin = options.freshLogin ?? (() => startLogin());
  const stored = loadStoredAuth();
  if (!stored) {
    queryClient.removeQueries({ queryKey: accountInfoQuery.queryKey });
    const hadStoredData = readString('authToken') !== null || readString('serviceDict') !== null;
    if (!hadStoredData) {
      setStatus('NOT_STARTED');
      return;
    }
    clearStoredAuth();
    await loginAgain(options.justLoggedIn === true, freshLogin);
    return;
  }
  setStatus('FETCHING');
  // Read beside the account call (issue 19, second visit): the account and timeline job kept for
  // this token.
  const kept = loadOfflineSession(stored.token).catch(() => null);
  const answer = fetchAccountInfo().then(
    (account) => ({ account }) as const,
    (error: unknown) => ({ error }) as const,
  );
  // A second visit opens from disk: when the kept copy is read before the network answers, the
  // app starts AUTHENTICATED with it, and the answer then confirms it (fresh data) or ends the
  // session as below (a 401 shows the session-expired dialog, a disabled account its page,
  // another failure a fresh login). The kept copy exists only for this token, written when the
  // account last loaded with it.
  const first = await Promise.race([answer, kept.then((session) => ({ session }) as const)]);
  const early = 'session' in first && resumeKept(first.session);
  if (early) setStatus('AUTHENTICATED');
  const result = await answer;
  if ('account' in result) {
    const { account } = result;
    storageQuotaStore
      .getState()
      .setQuota({ usedSpace: account.used_space, maxSpace: account.max_space });
    primeKeptJob(account.uuid, await kept);
    setStatus('AUTHENTICATED');
    // Started from the kept copy, which never allows analytics (resumeKept): the consent is the
    // server's answer's, so the session's start is reported now, if at all.
    if (early) reportSessionStart();
    return;
  }
  const { error } = result;
  if (error instanceof ApiError && error.kind === 'unauthorized') return;
  // Offline (issue 19): the account as last loaded with this token, if kept; the banner shows.
  if (error instanceof ApiError && error.kind === 'network' && (early || resumeKept(await kept))) {
    setStatus('AUTHENTICATED');
    return;
  }
  clearStoredAuth();
  queryClient.removeQueries({ queryKey: accountInfoQuery.queryKey });
  // A disabled account has its own page (main.tsx's user_disabled handler): no login loop.
  if (error instanceof ApiError && error.kind === 'forbidden') {
    setStatus('FAILED');
    return;
  }
  await loginAgain(options.justLoggedIn === true, freshLogin);
}

/**
 * Puts the kept account and timeline job into the query cache, and the account's storage into
 * the quota; false when none is kept (or it does not parse). The kept account allows no analytics:
 * the user may have withdrawn the consent since it was kept (on another device too), so nothing is
 * sent until the server's answer says so.
 */
function resumeKept(kept: KeptSession | null): boolean {
  if (!kept) return false;
  const account = AccountInfoSchema.safeParse(kept.account);
  const job = JobInfoSchema.safeParse(kept.job);
  if (!account.success || !job.success) return false;
  queryClient.setQueryData(accountInfoQuery.queryKey, { ...account.data, allowAnalytics: false });
  queryClient.setQueryData(defaultJobQuery.queryKey, job.data);
  storageQuotaStore
    .getState()
    .setQuota({ usedSpace: account.data.used_space, maxSpace: account.data.max_space });
  return true;
}

/**
 * A second visit need not wait for GET /jobs/default before the timeline opens from disk: the
 * job kept for this token and account goes into the query cache. The timeline reads only its id
 * and type, which do not change for an account's timeline; it is asked for again once stale.
 */
function primeKeptJob(accountUuid: string, kept: KeptSession | null): void {
  if (!kept || queryClient.getQueryData(defaultJobQuery.queryKey)) return;
  const account = AccountInfoSchema.safeParse(kept.account);
  const job = JobInfoSchema.safeParse(kept.job);
  if (!account.success || !job.success || account.data.uuid !== accountUuid) return;
  queryClient.setQueryData(defaultJobQuery.queryKey, job.data);
}

async function loginAgain(justLoggedIn: boolean, freshLogin: () => Promise<void>): Promise<void> {
  const { setStatus } = sessionStore.getState();
  if (justLoggedIn) {
    setStatus('FAILED');
    return;
  }
  // A spinner while the browser leaves for the identity provider.
  setStatus('FETCHING');
  try {
    await freshLogin();
  } catch {
    // The redirect could not start (offline, preflight refused): the prompt shows why.
    setStatus('FAILED');
  }
}
