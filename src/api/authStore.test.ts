// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetMemoryFallbackForTests } from '../state/persisted';
import {
  authFromQuery,
  clearStoredAuth,
  loadStoredAuth,
  queryAuthDecision,
  storeAuth,
} from './authStore';
import { parseServiceDict } from './hosts';

const rawDict = {
  appHost: 'p1.example.com',
  thumbHost: 'thumb.example.com',
  videoHost: 'video.example.com',
  pollHost: 'poll.example.com',
  downloadHost: 'dl.example.com',
  extra: 'kept',
};
const hosts = parseServiceDict(rawDict);

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetMemoryFallbackForTests();
});

describe('stored auth (SPEC §9 session keys authToken, serviceDict)', () => {
  it('stores in session storage and loads back', () => {
    storeAuth('tok', hosts);
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    expect(JSON.parse(sessionStorage.getItem('serviceDict')!)).toMatchObject({ extra: 'kept' });
    expect(localStorage.length).toBe(0);
    expect(loadStoredAuth()).toEqual({ token: 'tok', hosts });
  });

  it('clears both keys', () => {
    storeAuth('tok', hosts);
    clearStoredAuth();
    expect(sessionStorage.length).toBe(0);
    expect(loadStoredAuth()).toBeNull();
  });

  it('SPEC §5: refuses a stored dictionary without all five hosts, or corrupt values', () => {
    sessionStorage.setItem('authToken', 'tok');
    sessionStorage.setItem('serviceDict', JSON.stringify({ ...rawDict, pollHost: undefined }));
    expect(loadStoredAuth()).toBeNull();
    sessionStorage.setItem('serviceDict', '{oops');
    expect(loadStoredAuth()).toBeNull();
    sessionStorage.setItem('serviceDict', JSON.stringify(rawDict));
    sessionStorage.setItem('authToken', '');
    expect(loadStoredAuth()).toBeNull();
  });
});

describe('authFromQuery (SPEC §2)', () => {
  const dictParam = encodeURIComponent(JSON.stringify(rawDict));

  it('reads auth_token and service_dict and strips them from the search string', () => {
    const result = authFromQuery(`?a=1&auth_token=tok&service_dict=${dictParam}&b=x%20y`);
    expect(result.auth).toEqual({ token: 'tok', hosts });
    expect(result.search).toBe('?a=1&b=x%20y');
  });

  it('returns an empty search string when nothing else is left', () => {
    expect(authFromQuery(`auth_token=tok&service_dict=${dictParam}`).search).toBe('');
  });

  it('strips but refuses incomplete or invalid auth data', () => {
    expect(authFromQuery('?auth_token=tok&new-signup=1')).toEqual({
      auth: null,
      search: '?new-signup=1',
    });
    const partial = encodeURIComponent(JSON.stringify({ appHost: 'a.example.com' }));
    expect(authFromQuery(`?auth_token=tok&service_dict=${partial}`)).toEqual({
      auth: null,
      search: '',
    });
    expect(authFromQuery('?auth_token=tok&service_dict=%7Bbad').auth).toBeNull();
  });

  it('leaves a search string without auth data untouched', () => {
    expect(authFromQuery('?staging=1&x=a+b')).toEqual({ auth: null, search: '?staging=1&x=a+b' });
    expect(authFromQuery('')).toEqual({ auth: null, search: '' });
  });
});

// Issue 23: a link with auth_token + service_dict silently replaced a signed-in session.
describe('queryAuthDecision: what a link with auth data does to the session', () => {
  const mine = { token: 'mine', hosts };
  const theirs = { token: 'theirs', hosts };

  it('does nothing without auth data in the link', () => {
    expect(queryAuthDecision(null, null)).toBe('none');
    expect(queryAuthDecision(mine, null)).toBe('none');
  });

  it('signs in from the link when nobody is signed in (SPEC §2), or it is the same session', () => {
    expect(queryAuthDecision(null, theirs)).toBe('adopt');
    expect(queryAuthDecision(mine, { token: 'mine', hosts })).toBe('adopt');
  });

  it('asks before replacing a different signed-in session', () => {
    expect(queryAuthDecision(mine, theirs)).toBe('ask');
  });
});
