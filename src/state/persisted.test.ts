// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  LOCAL_KEYS,
  SESSION_KEYS,
  readJson,
  readString,
  removeItem,
  resetMemoryFallbackForTests,
  storageAreaOf,
  writeJson,
  writeString,
} from './persisted';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetMemoryFallbackForTests();
});

describe('key registry (SPEC §9)', () => {
  it('holds the session storage keys of SPEC §9, the pending visitor actions of §4, visitors’ comment tokens and the chunk reload guard', () => {
    expect(Object.values(SESSION_KEYS).sort()).toEqual(
      [
        'authToken',
        'serviceDict',
        'callbackData',
        'newUserCreated',
        'historyLengthBeforeLogin',
        'historyLengthAfterLogin',
        'pendingComment',
        'pendingLove',
        'visitorTokens',
        'chunkReloadAt',
        'subscriptionOffered',
        'castReceiver',
      ].sort(),
    );
  });

  it('holds every other key of SPEC §9, plus the cookie notice and the shift-select hint time, in local storage', () => {
    expect(Object.values(LOCAL_KEYS).sort()).toEqual(
      [
        'locationBeforeLogin',
        'locationIfLoginFails',
        'hasSeenSunsetDeletionPrompt',
        'filesAreBeingCopied',
        'filesAreBeingDeleted',
        'filesAreBeingRestored',
        'capture_device',
        'session_ID',
        'featureFlags',
        'language',
        'cookieNoticeSeen',
        'shiftSelectHintShownAt',
        'carouselSideModule',
        'engagedEventsSentAt',
        'castSession',
        'appConfig',
      ].sort(),
    );
    for (const key of Object.keys(LOCAL_KEYS) as (keyof typeof LOCAL_KEYS)[]) {
      expect(storageAreaOf(key)).toBe('local');
    }
  });

  it('registry property names equal the stored key names', () => {
    for (const [name, key] of Object.entries({ ...SESSION_KEYS, ...LOCAL_KEYS })) {
      expect(key).toBe(name);
    }
  });
});

describe('reading and writing', () => {
  it('writes each key to its own storage area', () => {
    expect(writeString('authToken', 't')).toBe(true);
    expect(writeString('language', 'nb_NO')).toBe(true);
    expect(sessionStorage.getItem('authToken')).toBe('t');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('language')).toBe('nb_NO');
    expect(readString('authToken')).toBe('t');
    removeItem('authToken');
    expect(readString('authToken')).toBeNull();
  });

  it('reads JSON through a schema and treats corrupt values as absent', () => {
    const schema = z.object({ n: z.number() });
    writeJson('pendingLove', { n: 1 });
    expect(readJson('pendingLove', schema)).toEqual({ n: 1 });
    sessionStorage.setItem('pendingLove', '{not json');
    expect(readJson('pendingLove', schema)).toBeNull();
    sessionStorage.setItem('pendingLove', '{"n":"1"}');
    expect(readJson('pendingLove', schema)).toBeNull();
    expect(readJson('pendingComment', schema)).toBeNull();
  });

  it('keeps values in memory when storage throws (private mode, quota)', () => {
    const quota = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(quota);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(quota);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(quota);
    expect(writeString('session_ID', 'abc')).toBe(false);
    expect(readString('session_ID')).toBe('abc');
    expect(readString('language')).toBeNull();
    removeItem('session_ID');
    expect(readString('session_ID')).toBeNull();
    expect(setItem).toHaveBeenCalled();
  });

  it('a later successful write replaces the memory copy', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    writeString('language', 'sv_SE');
    writeString('language', 'bg_BG');
    expect(readString('language')).toBe('bg_BG');
    expect(localStorage.getItem('language')).toBe('bg_BG');
  });
});
