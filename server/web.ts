// The web listener: the built client with an SPA fallback, /app-config.json, and a strict CSP
// naming the API origin and the payment script by its path (object-src 'none'); the build's
// precompressed .br/.gz siblings by Accept-Encoding with Vary and the file's own Content-Type;
// source maps never served (issue 19, web.test.ts). Both listeners send the security headers of
// securityHeaders.ts (issues 23 and 33).
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { EMULATOR_PREFIX } from './payments/emulatorPrefix';
import { setSecurityHeaders } from './securityHeaders';

/**
 * The card payment provider (ARCHITECTURE rule 7): its browser script, its publishable keys (the
 * test key on test hosts, the live key otherwise) and the origins its frames and calls use.
 * By default the API's own emulator; the real provider is this config with its URL and keys.
 */
export interface PaymentsConfig {
  scriptUrl: string;
  publishableKeyTest: string;
  publishableKeyLive: string;
  /** Origins of the provider's frames and calls besides the script's own (CSP). */
  frameOrigins?: string[];
  connectOrigins?: string[];
}

/** The provider config the client gets: the given values over the API's own emulator's. */
export function paymentsConfig(apiOrigin: string, given: Partial<PaymentsConfig> = {}) {
  return {
    scriptUrl: given.scriptUrl ?? `${apiOrigin}${EMULATOR_PREFIX}v3.js`,
    publishableKeyTest: given.publishableKeyTest ?? 'pk_test_capture_emulator',
    publishableKeyLive: given.publishableKeyLive ?? 'pk_live_capture_emulator',
    frameOrigins: given.frameOrigins ?? [],
    connectOrigins: given.connectOrigins ?? [],
  } satisfies PaymentsConfig;
}

export interface WebServerOptions {
  /** The built client (vite build output). */
  distDir: string;
  /** Served as /app-config.json: where the client finds the API before it has a service dict. */
  appConfig?: {
    apiOrigin: string;
    stagingApiOrigin?: string;
    /** SPEC §7's consent host, a base URL (the client's `consentOrigin`). */
    consentOrigin?: string;
    payments?: PaymentsConfig;
    /** Google Cast: the sender framework's script and the receiver application (SPEC §9). */
    cast?: { senderScriptUrl: string; receiverApplicationId: string };
  };
  /**
   * The service's other hosts besides the API origin (its service dictionary's thumbnail,
   * video, poll and download hosts, and the consent host: SPEC §7), for the CSP.
   */
  serviceOrigins?: readonly string[];
  /**
   * Further scripts the CSP allows, each a URL as a source (origin and path; a path ending in
   * `/` allows what is under it): those the Cast sender script loads after itself.
   */
  scriptSources?: readonly string[];
}

/**
 * A script's URL as a CSP source (issue 33: the origin alone allowed every script of the API):
 * origin and path, without query or fragment; a path ending in `/` allows what is under it.
 * Characters that would end the source or the directive are percent-encoded.
 */
const scriptSource = (value: string | undefined): string => {
  if (!value) return '';
  const url = new URL(value);
  if (url.origin === 'null') return '';
  const pathname = url.pathname.replace(
    /[;,'\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return ` ${url.origin}${pathname === '/' ? '' : pathname}`;
};

const originList = (values: readonly (string | undefined)[]): string =>
  values
    .filter((value): value is string => Boolean(value))
    .map((value) => new URL(value).origin)
    .filter((origin, i, all) => origin !== 'null' && all.indexOf(origin) === i)
    .map((origin) => ` ${origin}`)
    .join('');

/**
 * The client's Content-Security-Policy: its own scripts and the payment provider's one script
 * only, no plugins, workers from blobs, and the API origin(s) the app config names plus the
 * service's other hosts for thumbnails, video, calls and archive form posts. Origins are
 * normalised through URL so a config value can never inject another directive.
 */
export function webCsp(
  appConfig?: WebServerOptions['appConfig'],
  serviceOrigins: readonly string[] = [],
  scriptSources: readonly string[] = [],
): string {
  const origins = [
    appConfig?.apiOrigin,
    appConfig?.stagingApiOrigin,
    appConfig?.consentOrigin,
    ...serviceOrigins,
  ]
    .filter((value): value is string => Boolean(value))
    .map((value) => new URL(value).origin)
    .filter((origin, i, all) => origin !== 'null' && all.indexOf(origin) === i);
  const api = origins.map((origin) => ` ${origin}`).join('');
  // The payment provider's script, frames (card fields, 3-D Secure) and calls (SPEC §7).
  const payments = appConfig?.payments;
  const paymentScript = scriptSource(payments?.scriptUrl);
  const paymentFrames = originList([payments?.scriptUrl, ...(payments?.frameOrigins ?? [])]);
  const paymentConnect = originList(payments?.connectOrigins ?? []);
  // Google Cast's sender script and what it loads (README "Deploy": CAST_SENDER_URL,
  // CAST_SCRIPT_SOURCES), by path as the payment script.
  const castScripts = [appConfig?.cast?.senderScriptUrl, ...scriptSources]
    .map(scriptSource)
    .filter((source, i, all) => source && all.indexOf(source) === i)
    .join('');
  return [
    "default-src 'self'",
    // hash-wasm (the upload checksum worker) compiles WebAssembly; this allows that, not eval.
    `script-src 'self' 'wasm-unsafe-eval'${paymentScript}${castScripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${api}`,
    `media-src 'self' blob:${api}`,
    `connect-src 'self'${api}${paymentConnect}`,
    // Archive downloads are form posts to the API's download host (SPEC §7).
    `form-action 'self'${api}`,
    // ...into a hidden iframe, so an error answer loads there (and is noticed) instead of
    // replacing the app; an attachment answer becomes a download (features/downloads).
    `frame-src 'self'${api}${paymentFrames}`,
    "worker-src 'self' blob:",
    // No plugins (<object>, <embed>): the app has none.
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/**
 * The web listener: the built client with an SPA fallback, so every client route deep-links.
 * Hashed assets are immutable; index.html is always revalidated so a deploy is picked up.
 */
export async function createWebServer({
  distDir,
  appConfig,
  serviceOrigins,
  scriptSources,
}: WebServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const csp = webCsp(appConfig, serviceOrigins, scriptSources);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('Content-Security-Policy', csp);
    setSecurityHeaders(reply, 'web');
    done(null, payload);
  });
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    index: false,
    wildcard: false,
    // The build's .br and .gz siblings (vite.config.ts precompress), chosen by Accept-Encoding.
    preCompressed: true,
    // Source maps stay on the build machine (issue 19).
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  if (appConfig) {
    app.get('/app-config.json', (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').send(appConfig),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      request.url.split('?', 1)[0].endsWith('.map')
    ) {
      return reply.code(404).send({ error: 'not_found' });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
  return app;
}
