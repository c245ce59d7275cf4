// Test helpers (not a test file): a seeded API server in a temp DATA_DIR, and a full PKCE login.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { basicAuthHeader } from '../src/api/basicAuth';
import { createApiServer } from './app';
import { PkceStore } from './auth/pkce';
import type { ServerContext } from './context';
import { openDb } from './db/open';
import { ThumbnailService } from './media/thumbnails';
import { seedLibrary, type SeedResult } from './seed/seed';

export const TEST_ORIGIN = 'http://api.test';
/** A fixed "now" so seeded libraries are identical run to run. */
export const TEST_NOW = Date.UTC(2025, 5, 15) / 1000;

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  seed: SeedResult;
  close(): Promise<void>;
}

export async function testServer(files = 500, users = 1): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-test-'));
  const db = openDb(dataDir);
  const seed = await seedLibrary(db, { files, users, albums: 1, trash: 5, now: TEST_NOW });
  const ctx: ServerContext = {
    db,
    dataDir,
    publicApiOrigin: TEST_ORIGIN,
    pkce: new PkceStore(),
    thumbnails: new ThumbnailService(dataDir),
    now: () => Math.floor(Date.now() / 1000),
  };
  const app = await createApiServer(ctx);
  return {
    app,
    ctx,
    seed,
    async close() {
      await app.close();
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  // SPEC §7: 128 random bytes in hex (256 characters).
  const verifier = randomBytes(128).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** preflight → login page → form post; returns the code, state and verifier. */
export async function authorize(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ status: number; code: string; state: string; verifier: string; body: string }> {
  const { verifier, challenge } = pkcePair();
  const pre = await app.inject({
    method: 'GET',
    url: '/st/4/telenorid/preflight_oauth2login',
    query: {
      redir: '/photos',
      locale: 'en_US',
      code_challenge: challenge,
      oauth_redirect_uri: 'http://web.test/login/callback',
      app_key: 'k',
    },
  });
  const params = pre.json<{ authorization_params: Record<string, string> }>().authorization_params;
  const post = await app.inject({
    method: 'POST',
    url: '/idp/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, email, password }).toString(),
  });
  const location = post.headers.location;
  const target = typeof location === 'string' ? new URL(location) : null;
  return {
    status: post.statusCode,
    code: target?.searchParams.get('code') ?? '',
    state: target?.searchParams.get('state') ?? '',
    verifier,
    body: post.body,
  };
}

/** A full login; returns the token and a basic-auth header for it. */
export async function login(
  app: FastifyInstance,
  email = 'demo@example.com',
  password = 'capture-demo',
  deviceId = 'device-1',
): Promise<{ token: string; auth: { authorization: string } }> {
  const { code, state, verifier } = await authorize(app, email, password);
  const res = await app.inject({
    method: 'POST',
    url: '/st/4/telenorid/postflight_oauth2callback',
    query: { device_id: deviceId },
    payload: { code, code_verifier: verifier, state, device_name: `Browser ${deviceId}` },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ auth_token: string }>().auth_token;
  return { token, auth: { authorization: basicAuthHeader(token) } };
}
