import { createHash, pbkdf2Sync } from 'node:crypto';
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { transformPassword } from './password';

/** Independent reference built on node:crypto, not on Web Crypto. */
function reference(password: string, salt: string): string {
  const sha1Hex = createHash('sha1').update(password, 'utf8').digest('hex');
  return pbkdf2Sync(sha1Hex, Buffer.from(salt, 'utf8'), 1001, 20, 'sha1').toString('base64');
}

const ALBUM_ID = 'a1b2c3d4-1111-2222-3333-444455556666';

describe('transformPassword', () => {
  // SPEC §5: "The password is transformed before sending (SHA-1, then PBKDF2 with 1001
  // iterations, 160 bits, base64)"
  const passwords = [
    '',
    'secret',
    'Correct Horse Battery Staple',
    'blåbærsyltetøy',
    'пароль',
    '🔒 ключ',
    'x'.repeat(10_000),
  ];

  for (const password of passwords) {
    it(`matches the node:crypto reference for ${JSON.stringify(password.slice(0, 20))}`, async () => {
      await expect(transformPassword(password, ALBUM_ID)).resolves.toBe(
        reference(password, ALBUM_ID),
      );
    });
  }

  it('gives 160 bits as 28 base64 characters', async () => {
    const result = await transformPassword('secret', ALBUM_ID);
    expect(result).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(Buffer.from(result, 'base64')).toHaveLength(20);
  });

  it('depends on the salt', async () => {
    const [one, other] = await Promise.all([
      transformPassword('secret', 'share-1'),
      transformPassword('secret', 'share-2'),
    ]);
    expect(one).not.toBe(other);
    expect(other).toBe(reference('secret', 'share-2'));
  });

  it('hashes composed and decomposed text differently (no normalisation)', async () => {
    const composed = 'blåbær';
    const decomposed = composed.normalize('NFD');
    expect(await transformPassword(decomposed, ALBUM_ID)).toBe(reference(decomposed, ALBUM_ID));
    expect(await transformPassword(decomposed, ALBUM_ID)).not.toBe(
      await transformPassword(composed, ALBUM_ID),
    );
  });
});
