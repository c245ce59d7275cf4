// `npm run serve:web`: the web tier alone (web.ts: the built client, /app-config.json, the CSP and
// security headers) in front of a service that runs elsewhere: the real one, or the contract
// server's API on another port. Configured only from the environment (README "Deploy"):
//
//   API_ORIGIN          the service's app host (required; the client's calls before it has a
//                       service dictionary, and the CSP)
//   STAGING_API_ORIGIN  the staging login host (optional, SPEC §2 staging query parameter)
//   CONSENT_ORIGIN      the consent host of /user/email_consent (SPEC §7), a base URL whose path
//                       prefixes the call's; without it the unsubscribe page says it failed
//   SERVICE_ORIGINS     comma-separated: the service's thumbnail, video, poll, download and
//                       consent hosts when they are not API_ORIGIN (the CSP allows them)
//   PAYMENTS_SCRIPT_URL, PAYMENTS_PUBLISHABLE_KEY_TEST, PAYMENTS_PUBLISHABLE_KEY_LIVE,
//   PAYMENTS_FRAME_ORIGINS, PAYMENTS_CONNECT_ORIGINS   the card payment provider (default: the
//                       contract server's emulator at API_ORIGIN)
//   CAST_SENDER_URL, CAST_APP_ID   Google Cast: the sender framework's script and the receiver
//                       application id, both or neither (without them Google Cast is not offered;
//                       pairing a TV by its code works either way)
//   CAST_SCRIPT_SOURCES comma-separated script URLs the sender loads after itself (the CSP allows
//                       them by path; a path ending in / allows what is under it)
//   WEB_DIST (default dist), HOST (default 127.0.0.1), WEB_PORT (default 8080)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createWebServer, paymentsConfig } from './web';

/** A comma-separated list of origins; each must be an http(s) URL. */
export function envOrigins(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => originOf(name, value));
}

function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}: "${value}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name}: "${value}" is not an http(s) URL`);
  }
  return url.origin;
}

/** An http(s) base URL, its path kept without a trailing slash (a consent host's prefix). */
function baseUrlOf(name: string, value: string): string {
  const origin = originOf(name, value);
  return origin + new URL(value).pathname.replace(/\/+$/, '');
}

export interface WebMainConfig {
  host: string;
  port: number;
  distDir: string;
  appConfig: NonNullable<Parameters<typeof createWebServer>[0]['appConfig']>;
  serviceOrigins: string[];
  scriptSources: string[];
}

/** The web tier's settings from the environment; what is missing or wrong is said by name. */
export function webConfigFromEnv(env: NodeJS.ProcessEnv): WebMainConfig {
  const api = env.API_ORIGIN?.trim();
  if (!api) {
    throw new Error(
      'API_ORIGIN is not set: the origin of the service the client talks to (e.g. https://api.example.com)',
    );
  }
  const apiOrigin = originOf('API_ORIGIN', api);
  const staging = env.STAGING_API_ORIGIN?.trim();
  const consent = env.CONSENT_ORIGIN?.trim();
  const cast = castFromEnv(env);
  const rawPort = env.WEB_PORT?.trim() || '8080';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`WEB_PORT: "${rawPort}" is not a port number`);
  }
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port,
    distDir: env.WEB_DIST?.trim() || 'dist',
    appConfig: {
      apiOrigin,
      ...(staging ? { stagingApiOrigin: originOf('STAGING_API_ORIGIN', staging) } : {}),
      ...(consent ? { consentOrigin: baseUrlOf('CONSENT_ORIGIN', consent) } : {}),
      payments: paymentsConfig(apiOrigin, {
        scriptUrl: env.PAYMENTS_SCRIPT_URL || undefined,
        publishableKeyTest: env.PAYMENTS_PUBLISHABLE_KEY_TEST || undefined,
        publishableKeyLive: env.PAYMENTS_PUBLISHABLE_KEY_LIVE || undefined,
        frameOrigins: envOrigins(env, 'PAYMENTS_FRAME_ORIGINS'),
        connectOrigins: envOrigins(env, 'PAYMENTS_CONNECT_ORIGINS'),
      }),
      ...(cast ? { cast } : {}),
    },
    serviceOrigins: envOrigins(env, 'SERVICE_ORIGINS'),
    scriptSources: (env.CAST_SCRIPT_SOURCES ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean)
      .map((value) => httpUrlOf('CAST_SCRIPT_SOURCES', value)),
  };
}

/** Google Cast's sender script and receiver application id: both, or neither. */
function castFromEnv(env: NodeJS.ProcessEnv) {
  const sender = env.CAST_SENDER_URL?.trim();
  const appId = env.CAST_APP_ID?.trim();
  if (!sender && !appId) return null;
  if (!sender)
    throw new Error('CAST_APP_ID is set without CAST_SENDER_URL (the Cast sender script)');
  if (!appId)
    throw new Error('CAST_SENDER_URL is set without CAST_APP_ID (the receiver application)');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(appId)) {
    throw new Error(`CAST_APP_ID: "${appId}" is not an application id (letters, digits, _ and -)`);
  }
  return {
    senderScriptUrl: httpUrlOf('CAST_SENDER_URL', sender),
    receiverApplicationId: appId,
  };
}

/** An http(s) URL as given (a script's, with its path and query). */
function httpUrlOf(name: string, value: string): string {
  originOf(name, value);
  return new URL(value).href;
}

async function main(): Promise<void> {
  const config = webConfigFromEnv(process.env);
  if (!existsSync(path.join(config.distDir, 'index.html'))) {
    throw new Error(`WEB_DIST: ${config.distDir} holds no built client (run npm run build)`);
  }
  const web = await createWebServer({
    distDir: config.distDir,
    appConfig: config.appConfig,
    serviceOrigins: config.serviceOrigins,
    scriptSources: config.scriptSources,
  });
  const address = await web.listen({ host: config.host, port: config.port });
  console.log(`Capture web: ${address}  (API ${config.appConfig.apiOrigin}, ${config.distDir})`);
  const stop = () => void web.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// Run only when started directly (tsx server/webMain.ts), not when imported by its test.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
