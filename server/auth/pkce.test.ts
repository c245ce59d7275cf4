import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { codeChallengeS256 } from '../../src/domain/pkce';
import { PkceStore } from './pkce';

describe('PkceStore', () => {
  const verifier = 'a'.repeat(256);

  it('checks the verifier with the client’s S256 rule (RFC 7636: base64url SHA-256, no padding)', async () => {
    const challenge = await codeChallengeS256(verifier);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(challenge).not.toMatch(/[=+/]/);
    const store = new PkceStore(() => 0);
    const state = store.begin({ challenge, redirectUri: '', locale: '' });
    const code = store.issueCode(state, 3)!;
    expect(await store.redeem(code, 'b'.repeat(256), state)).toBeNull();
    const again = store.issueCode(store.begin({ challenge, redirectUri: '', locale: '' }), 3)!;
    expect(await store.redeem(again, verifier, undefined)).toBe(3);
  });

  it('issues a code for a started login and redeems it once', async () => {
    const store = new PkceStore(() => 0);
    const state = store.begin({
      challenge: await codeChallengeS256(verifier),
      redirectUri: 'http://x/',
      locale: 'en',
    });
    const code = store.issueCode(state, 7)!;
    expect(store.issueCode(state, 7)).toBeNull();
    expect(await store.redeem(code, verifier, state)).toBe(7);
    expect(await store.redeem(code, verifier, state)).toBeNull();
  });

  it('rejects codes after five minutes and a mismatched state', async () => {
    let now = 0;
    const store = new PkceStore(() => now);
    const challenge = await codeChallengeS256(verifier);
    const late = store.issueCode(store.begin({ challenge, redirectUri: '', locale: '' }), 1)!;
    const state = store.begin({ challenge, redirectUri: '', locale: '' });
    const other = store.issueCode(state, 1)!;
    now = 5 * 60_000 + 1;
    expect(await store.redeem(late, verifier, undefined)).toBeNull();
    now = 0;
    expect(await store.redeem(other, verifier, 'another-state')).toBeNull();
  });
});
