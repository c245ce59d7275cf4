// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { specShare, testAccount } from '../../api/contract/testing';
import { jobInfoFailureOf } from '../../api/jobFetch';
import { mapJobInfoFailure } from '../../domain/jobInfoFailure';
import { initApiClient } from '../../platform/api';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { shareQuery } from './shareApi';

// GET /shares/{id} through the app's own API client, the service answering in the SPEC's words
// only: a share with SPEC §3's fields and nothing of our server's, and SPEC §7's failure texts
// ("public job auth failed", "User does not have access to secured job") as plain text.

const answerWith = (body: string, status: number, type = 'text/plain') =>
  vi.fn(() => Promise.resolve(new Response(body, { status, headers: { 'content-type': type } })));

/** Runs the share query's own fetch (as the page's useQuery does). */
const fetchShare = (password: string | null = null) =>
  queryClient.fetchQuery({ ...shareQuery('share-1', password), retry: false, staleTime: 0 });

beforeAll(() => {
  initApiClient({ apiOrigin: 'https://app.example.com' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('shareQuery against a service that keeps to the SPEC', () => {
  it('reads a SPEC §3 share; its owner is the signed-in user with the owner’s uuid', async () => {
    vi.stubGlobal('fetch', answerWith(JSON.stringify(specShare), 200, 'application/json'));
    const visitor = await fetchShare();
    expect(visitor).toMatchObject({ id: 'share-1', isOwner: false, hasPassword: false });
    expect(visitor.thumbFiles[0].type).toBe('picture');

    queryClient.clear();
    queryClient.setQueryData(accountInfoQuery.queryKey, testAccount({ uuid: 'owner-uuid' }));
    expect((await fetchShare()).isOwner).toBe(true);
  });

  it.each([
    [400, 'public job auth failed', false, 'PASSWORD_REQUIRED'],
    [401, 'Unauthorized: public job auth failed', false, 'PASSWORD_REQUIRED'],
    [403, 'User does not have access to secured job', false, 'LOGIN_REQUIRED'],
    [403, 'User does not have access to secured job', true, 'NOT_FOUND'],
    [403, 'Forbidden', false, 'NOT_FOUND'],
    [404, 'Not Found', false, 'NOT_FOUND'],
    [500, 'Internal Server Error', false, 'FETCH_FAILED'],
  ] as const)('%i "%s" (signed in: %s) is %s', async (status, body, loggedIn, state) => {
    vi.stubGlobal('fetch', answerWith(body, status));
    const error: unknown = await fetchShare('typed').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(mapJobInfoFailure(jobInfoFailureOf(error, loggedIn))).toBe(state);
  });

  it('no answer at all is FETCH_FAILED', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error: unknown = await fetchShare().then(
      () => null,
      (e: unknown) => e,
    );
    expect(mapJobInfoFailure(jobInfoFailureOf(error, false))).toBe('FETCH_FAILED');
  });
});
