import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostflightResponseSchema, PreflightResponseSchema } from '../../src/api/contract/auth';
import { serviceDictSchema } from '../../src/api/contract/serviceDict';
import { authorize, login, pkcePair, TEST_ORIGIN, testServer, type TestServer } from '../testing';
import { SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS } from './sessions';

let server: TestServer;
beforeAll(async () => {
  server = await testServer(200, 1);
});
afterAll(() => server.close());

const postflight = (payload: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/st/4/telenorid/postflight_oauth2callback',
    payload,
  });

describe('PKCE login (identity-provider emulator)', () => {
  it('preflight points at the login page with the challenge and a state', async () => {
    const { challenge } = pkcePair();
    const res = await server.app.inject({
      url: '/st/4/telenorid/preflight_oauth2login',
      query: {
        code_challenge: challenge,
        oauth_redirect_uri: 'http://web.test/',
        locale: 'nb_NO',
        use_telenor_id_pluss: 'false',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = PreflightResponseSchema.parse(res.json());
    expect(body.authorization_url).toBe(`${TEST_ORIGIN}/idp/authorize`);
    expect(body.authorization_params).toMatchObject({
      response_type: 'code',
      client_id: 'capture-web',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      redirect_uri: 'http://web.test/',
      ui_locales: 'nb_NO',
    });
    expect(String(body.authorization_params.state).length).toBeGreaterThan(10);

    const page = await server.app.inject({
      url: '/idp/authorize',
      query: body.authorization_params as Record<string, string>,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Passord');
    expect(page.body).toContain('lang="nb"');
  });

  it('logs in end to end and answers the postflight contract', async () => {
    const { status, code, state, verifier } = await authorize(
      server.app,
      'Demo@Example.com',
      'capture-demo',
    );
    expect(status).toBe(302);
    const res = await postflight({ code, code_verifier: verifier, state });
    expect(res.statusCode).toBe(200);
    const body = PostflightResponseSchema.parse(res.json());
    expect(body.auth_token).toMatch(/^[0-9a-f]{64}$/);
    expect(serviceDictSchema.parse(body.service_dict).appHost).toBe(TEST_ORIGIN);
    // The token is stored hashed only.
    const raw = server.ctx.db
      .prepare('SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?')
      .get(body.auth_token) as { n: number };
    expect(raw.n).toBe(0);
  });

  it('rejects a wrong verifier (400) and the code is used up', async () => {
    const { code, state, verifier } = await authorize(
      server.app,
      'demo@example.com',
      'capture-demo',
    );
    const wrong = await postflight({ code, code_verifier: pkcePair().verifier, state });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await postflight({ code, code_verifier: verifier, state })).statusCode).toBe(400);
  });

  it('rejects reuse of a code (400)', async () => {
    const { code, state, verifier } = await authorize(
      server.app,
      'demo@example.com',
      'capture-demo',
    );
    expect((await postflight({ code, code_verifier: verifier, state })).statusCode).toBe(200);
    const again = await postflight({ code, code_verifier: verifier, state });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toHaveProperty('error');
  });

  it('re-renders the page with a translated error on a wrong password', async () => {
    const res = await authorize(server.app, 'demo@example.com', 'nope');
    expect(res.status).toBe(401);
    expect(res.body).toContain('Wrong email or password');
    expect(res.body).toContain('name="state"');
    const unknown = await authorize(server.app, 'nobody@example.com', 'capture-demo');
    expect(unknown.status).toBe(401);
  });

  it('refuses an authorize request that preflight did not start', async () => {
    const res = await server.app.inject({
      url: '/idp/authorize',
      query: {
        response_type: 'code',
        client_id: 'capture-web',
        redirect_uri: 'http://evil.test/',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        state: 'made-up',
        ui_locales: 'sv_SE',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('ogiltig');
    expect(res.body).not.toContain('<form');
  });

  it('answers malformed postflight bodies with 400 JSON', async () => {
    for (const payload of [{}, { code: 'x' }, { code: 'x', code_verifier: 'short' }]) {
      const res = await postflight(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/st/4/telenorid/postflight_oauth2callback',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('error');
    const long = await postflight({ code: 'x', code_verifier: 'a'.repeat(513) });
    expect(long.statusCode).toBe(400);
  });
});

describe('redirect URIs (issue 23: the code goes only to the web app)', () => {
  const preflight = (redirectUri: string) =>
    server.app.inject({
      url: '/st/4/telenorid/preflight_oauth2login',
      query: { code_challenge: pkcePair().challenge, oauth_redirect_uri: redirectUri },
    });

  it('refuses a redirect_uri that is not a registered web origin, before any login page', async () => {
    for (const uri of [
      'http://evil.test/',
      'http://web.test/cb', // registered origin, other path: exact match only
      'http://web.test',
      'https://web.test/',
      'http://web.test.evil.test/',
      'http://web.test:8080/',
      'http://user@web.test/',
      'http://web.test/?next=http://evil.test/',
    ]) {
      const res = await preflight(uri);
      expect(res.statusCode, uri).toBe(400);
      expect(res.json(), uri).toMatchObject({ error: 'invalid_redirect_uri' });
      expect(res.headers.location).toBeUndefined();
    }
    expect((await preflight('http://web.test/')).statusCode).toBe(200);
  });

  it('never redirects a signed-in code to an address the preflight did not register', async () => {
    // A login the attacker could not start: the authorize form itself carries another address.
    const res = await preflight('http://web.test/');
    const params = res.json<{ authorization_params: Record<string, string> }>()
      .authorization_params;
    const post = await server.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...params,
        redirect_uri: 'http://evil.test/',
        email: 'demo@example.com',
        password: 'capture-demo',
      }).toString(),
    });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
    expect(post.body).toContain('invalid or has expired');
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const { auth } = await login(server.app);
    expect((await server.app.inject({ url: '/account_info', headers: auth })).statusCode).toBe(200);
    const out = await server.app.inject({ method: 'POST', url: '/logout', headers: auth });
    expect(out.statusCode).toBe(204);
    const after = await server.app.inject({ url: '/account_info', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toHaveProperty('error', 'unauthorized');
  });

  it('lists devices and revokes one of them, not another user’s', async () => {
    const a = await login(server.app, 'demo@example.com', 'capture-demo', 'dev-a');
    const b = await login(server.app, 'demo@example.com', 'capture-demo', 'dev-b');
    const other = await login(server.app, 'user1@example.com', 'capture-demo', 'dev-c');
    const list = await server.app.inject({ url: '/devices', headers: a.auth });
    const body = list.json<{
      current: string;
      devices: { id: string; name: string; last_used: number }[];
    }>();
    expect(body.devices.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Browser dev-a', 'Browser dev-b']),
    );
    const bSession = (await server.app.inject({ url: '/devices', headers: b.auth })).json<{
      current: string;
    }>().current;
    expect(bSession).not.toBe(body.current);

    const foreign = await server.app.inject({
      method: 'DELETE',
      url: `/devices/${bSession}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/devices/${bSession}`,
      headers: a.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await server.app.inject({ url: '/devices', headers: b.auth })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/devices', headers: a.auth })).statusCode).toBe(200);
  });

  it('expires after 30 idle days, slides while used, and ends a year after sign-in (issue 23)', async () => {
    const realNow = server.ctx.now;
    let now = realNow();
    server.ctx.now = () => now;
    try {
      const day = 86_400;
      expect(SESSION_IDLE_SECONDS).toBe(30 * day);
      expect(SESSION_MAX_AGE_SECONDS).toBe(365 * day);
      const status = async (auth: { authorization: string }) =>
        (await server.app.inject({ url: '/account_info', headers: auth })).statusCode;
      const idle = await login(server.app, 'demo@example.com', 'capture-demo', 'idle');
      const busy = await login(server.app, 'demo@example.com', 'capture-demo', 'busy');
      // Used every 29 days: both alive at first, then only the one that keeps being used.
      now += 29 * day;
      expect(await status(busy.auth)).toBe(200);
      now += 2 * day;
      expect(await status(idle.auth)).toBe(401);
      expect(await status(busy.auth)).toBe(200);
      // The expired session is gone from the device list, not just refused.
      const devices = await server.app.inject({ url: '/devices', headers: busy.auth });
      expect(
        devices.json<{ devices: { name: string }[] }>().devices.map((d) => d.name),
      ).not.toContain('Browser idle');
      // Sliding, but not for ever: a year after sign-in it ends however often it is used.
      for (let used = 31; used + 29 < 365; used += 29) {
        now += 29 * day;
        expect(await status(busy.auth)).toBe(200);
      }
      now += 29 * day;
      expect(await status(busy.auth)).toBe(401);
    } finally {
      server.ctx.now = realNow;
    }
  });

  it('answers 401 with JSON without a token or with a bad one', async () => {
    for (const headers of [{}, { authorization: 'Basic !!!' }, { authorization: 'Bearer x' }]) {
      const res = await server.app.inject({ url: '/devices', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('error');
    }
  });
});
