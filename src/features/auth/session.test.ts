// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuth } from '../../api/authStore';
import { ApiError } from '../../api/errors';
import { parseServiceDict } from '../../api/hosts';
import { testAccount } from '../../api/contract/testing';
import { readString } from '../../state/persisted';
import { queryClient } from '../../platform/queryClient';
import { sessionStore } from '../../state/session';
import { storageQuotaStore } from '../../state/storageQuota';
import { startSession } from './session';

const fetchAccountInfo = vi.hoisted(() => vi.fn());
vi.mock('../../platform/queries', () => ({
  accountInfoQuery: { queryKey: ['account_info'] },
  defaultJobQuery: { queryKey: ['jobs', 'default'] },
  fetchAccountInfo,
}));
const reportSessionStart = vi.hoisted(() => vi.fn());
vi.mock('../../platform/analytics', () => ({ reportSessionStart }));
const loadOfflineSession = vi.hoisted(() => vi.fn());
vi.mock('../../platform/offlineData', () => ({ loadOfflineSession }));

const hosts = parseServiceDict({
  appHost: 'http://api.test',
  thumbHost: 'http://api.test',
  videoHost: 'http://api.test',
  pollHost: 'http://api.test',
  downloadHost: 'http://api.test',
});
const failure = (kind: ApiError['kind'], status: number) =>
  new ApiError({ kind, status, method: 'GET', path: '/account_info' });

/** The timeline job as GET /jobs/default answers it (kept with the account on the device). */
const job = {
  id: 'j1',
  type: 'timeline',
  ctime: 1,
  mtime: 1,
  owner: 'u1',
  last_update: 1,
  size: 0,
};

beforeEach(() => {
  sessionStorage.clear();
  sessionStore.getState().setStatus('NOT_STARTED');
  fetchAccountInfo.mockReset();
  loadOfflineSession.mockReset().mockResolvedValue(null);
  queryClient.clear();
});
afterEach(() => sessionStorage.clear());

