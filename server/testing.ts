// Test helpers (not a test file): a seeded API server in a temp DATA_DIR, and a full PKCE login.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { basicAuthHeader } from '../src/api/contract/basicAuth';
import { createApiServer } from './app';
import { setScryptCostForTests } from './auth/password';
import { createContext, type ServerContext } from './context';
import { openDb } from './db/open';
import { seedLibrary, type SeedResult } from './seed/seed';

export const TEST_ORIGIN = 'http://api.test';
/** The web app's origin in tests: its root is the one registered login redirect. */
export const TEST_WEB_ORIGIN = 'http://web.test';
/**
 * scrypt at 1/16 of its cost (~3 ms a sign-in instead of ~50): the tests sign in some hundred
 * times, and what they check does not depend on the cost. loginThrottle.test.ts sets the real cost
 * back for its timing test.
 */
export const TEST_SCRYPT_COST = 1024;
setScryptCostForTests(TEST_SCRYPT_COST);

/** A fixed "now" so seeded libraries are identical run to run. */
export const TEST_NOW = Date.UTC(2025, 5, 15) / 1000;

export interface TestServer {
  app: FastifyInstance;
  /** Every route Fastify registered, as 'METHOD /url pattern' (HEAD routes left out). */
  routes: string[];
  /** The route each request so far matched ('METHOD /url pattern'; unmatched ones left out). */
  matchedRoutes: Set<string>;
  ctx: ServerContext;
  seed: SeedResult;
  close(): Promise<void>;
}

/** A seeded library in a temp DATA_DIR behind app.inject; long polls give up after 200 ms. */
export async function testServer(
  files = 500,
  users = 1,
  options: { pollTimeoutMs?: number; testControls?: boolean } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-test-'));
  const db = openDb(dataDir);
  const seed = await seedLibrary(db, { files, users, albums: 1, trash: 5, now: TEST_NOW });
  const ctx: ServerContext = createContext(db, dataDir, {
    publicApiOrigin: TEST_ORIGIN,
    webOrigins: [TEST_WEB_ORIGIN],
    pollTimeoutMs: options.pollTimeoutMs ?? 200,
  });
  const routes: string[] = [];
  const app = await createApiServer(ctx, {
    testControls: options.testControls,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
      }
    },
  });
  const matchedRoutes = new Set<string>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.is404 !== true) matchedRoutes.add(`${request.method} ${request.routeOptions.url}`);
    done();
  });
  return {
    app,
    routes,
    matchedRoutes,
    ctx,
    seed,
    async close() {
      await app.close();
      await ctx.media.idle();
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
  /**
   * The client's address (login throttling counts per address), the page's language and the
   * browser's Cookie header (the identity provider's trusted-device cookie).
   */
  options: { remoteAddress?: string; locale?: string; cookie?: string } = {},
): Promise<{
  status: number;
  code: string;
  state: string;
  verifier: string;
  body: string;
  headers: Record<string, unknown>;
}> {
  const { verifier, challenge } = pkcePair();
  const pre = await app.inject({
    method: 'GET',
    url: '/st/4/telenorid/preflight_oauth2login',
    query: {
      redir: '/photos',
      locale: options.locale ?? 'en_US',
      code_challenge: challenge,
      oauth_redirect_uri: `${TEST_WEB_ORIGIN}/`,
      app_key: 'k',
    },
  });
  const params = pre.json<{ authorization_params: Record<string, string> }>().authorization_params;
  const post = await app.inject({
    method: 'POST',
    url: '/idp/authorize',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: new URLSearchParams({ ...params, email, password }).toString(),
    remoteAddress: options.remoteAddress,
  });
  const location = post.headers.location;
  const target = typeof location === 'string' ? new URL(location) : null;
  return {
    status: post.statusCode,
    code: target?.searchParams.get('code') ?? '',
    state: target?.searchParams.get('state') ?? '',
    verifier,
    body: post.body,
    headers: post.headers,
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

export interface MultipartFile {
  name?: string;
  field?: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body for app.inject: text fields in order, then the file part(s). */
export function multipart(
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----capture${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.name ?? 'upload.bin'}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const u32 = (...values: number[]): Buffer => {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeUInt32BE(v >>> 0, i * 4));
  return buf;
};

/**
 * The smallest ISO-BMFF file the server's box reader understands: ftyp, an mdat of filler, and
 * a moov with mvhd (duration, creation time) and one video trak/tkhd (size; `rotated` turns it a
 * quarter). `filler` varies the content so each call can have its own checksum.
 */
export function tinyMp4(options: {
  seconds: number;
  width: number;
  height: number;
  created?: number;
  /** A raw 64-bit creation time (seconds since 1904) in a version-1 mvhd, for crafted files. */
  createdRaw1904?: bigint;
  rotated?: boolean;
  filler?: string;
}): Buffer {
  const timescale = 1000;
  const created = options.created === undefined ? 0 : options.created + 2_082_844_800;
  const identity = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
  const quarter = [0, 0x10000, 0, 0xffff0000, 0, 0, 0, 0, 0x40000000];
  const u64 = (value: bigint) => {
    const buf = Buffer.alloc(8);
    buf.writeBigUInt64BE(value);
    return buf;
  };
  const times =
    options.createdRaw1904 === undefined
      ? u32(0, created, created, timescale, options.seconds * timescale)
      : Buffer.concat([
          u32(0x01000000),
          u64(options.createdRaw1904),
          u64(options.createdRaw1904),
          u32(timescale),
          u64(BigInt(options.seconds * timescale)),
        ]);
  const mvhd = box(
    'mvhd',
    times,
    u32(0x10000),
    Buffer.from([1, 0]),
    Buffer.alloc(10),
    u32(...identity),
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = box(
    'tkhd',
    u32(3, created, created, 1, 0, options.seconds * timescale),
    Buffer.alloc(8),
    Buffer.alloc(8),
    u32(...(options.rotated ? quarter : identity)),
    u32(options.width * 65536, options.height * 65536),
  );
  return Buffer.concat([
    box('ftyp', Buffer.from('isom'), u32(0x200), Buffer.from('isomiso2mp41')),
    box('mdat', Buffer.from(options.filler ?? 'frames')),
    box('moov', mvhd, box('trak', tkhd)),
  ]);
}

/** A 600×400 photo stored turned (EXIF orientation 6), with camera fields and a capture time. */
export async function cameraJpeg(seed: number): Promise<Buffer> {
  const noise = Buffer.alloc(600 * 400 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7 + seed * 13) & 255;
  return sharp(noise, { raw: { width: 600, height: 400, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD2: {
        ISOSpeedRatings: '64',
        FNumber: '16/10',
        ExposureTime: '1/120',
        FocalLength: '6/1',
        DateTimeOriginal: '2023:08:14 10:20:30',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a zip (fails when the archive is cut short or malformed). */
export function unzip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
