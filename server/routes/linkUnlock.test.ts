// Issue 33 point 3: five wrong passwords on an album or a share locked it for every visitor, the
// right password too, and those failures counted against the address's sign-ins (twenty wrong
// link passwords and that household could not sign in). Links now count guesses per link and
// address, apart from sign-in. A guess is a read of the link with a password as its basic auth
// (SPEC §6, issue 31).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateJobResponseSchema } from '../../src/api/contract/albums';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { LINK_RULE } from '../auth/linkThrottle';
import { authorize, login, testServer, type TestServer } from '../testing';

let server: TestServer;
let owner: Record<string, string>;
let share = '';
let album = '';
/** More password links of the owner's: guesses spread over them. */
const others: string[] = [];

beforeAll(async () => {
  server = await testServer(20, 1);
  owner = (await login(server.app)).auth;
  const timeline = (await server.app.inject({ url: '/jobs/default', headers: owner })).json<{
    id: string;
  }>().id;
  const file = (await server.app.inject({ url: `/jobs/${timeline}/files`, headers: owner })).json<{
    files: { id: string }[];
  }>().files[0].id;
  share = (
    await server.app.inject({
      method: 'POST',
      url: '/shares',
      headers: owner,
      payload: { job: timeline, files: [file] },
    })
  ).json<{ id: string }>().id;
  await server.app.inject({
    method: 'POST',
    url: `/shares/${share}/password`,
    headers: owner,
    payload: { password: 'right' },
  });
  for (let i = 0; i < 5; i++) {
    others.push(
      CreateJobResponseSchema.parse(
        (
          await server.app.inject({
            method: 'POST',
            url: '/jobs',
            headers: owner,
            payload: { type: 'story', name: `Other ${i}`, public: true, password: 'right' },
          })
        ).json(),
      ).id,
    );
  }
  album = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Locked', public: true, password: 'right' },
      })
    ).json(),
  ).id;
});
afterAll(() => server.close());
beforeEach(() => {
  server.ctx.linkThrottle.clear();
  server.ctx.loginThrottle.clear();
});

/** A read of the link with `password` as its basic auth (SPEC §6), from `remoteAddress`. */
const unlock = (url: string, password: string, remoteAddress: string) =>
  server.app.inject({
    url,
    headers: { authorization: basicAuthHeader(password) },
    remoteAddress,
  });

describe.each([
  ['share', () => `/shares/${share}`],
  ['album', () => `/jobs/${album}/info`],
])('%s password guesses', (_kind, url) => {
  it('lock the link for the guessing address only; another opens it', async () => {
    for (let i = 0; i < LINK_RULE.free; i++) {
      expect((await unlock(url(), 'guess', '203.0.113.5')).statusCode).toBe(403);
    }
    const locked = await unlock(url(), 'right', '203.0.113.5');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await unlock(url(), 'right', '198.51.100.9');
    expect(other.statusCode).toBe(200);
    // The page's thumbnails, with the right password, stay open to the other address too.
    expect((await unlock(url(), 'right', '198.51.100.9')).statusCode).toBe(200);
  });

  it('never count against signing in from that address', async () => {
    const household = '192.0.2.44';
    for (const link of [url(), ...others.map((id) => `/jobs/${id}/info`)]) {
      for (let i = 0; i < 5; i++) await unlock(link, `guess${i}`, household);
    }
    const signIn = await authorize(server.app, 'demo@example.com', 'capture-demo', {
      remoteAddress: household,
    });
    expect(signIn.status).toBe(302);
  });
});
