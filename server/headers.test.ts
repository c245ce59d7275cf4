// Issue 23: the listeners sent no Referrer-Policy and no X-Content-Type-Options. The web listener
// is covered in web.test.ts; this is the API listener: JSON answers, errors, the identity page,
// thumbnails and file content alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, pkcePair, testServer, TEST_WEB_ORIGIN, type TestServer } from './testing';

let server: TestServer;
let auth: { authorization: string };
let file = '';
let job = '';
beforeAll(async () => {
  server = await testServer(20, 1);
  auth = (await login(server.app)).auth;
  job = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  file = (await server.app.inject({ url: `/jobs/${job}/files`, headers: auth })).json<{
    files: { id: string }[];
  }>().files[0].id;
});
afterAll(() => server.close());

describe('API listener security headers', () => {
  it('sends nosniff and no-referrer on every kind of answer', async () => {
    const pre = await server.app.inject({
      url: '/st/4/telenorid/preflight_oauth2login',
      query: { code_challenge: pkcePair().challenge, oauth_redirect_uri: `${TEST_WEB_ORIGIN}/` },
    });
    const params = pre.json<{ authorization_params: Record<string, string> }>()
      .authorization_params;
    const answers = {
      json: await server.app.inject({ url: '/account_info', headers: auth }),
      unauthorized: await server.app.inject({ url: '/account_info' }),
      notFound: await server.app.inject({ url: '/no/such/call' }),
      loginPage: await server.app.inject({ url: '/idp/authorize', query: params }),
      thumbnail: await server.app.inject({ url: `/th/3/${file}?area=256`, headers: auth }),
      content: await server.app.inject({
        url: `/st/4/jobs/${job}/files_by_id/${file}`,
        headers: auth,
      }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
    }
  });
});
