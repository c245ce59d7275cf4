import { describe, expect, it } from 'vitest';
import {
  isJobAuthBody,
  JOB_FETCH_STATES,
  jobFetchPage,
  jobFetchState,
  mapJobInfoFailure,
} from './jobInfoFailure';

const PUBLIC_AUTH = '{"error":"public job auth failed"}';
const SECURED = 'Forbidden: User does not have access to secured job';

describe('JOB_FETCH_STATES', () => {
  it('lists the SPEC job fetch states', () => {
    // SPEC §4: "Job fetch: NOT_STARTED, PENDING, NOT_FOUND, PASSWORD_REQUIRED, PASSWORD_PROVIDED,
    // LOGIN_REQUIRED, FETCHED, PARTIALLY_FETCHED, FETCH_FAILED, RECENTLY_DELETED"
    expect(JOB_FETCH_STATES).toEqual([
      'NOT_STARTED',
      'PENDING',
      'NOT_FOUND',
      'PASSWORD_REQUIRED',
      'PASSWORD_PROVIDED',
      'LOGIN_REQUIRED',
      'FETCHED',
      'PARTIALLY_FETCHED',
      'FETCH_FAILED',
      'RECENTLY_DELETED',
    ]);
  });
});

describe('mapJobInfoFailure', () => {
  it.each([400, 401, 403])('%i with "public job auth failed" requires a password', (status) => {
    // SPEC §7: "400, 401 or 403 with body containing "public job auth failed" leads to
    // public-auth-required"
    expect(mapJobInfoFailure({ status, body: PUBLIC_AUTH, loggedIn: false })).toBe(
      'PASSWORD_REQUIRED',
    );
    expect(mapJobInfoFailure({ status, body: PUBLIC_AUTH, loggedIn: true })).toBe(
      'PASSWORD_REQUIRED',
    );
  });

  it.each([400, 401, 403])(
    '%i without access to a secured job needs login, else not found',
    (status) => {
      // SPEC §7: "body containing "User does not have access to secured job" leads to login
      // required if not logged in, else not found/no access"
      expect(mapJobInfoFailure({ status, body: SECURED, loggedIn: false })).toBe('LOGIN_REQUIRED');
      expect(mapJobInfoFailure({ status, body: SECURED, loggedIn: true })).toBe('NOT_FOUND');
    },
  );

  it.each([400, 401, 403])('other %i answers are not found', (status) => {
    // SPEC §7: "other 400/401/403 to not found"
    expect(mapJobInfoFailure({ status, body: 'Bad request', loggedIn: false })).toBe('NOT_FOUND');
    expect(mapJobInfoFailure({ status, body: '', loggedIn: true })).toBe('NOT_FOUND');
  });

  it('maps 404 to not found, whatever the body', () => {
    // SPEC §7: "404 to not found"
    expect(mapJobInfoFailure({ status: 404, body: '', loggedIn: true })).toBe('NOT_FOUND');
    expect(mapJobInfoFailure({ status: 404, body: PUBLIC_AUTH, loggedIn: false })).toBe(
      'NOT_FOUND',
    );
  });

  it('maps anything else, including 5xx and network failures, to fetch failed', () => {
    // SPEC §7: "anything else to fetch failed"
    expect(mapJobInfoFailure({ status: 500, body: PUBLIC_AUTH, loggedIn: false })).toBe(
      'FETCH_FAILED',
    );
    expect(mapJobInfoFailure({ status: 503, body: '', loggedIn: true })).toBe('FETCH_FAILED');
    expect(mapJobInfoFailure({ status: 402, body: SECURED, loggedIn: false })).toBe('FETCH_FAILED');
    expect(mapJobInfoFailure({ status: 'network', body: '', loggedIn: true })).toBe('FETCH_FAILED');
  });

  it('matches the body markers regardless of case', () => {
    expect(
      mapJobInfoFailure({ status: 401, body: 'Public Job Auth Failed', loggedIn: false }),
    ).toBe('PASSWORD_REQUIRED');
  });
});

describe('jobFetchState', () => {
  const failure = (status: number | 'network', body = '') => ({ status, body, loggedIn: false });

  it('is PENDING while the fetch runs, PASSWORD_PROVIDED when it carries a typed password', () => {
    // SPEC §4 Job fetch: "NOT_STARTED, PENDING, NOT_FOUND, PASSWORD_REQUIRED, PASSWORD_PROVIDED, …"
    expect(jobFetchState({ pending: true, failure: null, passwordProvided: false })).toBe(
      'PENDING',
    );
    expect(jobFetchState({ pending: true, failure: null, passwordProvided: true })).toBe(
      'PASSWORD_PROVIDED',
    );
  });

  it('maps a failed answer by SPEC §7 and a success to FETCHED', () => {
    expect(jobFetchState({ pending: false, failure: null, passwordProvided: true })).toBe(
      'FETCHED',
    );
    expect(
      jobFetchState({ pending: false, failure: failure(403, PUBLIC_AUTH), passwordProvided: true }),
    ).toBe('PASSWORD_REQUIRED');
    expect(jobFetchState({ pending: false, failure: failure(503), passwordProvided: false })).toBe(
      'FETCH_FAILED',
    );
  });
});

describe('jobFetchPage', () => {
  it('shows the SPEC §4 page of every state', () => {
    // SPEC §4: "NOT_STARTED/PENDING show a loader; FETCHED/PARTIALLY_FETCHED show the album;
    // NOT_FOUND/FETCH_FAILED show not-found; PASSWORD_REQUIRED shows the password form;
    // LOGIN_REQUIRED shows a login prompt."
    expect(Object.fromEntries(JOB_FETCH_STATES.map((s) => [s, jobFetchPage(s)]))).toEqual({
      NOT_STARTED: 'loader',
      PENDING: 'loader',
      NOT_FOUND: 'notFound',
      PASSWORD_REQUIRED: 'password',
      PASSWORD_PROVIDED: 'password',
      LOGIN_REQUIRED: 'login',
      FETCHED: 'content',
      PARTIALLY_FETCHED: 'content',
      FETCH_FAILED: 'notFound',
      RECENTLY_DELETED: 'notFound',
    });
  });
});

describe('isJobAuthBody', () => {
  it('knows the two SPEC §7 texts, in any case, and nothing else', () => {
    expect(isJobAuthBody('public job auth failed')).toBe(true);
    expect(isJobAuthBody(SECURED)).toBe(true);
    expect(
      isJobAuthBody('{"error":"unauthorized","message":"Missing, unknown or revoked token"}'),
    ).toBe(false);
    expect(isJobAuthBody(undefined)).toBe(false);
  });
});
