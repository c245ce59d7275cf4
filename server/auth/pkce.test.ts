import { describe, expect, it } from 'vitest';
import { PkceStore, s256 } from './pkce';

describe('PkceStore', () => {
  const verifier = 'a'.repeat(256);

  it('issues a code for a started login and redeems it once', () => {
    const store = new PkceStore(() => 0);
    const state = store.begin({
      challenge: s256(verifier),
      redirectUri: 'http://x/',
      locale: 'en',
    });
    const code = store.issueCode(state, 7)!;
    expect(store.issueCode(state, 7)).toBeNull();
    expect(store.redeem(code, verifier, state)).toBe(7);
    expect(store.redeem(code, verifier, state)).toBeNull();
  });

  it('rejects codes after five minutes and a mismatched state', () => {
    let now = 0;
    const store = new PkceStore(() => now);
    const challenge = s256(verifier);
    const late = store.issueCode(store.begin({ challenge, redirectUri: '', locale: '' }), 1)!;
    const state = store.begin({ challenge, redirectUri: '', locale: '' });
    const other = store.issueCode(state, 1)!;
    now = 5 * 60_000 + 1;
    expect(store.redeem(late, verifier, undefined)).toBeNull();
    now = 0;
    expect(store.redeem(other, verifier, 'another-state')).toBeNull();
  });
});