describe('startSession (SPEC §4 login status, §8 stored data failing)', () => {
  it('no stored data: NOT_STARTED (the login prompt), no redirect', async () => {
    const freshLogin = vi.fn(() => Promise.resolve());
    await startSession({ freshLogin });
    expect(sessionStore.getState().status).toBe('NOT_STARTED');
    expect(freshLogin).not.toHaveBeenCalled();
  });

  it('a stored session that loads: AUTHENTICATED', async () => {
    storeAuth('tok', hosts);
    fetchAccountInfo.mockResolvedValue({ used_space: 1, max_space: 2 });
    const freshLogin = vi.fn(() => Promise.resolve());
    await startSession({ freshLogin });
    expect(sessionStore.getState().status).toBe('AUTHENTICATED');
    expect(freshLogin).not.toHaveBeenCalled();
  });

  it('a second visit: the job kept for this account is in the cache before GET /jobs/default', async () => {
    storeAuth('tok', hosts);
    const account = testAccount({ name: null, used_space: 1, max_space: 2, logged_in_as: 'a@b.c' });
    fetchAccountInfo.mockResolvedValue(account);
    loadOfflineSession.mockResolvedValue({ account, job });
    await startSession();
    expect(sessionStore.getState().status).toBe('AUTHENTICATED');
    expect(queryClient.getQueryData(['jobs', 'default'])).toEqual(job);
    expect(queryClient.getQueryState(['jobs', 'default'])?.dataUpdatedAt).toBeGreaterThan(0);

    // Another account's kept job is never used.
    queryClient.clear();
    fetchAccountInfo.mockResolvedValue({ ...account, uuid: 'u2' });
    await startSession();
    expect(queryClient.getQueryData(['jobs', 'default'])).toBeUndefined();
  });

  it('a second visit opens from the kept account before the network answers, which then confirms or ends it', async () => {
    storeAuth('tok', hosts);
    const account = testAccount({ used_space: 5, max_space: 10, allowAnalytics: true });
    loadOfflineSession.mockResolvedValue({ account, job });
    reportSessionStart.mockReset();
    let answer!: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
    const pending = () =>
      new Promise((resolve, reject) => {
        answer = { resolve, reject };
      });

    // Confirmed: fresh data replaces the kept copy.
    fetchAccountInfo.mockImplementation(pending);
    const confirmed = startSession();
    await vi.waitFor(() => expect(sessionStore.getState().status).toBe('AUTHENTICATED'));
    // The kept copy allows no analytics (the consent may have been withdrawn since): the session's
    // start is reported once the server's answer confirms it.
    expect(queryClient.getQueryData(['account_info'])).toEqual({
      ...account,
      allowAnalytics: false,
    });
    expect(queryClient.getQueryData(['jobs', 'default'])).toEqual(job);
    expect(storageQuotaStore.getState().usedSpace).toBe(5);
    expect(reportSessionStart).not.toHaveBeenCalled();
    answer.resolve({ ...account, used_space: 7 });
    await confirmed;
    expect(sessionStore.getState().status).toBe('AUTHENTICATED');
    expect(storageQuotaStore.getState().usedSpace).toBe(7);
    expect(reportSessionStart).toHaveBeenCalledOnce();

    // Another failure (not 401, not offline): cleared, and a fresh login redirect.
    const freshLogin = vi.fn(() => Promise.resolve());
    const failed = startSession({ freshLogin });
    await vi.waitFor(() => expect(sessionStore.getState().status).toBe('AUTHENTICATED'));
    answer.reject(failure('server', 500));
    await failed;
    expect(freshLogin).toHaveBeenCalledOnce();
    expect(readString('authToken')).toBeNull();
    expect(queryClient.getQueryData(['account_info'])).toBeUndefined();

    // Offline: the kept session stays; a 401 is left to the unauthorised handlers.
    for (const [error, token] of [
      [failure('network', 0), 'tok'],
      [failure('unauthorized', 401), 'tok'],
    ] as const) {
      storeAuth(token, hosts);
      const started = startSession({ freshLogin });
      await vi.waitFor(() => expect(sessionStore.getState().status).toBe('AUTHENTICATED'));
      answer.reject(error);
      await started;
      expect(readString('authToken')).toBe('tok');
    }
    expect(freshLogin).toHaveBeenCalledOnce();
  });

  it('a kept copy that does not parse is not used: the app waits for the account', async () => {
    storeAuth('tok', hosts);
    loadOfflineSession.mockResolvedValue({ account: { uuid: 1 }, job: null });
    let resolve!: (value: unknown) => void;
    fetchAccountInfo.mockReturnValue(new Promise((r) => (resolve = r)));
    const started = startSession();
    await new Promise((r) => setTimeout(r, 10));
    expect(sessionStore.getState().status).toBe('FETCHING');
    resolve(testAccount());
    await started;
    expect(sessionStore.getState().status).toBe('AUTHENTICATED');
  });

  it('stored data that does not parse: cleared, and a fresh login redirect', async () => {
    sessionStorage.setItem('authToken', 'tok');
    sessionStorage.setItem('serviceDict', '{"appHost": 1}');
    const freshLogin = vi.fn(() => Promise.resolve());
    await startSession({ freshLogin });
    expect(freshLogin).toHaveBeenCalledOnce();
    expect(readString('authToken')).toBeNull();
    expect(sessionStore.getState().status).toBe('FETCHING');
  });

  it('an account that fails to load (not 401): cleared, and a fresh login redirect', async () => {
    storeAuth('tok', hosts);
    fetchAccountInfo.mockRejectedValue(failure('server', 500));
    const freshLogin = vi.fn(() => Promise.resolve());
    await startSession({ freshLogin });
    expect(freshLogin).toHaveBeenCalledOnce();
    expect(readString('authToken')).toBeNull();
  });

  it('right after a login, or when the redirect cannot start: FAILED, no loop', async () => {
    storeAuth('tok', hosts);
    fetchAccountInfo.mockRejectedValue(failure('server', 500));
    const freshLogin = vi.fn(() => Promise.resolve());
    await startSession({ freshLogin, justLoggedIn: true });
    expect(freshLogin).not.toHaveBeenCalled();
    expect(sessionStore.getState().status).toBe('FAILED');

    storeAuth('tok', hosts);
    await startSession({ freshLogin: () => Promise.reject(new Error('offline')) });
    expect(sessionStore.getState().status).toBe('FAILED');
  });

  it('401 is left to the unauthorised handlers; a disabled account (403) to its page', async () => {
    storeAuth('tok', hosts);
    fetchAccountInfo.mockRejectedValue(failure('unauthorized', 401));
    const freshLogin = vi.fn(() => Promise.resolve());
    await startSession({ freshLogin });
    expect(readString('authToken')).toBe('tok');
    fetchAccountInfo.mockRejectedValue(failure('forbidden', 403));
    await startSession({ freshLogin });
    expect(freshLogin).not.toHaveBeenCalled();
    expect(sessionStore.getState().status).toBe('FAILED');
  });
});
