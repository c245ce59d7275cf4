import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { getMeta, setMeta, type Db } from '../db/open';
import type { UserRow } from '../db/users';
import { TRUSTED_DEVICE_COOKIE } from './loginThrottle';

/**
 * The identity provider's memory of the browsers that signed in (issue 33): after a sign-in the
 * login page's answer sets a cookie on the provider's own path holding, per account signed in
 * from this browser, the browser's random id and a MAC binding it to the account. A later sign-in
 * of that account from this browser is trusted by the login throttle (auth/loginThrottle.ts):
 * the right password gets through a lock others' guesses caused. Nothing is stored server-side
 * besides the MAC secret (per DATA_DIR, in meta); the cookie trusts only that one account.
 */

/** Accounts remembered per browser (a family computer). */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function secret(db: Db): string {
  let value = getMeta(db, 'device_trust_secret');
  if (!value) {
    value = randomBytes(32).toString('base64url');
    setMeta(db, 'device_trust_secret', value);
  }
  return value;
}

const mac = (db: Db, device: string, user: UserRow): string =>
  createHmac('sha256', secret(db))
    .update(`${device}\n${user.uuid}`)
    .digest('base64url')
    .slice(0, 22);

interface Entry {
  device: string;
  mac: string;
}

/** The entries of the request's cookie (malformed ones left out). */
function entries(request: FastifyRequest): Entry[] {
  const header = request.headers.cookie ?? '';
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TRUSTED_DEVICE_COOKIE}=`))
    ?.slice(TRUSTED_DEVICE_COOKIE.length + 1);
  return (value ?? '')
    .split('.')
    .slice(0, MAX_ACCOUNTS)
    .map((item) => {
      const [device = '', code = ''] = item.split('~');
      return { device, mac: code };
    })
    .filter((entry) => DEVICE_ID.test(entry.device) && entry.mac.length === 22);
}

const sameMac = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** This browser's id when its cookie says it signed in to `user` before, else null. */
export function trustedDevice(db: Db, request: FastifyRequest, user: UserRow): string | null {
  const entry = entries(request).find((e) => sameMac(e.mac, mac(db, e.device, user)));
  return entry?.device ?? null;
}

/**
 * The Set-Cookie value after `user` signed in from this browser: its id (kept, or new), this
 * account first, then the others it already named. HttpOnly, SameSite=Strict (only the login
 * page's own form sends it), on the provider's path only; Secure when the page is.
 */
export function trustedDeviceCookie(db: Db, request: FastifyRequest, user: UserRow): string {
  const known = entries(request);
  const device = known[0]?.device ?? randomBytes(16).toString('base64url');
  const others = known.filter((e) => e.device === device && e.mac !== mac(db, device, user));
  const value = [{ device, mac: mac(db, device, user) }, ...others]
    .slice(0, MAX_ACCOUNTS)
    .map((e) => `${e.device}~${e.mac}`)
    .join('.');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${TRUSTED_DEVICE_COOKIE}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=/idp/; HttpOnly; SameSite=Strict${secure}`;
}
