import { bytesToBase64, bytesToHex, utf8 } from './encoding';

/**
 * SPEC §5: "The password is transformed before sending (SHA-1, then PBKDF2 with 1001
 * iterations, 160 bits, base64)". The SPEC names no salt or intermediate encoding; this client
 * defines them, and every client that sets or checks the same password must agree:
 *
 *   base64( PBKDF2-HMAC-SHA1( password = lowercase hex of SHA-1(UTF-8 password),
 *                             salt = UTF-8 of the album or share id being unlocked,
 *                             1001 iterations, 160 bits ) )
 *
 * The text is not Unicode-normalised: it is hashed exactly as typed.
 */
export const PASSWORD_PBKDF2_ITERATIONS = 1001;
export const PASSWORD_PBKDF2_BITS = 160;

export async function transformPassword(password: string, salt: string): Promise<string> {
  const sha1 = new Uint8Array(await crypto.subtle.digest('SHA-1', utf8(password)));
  const key = await crypto.subtle.importKey('raw', utf8(bytesToHex(sha1)), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-1', salt: utf8(salt), iterations: PASSWORD_PBKDF2_ITERATIONS },
    key,
    PASSWORD_PBKDF2_BITS,
  );
  return bytesToBase64(new Uint8Array(bits));
}
