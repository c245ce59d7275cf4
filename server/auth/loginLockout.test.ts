// Issue 33 point 1: failed sign-ins were counted per e-mail from every address together, so a
// stranger who knew an e-mail kept its owner out (the right password included) with five
// requests an hour. Locks are now per account and address; an address or a browser that signed
// in to the account before gets in with the right password; guesses spread over many addresses
// only slow the account down, for seconds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorize, testServer, type TestServer } from '../testing';
import { ACCOUNT_SLOWDOWN, PAIR_RULE, TRUSTED_DEVICE_COOKIE } from './loginThrottle';

let server: TestServer;
let now = 0;
beforeAll(async () => {
  server = await testServer(20, 2);
  now = server.ctx.now();
  server.ctx.now = () => now;
});
afterAll(() => server.close());
beforeEach(() => server.ctx.loginThrottle.clear());

const EMAIL = 'user1@example.com';
const STRANGER = '203.0.113.66';
const attempt = (password: string, remoteAddress: string, cookie?: string) =>
  authorize(server.app, EMAIL, password, { remoteAddress, cookie });
const wrong = (remoteAddress = STRANGER, cookie?: string) =>
  attempt('guess', remoteAddress, cookie);
const right = (remoteAddress: string, cookie?: string) =>
  attempt('capture-demo', remoteAddress, cookie);

/** The browser's cookie after a sign-in: the name=value of the trusted-device cookie. */
function deviceCookie(headers: Record<string, unknown>): string {
  const set = [headers['set-cookie']].flat().filter((v): v is string => typeof v === 'string');
  const cookie = set.find((c) => c.startsWith(`${TRUSTED_DEVICE_COOKIE}=`));
  expect(cookie, JSON.stringify(set)).toBeDefined();
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Strict/);
  return cookie!.split(';', 1)[0];
}

describe('sign-in lockouts per account and address', () => {
  it("locks a stranger's guesses at one address; the owner elsewhere signs in", async () => {
    for (let i = 0; i < PAIR_RULE.free; i++) expect((await wrong()).status).toBe(401);
    // The stranger's address is locked for this account, even with the right password…
    expect((await wrong()).status).toBe(429);
    expect((await right(STRANGER)).status).toBe(429);
    // …and the owner, from another address they never used before, is not.
    expect((await right('198.51.100.7')).status).toBe(302);
  });

  it('lets the right password through from an address that signed in before', async () => {
    const home = '192.0.2.10';
    expect((await right(home)).status).toBe(302);
    // Someone behind the same address (a shared NAT) locks the pair for the account.
    for (let i = 0; i < PAIR_RULE.free; i++) expect((await wrong(home)).status).toBe(401);
    expect((await right(home)).status).toBe(302);
    // Known addresses do not make guessing free: past the lock, a few more wrong passwords of
    // their own, then the lock holds for the right one too.
    for (let i = 0; i < 2 * PAIR_RULE.free; i++) expect((await wrong(home)).status).toBe(401);
    expect((await right(home)).status).toBe(429);
  });

  it('lets the right password through from a browser that signed in before', async () => {
    const signedIn = await right('192.0.2.20');
    expect(signedIn.status).toBe(302);
    const cookie = deviceCookie(signedIn.headers);
    // The owner travels: a new address, locked for this account by a stranger there.
    const hotel = '198.51.100.30';
    for (let i = 0; i < PAIR_RULE.free; i++) expect((await wrong(hotel)).status).toBe(401);
    expect((await right(hotel)).status).toBe(429);
    // A cookie made for another account, or forged, trusts nothing.
    const other = await authorize(server.app, 'demo@example.com', 'capture-demo', {
      remoteAddress: '192.0.2.21',
    });
    expect((await right(hotel, deviceCookie(other.headers))).status).toBe(429);
    const forged = `${TRUSTED_DEVICE_COOKIE}=${'a'.repeat(22)}~${'b'.repeat(22)}`;
    expect((await right(hotel, forged)).status).toBe(429);
    // The owner's own browser gets in.
    expect((await right(hotel, cookie)).status).toBe(302);
    // A stolen cookie gets a few guesses past a lock, not unlimited ones.
    const thief = '198.51.100.31';
    for (let i = 0; i < 2 * PAIR_RULE.free; i++) {
      expect((await wrong(thief, cookie)).status).toBe(401);
    }
    expect((await right(thief, cookie)).status).toBe(429);
  });

  it('only slows an account down, for seconds, when guesses come from many addresses', async () => {
    for (let i = 0; i < ACCOUNT_SLOWDOWN.free; i++) {
      expect((await wrong(`10.7.0.${i + 1}`)).status).toBe(401);
    }
    // The next attempt, from yet another address, waits a little…
    const slowed = await right('10.7.1.1');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // …and never long, however many guesses come.
    for (let i = 0; i < 12; i++) {
      const wait = Number((await right(`10.7.2.${i}`)).headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(ACCOUNT_SLOWDOWN.maxLockSeconds);
      now += wait;
      expect((await wrong(`10.7.3.${i}`)).status).toBe(401);
    }
    expect(ACCOUNT_SLOWDOWN.maxLockSeconds).toBeLessThanOrEqual(60);
    // The owner waits that out, from an address never seen before.
    const last = await right('10.7.4.1');
    expect(last.status).toBe(429);
    now += Number(last.headers['retry-after']);
    expect((await right('10.7.4.1')).status).toBe(302);
  });
});
