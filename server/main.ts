// The contract server's start (ARCHITECTURE "The contract server"): `startServers(options)` opens
// DATA_DIR, seeds a demo library on the first run (demo@example.com / capture-demo), rebuilds
// day_counts of an older DATA_DIR once (ensureDayCounts) and starts two listeners: the API
// (app.ts; all five service-dict hosts point here) and the web app (web.ts). Used by `npm start`,
// tests, benches and the e2e harness.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { CONSENT_HOST_PREFIX } from '../src/api/contract/privacy';
import { createApiServer } from './app';
import { createContext, type ServerContext } from './context';
import { backfillGrants } from './db/account';
import { ensureDayCounts } from './db/dayCounts';
import { ensureIndexes, getMeta, isEmpty, openDb } from './db/open';
import { DEMO_EMAIL, DEMO_PASSWORD, SEED_STATE, seedLibrary, type SeedOptions } from './seed/seed';
import { createWebServer, paymentsConfig, type PaymentsConfig } from './web';

export { paymentsConfig };

export interface StartOptions {
  dataDir: string;
  host?: string;
  /** 0 picks a free port. */
  apiPort?: number;
  webPort?: number;
  /** Built client; the web listener is skipped when null. */
  distDir?: string | null;
  /** Seeded on first run only (empty users table). */
  seed?: Omit<SeedOptions, 'onProgress'>;
  /** Overrides the origin put in the service dictionary (e.g. behind a proxy). */
  publicApiOrigin?: string;
  /**
   * More origins the client is served on (a proxy, the Vite dev server): their roots join the
   * web listener's own as the registered login redirect URIs (server/auth/redirectUris.ts).
   */
  webOrigins?: readonly string[];
  /** GET /poll's wait before 204 (default 25 s). */
  pollTimeoutMs?: number;
  /** The request log on stdout (URLs redacted: server/app.ts `redactUrl`). */
  logger?: boolean;
  /** Test-only routes under /__test/ (see testControls.ts); never on for `npm start`. */
  testControls?: boolean;
  /**
   * The card payment provider the client loads (README "Payments"): by default the API's own
   * emulator (`/stripe-emulator/v3.js`, emulator keys); the real provider's script URL and
   * publishable keys here are all it takes to use it.
   */
  payments?: Partial<PaymentsConfig>;
  /**
   * Benches only: every request to either listener waits `ms` before it is handled, read per
   * request (the bench changes it between runs): a real network's round trip on localhost.
   */
  networkDelay?: { ms: number };
}

export interface RunningServers {
  apiUrl: string;
  webUrl: string | null;
  context: ServerContext;
  close(): Promise<void>;
}

const originOf = (host: string, port: number): string =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Opens DATA_DIR, seeds it on first run, and starts the API and web listeners. */
export async function startServers(options: StartOptions): Promise<RunningServers> {
  const host = options.host ?? '127.0.0.1';
  const db = openDb(options.dataDir);
  if (isEmpty(db)) await seedLibrary(db, options.seed ?? { files: 5000, users: 2, albums: 3 });
  if (getMeta(db, SEED_STATE) === 'running') {
    db.close();
    throw new Error(`${options.dataDir} holds an interrupted seed: delete it and start again`);
  }
  ensureIndexes(db);
  // A DATA_DIR from before the current day_counts rule gets its counts rebuilt once.
  ensureDayCounts(db);
  backfillGrants(db);

  const context: ServerContext = createContext(db, options.dataDir, {
    publicApiOrigin: options.publicApiOrigin,
    webOrigins: options.webOrigins,
    pollTimeoutMs: options.pollTimeoutMs,
  });
  const listening: FastifyInstance[] = [];
  const close = async () => {
    await Promise.all(listening.map((app) => app.close()));
    await context.media.idle();
    db.close();
  };
  try {
    const api = await createApiServer(context, {
      logger: options.logger ?? false,
      testControls: options.testControls ?? false,
    });
    delayRequests(api, options.networkDelay);
    await api.listen({ host, port: options.apiPort ?? 0 });
    listening.push(api);
    const apiUrl = originOf(host, (api.server.address() as { port: number }).port);
    context.publicApiOrigin ||= apiUrl;

    let webUrl: string | null = null;
    if (options.distDir !== null) {
      const web = await createWebServer({
        distDir: options.distDir ?? 'dist',
        appConfig: {
          apiOrigin: context.publicApiOrigin,
          // SPEC §7's consent host, emulated under a path prefix of the API (routes/privacy.ts).
          consentOrigin: `${context.publicApiOrigin}${CONSENT_HOST_PREFIX}`,
          payments: paymentsConfig(context.publicApiOrigin, options.payments),
        },
      });
      delayRequests(web, options.networkDelay);
      await web.listen({ host, port: options.webPort ?? 0 });
      listening.push(web);
      webUrl = originOf(host, (web.server.address() as { port: number }).port);
      context.redirectUris.registerOrigin(webUrl);
    }
    return { apiUrl, webUrl, context, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function delayRequests(app: FastifyInstance, delay: { ms: number } | undefined): void {
  if (!delay) return;
  app.addHook('onRequest', (_request, _reply, done) => {
    if (delay.ms > 0) setTimeout(done, delay.ms);
    else done();
  });
}

/** WEB_ORIGINS: a comma-separated list of more origins the client is served on. */
function envOrigins(name: string): string[] {
  return (process.env[name] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ?? './data';
  const servers = await startServers({
    dataDir,
    host: process.env.HOST ?? '127.0.0.1',
    apiPort: envInt('API_PORT', 8081),
    webPort: envInt('WEB_PORT', 8080),
    distDir: process.env.WEB_DIST ?? 'dist',
    webOrigins: envOrigins('WEB_ORIGINS'),
    seed: { files: envInt('SEED_FILES', 5000), users: 2, albums: 3, trash: 20 },
    logger: process.env.LOG === '1',
    payments: {
      scriptUrl: process.env.PAYMENTS_SCRIPT_URL || undefined,
      publishableKeyTest: process.env.PAYMENTS_PUBLISHABLE_KEY_TEST || undefined,
      publishableKeyLive: process.env.PAYMENTS_PUBLISHABLE_KEY_LIVE || undefined,
      frameOrigins: envOrigins('PAYMENTS_FRAME_ORIGINS'),
      connectOrigins: envOrigins('PAYMENTS_CONNECT_ORIGINS'),
    },
  });
  console.log(`Capture web: ${servers.webUrl}  (API ${servers.apiUrl}, data ${dataDir})`);
  console.log(`Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    servers.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// Run only when started directly (tsx server/main.ts), not when imported by tests or harnesses.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
