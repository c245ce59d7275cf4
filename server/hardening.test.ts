// Issue 33 point 7 (hardening): the payment emulator's card and challenge frames could be framed
// by any site; the web CSP's script-src named the whole API origin for one script and had no
// object-src; thumbnail tokens were written in full to the request log; Permissions-Policy,
// Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy were missing on both listeners;
// API JSON had no Cache-Control.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer } from './app';
import { createContext } from './context';
import { openDb } from './db/open';
import { paymentsConfig } from './main';
import { login, testServer, TEST_ORIGIN, TEST_WEB_ORIGIN, type TestServer } from './testing';
import { createWebServer, webCsp } from './web';

let server: TestServer;
let auth: Record<string, string>;
let job = '';
let file = '';
beforeAll(async () => {
  server = await testServer(10, 1);
  auth = (await login(server.app)).auth;
  job = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  file = (await server.app.inject({ url: `/jobs/${job}/files`, headers: auth })).json<{
    files: { id: string }[];
  }>().files[0].id;
});
afterAll(() => server.close());

/** A CSP's directives by name. */
const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values] as [string, string[]];
    }),
  );

describe('the payment emulator frames', () => {
  it('may be framed by the web app only', async () => {
    for (const page of ['element.html', 'challenge.html']) {
      const res = await server.app.inject({ url: `/stripe-emulator/${page}` });
      expect(res.statusCode).toBe(200);
      const csp = directives(String(res.headers['content-security-policy'] ?? ''));
      expect(csp.get('frame-ancestors'), page).toEqual([TEST_WEB_ORIGIN]);
    }
  });
});

describe('the web CSP', () => {
  const api = 'http://127.0.0.1:8081';

  it("names the payment script's own path, not the whole API origin, and no plugins", () => {
    const csp = directives(webCsp({ apiOrigin: api, payments: paymentsConfig(api) }));
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      `${api}/stripe-emulator/v3.js`,
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // A provider script under a folder keeps the folder (its chunks load from there).
    const stripe = directives(
      webCsp({
        apiOrigin: api,
        payments: paymentsConfig(api, { scriptUrl: 'https://js.stripe.com/v3/?x=1#y' }),
      }),
    );
    expect(stripe.get('script-src')).toContain('https://js.stripe.com/v3/');
  });

  it('cannot be injected into through the script URL', () => {
    const csp = webCsp({
      apiOrigin: api,
      payments: paymentsConfig(api, { scriptUrl: "https://x.test/a;script-src 'unsafe-inline',b" }),
    });
    expect(csp).not.toContain("'unsafe-inline',");
    expect(directives(csp).get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://x.test/a%3Bscript-src%20%27unsafe-inline%27%2Cb',
    ]);
  });
});

describe('the request log', () => {
  it('never holds the tokens and keys of URLs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-log-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const db = openDb(dataDir);
    const app = await createApiServer(
      createContext(db, dataDir, { publicApiOrigin: TEST_ORIGIN }),
      {
        logger: { stream },
      },
    );
    try {
      const secrets = [
        'tok3nSECRET',
        'k3ySECRET',
        'c0nsentSECRET',
        'cl1entSECRET',
        'f0reignSECRET',
      ];
      for (const url of [
        `/th/3/abc-1234?area=256&token=${secrets[0]}`,
        `/shares/abc?key=${secrets[1]}&app_key=k`,
        `/consent/user/email_consent?email_consent_identifier=${secrets[2]}`,
        `/stripe-emulator/v1/payment_intents/pi_1?client_secret=${secrets[3]}`,
        `/account_info?foreign_auth=${secrets[4]}`,
      ]) {
        await app.inject({ url });
      }
      const log = lines.join('');
      expect(log).toContain('/th/3/abc-1234?area=256&token=');
      for (const secret of secrets) expect(log).not.toContain(secret);
    } finally {
      await app.close();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('API answers', () => {
  it('send Permissions-Policy, COOP and CORP; media may be embedded by the web app', async () => {
    const answers = {
      json: await server.app.inject({ url: '/account_info', headers: auth }),
      error: await server.app.inject({ url: '/account_info' }),
      thumbnail: await server.app.inject({ url: `/th/3/${file}?area=256`, headers: auth }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['permissions-policy'], name).toMatch(/camera=\(\)/);
      expect(res.headers['cross-origin-opener-policy'], name).toBe('same-origin');
    }
    expect(answers.json.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(answers.error.headers['cross-origin-resource-policy']).toBe('same-site');
    // The web app (maybe on another site) shows thumbnails, videos and the payment script.
    expect(answers.thumbnail.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const script = await server.app.inject({ url: '/stripe-emulator/v3.js' });
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A revalidated thumbnail (304, no Content-Type) keeps the policy of the picture it renews.
    const revalidated = await server.app.inject({
      url: `/th/3/${file}?area=256`,
      headers: { ...auth, 'if-none-match': String(answers.thumbnail.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('say JSON is not to be stored; answers with their own caching keep it', async () => {
    for (const res of [
      await server.app.inject({ url: '/account_info', headers: auth }),
      await server.app.inject({ url: '/account_info' }),
      await server.app.inject({ url: '/no/such/call' }),
      await server.app.inject({ url: `/jobs/${job}/files`, headers: auth }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], res.body.slice(0, 80)).toBe('no-store');
    }
    const thumbnail = await server.app.inject({ url: `/th/3/${file}?area=256`, headers: auth });
    expect(thumbnail.headers['cache-control']).toMatch(/immutable/);
    const extensions = await server.app.inject({ url: '/supported_extensions' });
    expect(extensions.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('web answers', () => {
  it('send Permissions-Policy (the editor may use the camera), COOP and CORP', async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
    const app = await createWebServer({ distDir, appConfig: { apiOrigin: TEST_ORIGIN } });
    try {
      for (const url of ['/photos', '/app-config.json', '/missing.js']) {
        const res = await app.inject({ url });
        expect(res.headers['permissions-policy'], url).toContain('camera=(self)');
        expect(res.headers['permissions-policy'], url).toContain('microphone=()');
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      }
    } finally {
      await app.close();
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});
