import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createWebServer, webCsp } from './web';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-web-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc.js'), 'export {};');
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

const EXPECTED =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob: http://127.0.0.1:8081; media-src 'self' blob: http://127.0.0.1:8081; " +
  "connect-src 'self' http://127.0.0.1:8081; form-action 'self' http://127.0.0.1:8081; " +
  "frame-src 'self' http://127.0.0.1:8081; " +
  "worker-src 'self' blob:; object-src 'none'; frame-ancestors 'none'; " +
  "base-uri 'self'";

describe('web listener Content-Security-Policy', () => {
  it('is sent on the SPA fallback, assets and the app config, naming the API origin', async () => {
    const app = await createWebServer({
      distDir,
      appConfig: { apiOrigin: 'http://127.0.0.1:8081' },
    });
    try {
      for (const url of ['/photos', '/assets/index-abc.js', '/app-config.json', '/']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-security-policy'], url).toBe(EXPECTED);
      }
      const post = await app.inject({ method: 'POST', url: '/photos' });
      expect(post.headers['content-security-policy']).toBe(EXPECTED);
      // Issue 23: no Referrer-Policy / nosniff on the web listener.
      for (const url of ['/photos', '/assets/index-abc.js', '/app-config.json', '/nope.js']) {
        const res = await app.inject({ url });
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    } finally {
      await app.close();
    }
  });

  it('normalises origins, adds a staging origin, and cannot be injected into', () => {
    const csp = webCsp({
      apiOrigin: 'https://api.example.com/some/path',
      stagingApiOrigin: 'https://staging.example.com',
    });
    expect(csp).toContain(
      "connect-src 'self' https://api.example.com https://staging.example.com;",
    );
    expect(() => webCsp({ apiOrigin: "x; script-src 'unsafe-inline'" })).toThrow();
    // Archive downloads are form posts to the API origin.
    expect(csp).toContain(
      "form-action 'self' https://api.example.com https://staging.example.com;",
    );
    expect(webCsp()).toContain("connect-src 'self';");
  });
});

describe('web listener serving (issue 19)', () => {
  it('sends the precompressed sibling the browser accepts, and never a source map', async () => {
    const source = `export const text = ${JSON.stringify('capture '.repeat(500))};\n`;
    const asset = path.join(distDir, 'assets', 'big-def.js');
    fs.writeFileSync(asset, source);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(source));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(source));
    fs.writeFileSync(`${asset}.map`, '{"version":3,"sources":["secret.ts"]}');
    const app = await createWebServer({ distDir });
    try {
      const url = '/assets/big-def.js';
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(source);
      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(source);
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
      // Caches keep one copy per encoding; the type is the file's, not the sibling's.
      for (const res of [br, gz, plain]) {
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      }
      // A coding the browser refuses (q=0) is not sent.
      const noBr = await app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(noBr.headers['content-encoding']).toBe('gzip');
      for (const map of [`${url}.map`, `${url}.map?x=1`]) {
        const res = await app.inject({ url: map });
        expect(res.statusCode, map).toBe(404);
        expect(res.body).not.toContain('secret.ts');
      }
    } finally {
      await app.close();
    }
  });

  it('sends the SPA fallback and the stylesheets precompressed with their own types', async () => {
    const html = `<!doctype html><title>${'app '.repeat(400)}</title>`;
    const css = `body{color:red}${'.a{margin:0}'.repeat(200)}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-web-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      for (const [file, text] of [
        ['index.html', html],
        ['assets/index-x.css', css],
      ] as const) {
        fs.writeFileSync(path.join(dir, file), text);
        fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
        fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
      }
      const app = await createWebServer({ distDir: dir });
      try {
        const page = await app.inject({ url: '/photos', headers: { 'accept-encoding': 'br' } });
        expect(page.headers['content-encoding']).toBe('br');
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(html);
        const sheet = await app.inject({
          url: '/assets/index-x.css',
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(sheet.headers['content-encoding']).toBe('gzip');
        expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
        expect(zlib.gunzipSync(sheet.rawPayload).toString()).toBe(css);
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
