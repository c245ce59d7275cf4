import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt with Node's defaults (N=16384, r=8): ~50 ms per check, fine for an emulated login.
const KEY_LENGTH = 32;
export const SCRYPT_COST = 16_384;
let cost = SCRYPT_COST;

/**
 * The server's unit tests sign in some hundred times and time sign-ins in one file only
 * (loginThrottle.test.ts, at the real cost): elsewhere they hash at a lower cost
 * (server/testing.ts). A hash verifies only at the cost it was made with.
 */
export function setScryptCostForTests(n: number): void {
  cost = n;
}

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: cost }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** "scrypt$<salt hex>$<key hex>" */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, keyHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const key = await derive(password, Buffer.from(saltHex, 'hex'));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | null = null;

/**
 * verifyPassword against the user's hash, or, for an unknown e-mail, against a throwaway hash
 * with the same scrypt cost (false either way): both answers take one scrypt, so the time of a
 * failed sign-in does not tell whether the e-mail has an account (issue 23).
 */
export async function verifyPasswordOrDummy(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  if (stored !== undefined) return verifyPassword(password, stored);
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummy);
  return false;
}
