import { describe, expect, it } from 'vitest';
import { basicAuthHeader, tokenFromBasicAuth } from './basicAuth';

describe('basic auth with the token (SPEC §7)', () => {
  it('uses the token as user name and an empty password', () => {
    expect(basicAuthHeader('abc123')).toBe(`Basic ${btoa('abc123:')}`);
  });

  it('round-trips, including non-Latin-1 tokens', () => {
    for (const token of ['abc123', 'tøkén-✓']) {
      expect(tokenFromBasicAuth(basicAuthHeader(token))).toBe(token);
    }
  });

  it('rejects absent or foreign headers', () => {
    expect(tokenFromBasicAuth(undefined)).toBeNull();
    expect(tokenFromBasicAuth('Bearer abc')).toBeNull();
    expect(tokenFromBasicAuth('Basic !!!')).toBeNull();
    expect(tokenFromBasicAuth(`Basic ${btoa(':pw')}`)).toBeNull();
  });
});
