import { describe, expect, it } from 'vitest';
import { base64UrlEncode, codeChallengeS256, createCodeVerifier } from './pkce';

describe('createCodeVerifier', () => {
  it('is 128 random bytes in hex', () => {
    // SPEC §7: "Code verifier is 128 random bytes in hex"
    const verifier = createCodeVerifier();
    expect(verifier).toHaveLength(256);
    expect(verifier).toMatch(/^[0-9a-f]{256}$/);
  });

  it('differs between calls', () => {
    expect(createCodeVerifier()).not.toBe(createCodeVerifier());
  });

  it('encodes the bytes given by the random source', () => {
    const verifier = createCodeVerifier((bytes) => bytes.fill(0xab));
    expect(verifier).toBe('ab'.repeat(128));
  });
});

describe('codeChallengeS256', () => {
  it('matches RFC 7636 Appendix B', async () => {
    // SPEC §7: "challenge SHA-256 in base64url"
    await expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('gives a 43-character unpadded base64url challenge for a generated verifier', async () => {
    const challenge = await codeChallengeS256(createCodeVerifier());
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('base64UrlEncode', () => {
  it('uses - and _ and drops padding', () => {
    expect(base64UrlEncode(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
    expect(base64UrlEncode(new Uint8Array([]))).toBe('');
  });
});
