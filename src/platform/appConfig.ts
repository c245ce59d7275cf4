import { z } from 'zod';
import { lazySchema } from '../api/contract/lazySchema';
import { readJson, writeJson } from '../state/persisted';
import { afterStart } from './afterStart';

/**
 * Where the client finds the API before it has a service dictionary (login preflight, shares):
 * the web tier's /app-config.json (server/web.ts; `npm run serve:web` fills it from the
 * environment, README "Deploy"). A production build never guesses: without a usable config it
 * says what is missing (app/pages/NotConfiguredPage). Only the Vite dev server (`npm run dev`,
 * which serves no config) assumes the API beside the web origin on port 8081, as `npm start`
 * runs it.
 */
/**
 * The card payment provider (platform/payments.ts): its browser script and publishable keys, the
 * test key on test hosts and the live key otherwise. The contract server names its emulator.
 */
const PaymentsConfigSchema = lazySchema(() =>
  z.object({
    scriptUrl: z.string().url(),
    publishableKeyTest: z.string().regex(/^pk_test_/),
    publishableKeyLive: z.string().regex(/^pk_live_/),
  }),
);
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

/**
 * Google Cast (SPEC §9 casting): the sender framework's script (Google's `cast_sender.js`) and
 * the receiver application it starts on the TV. Without it Google Cast is not offered; pairing
 * with a TV by its code (the receiver page) works either way.
 */
const CastConfigSchema = lazySchema(() =>
  z.object({
    senderScriptUrl: z.string().url(),
    receiverApplicationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  }),
);
export type CastConfig = z.infer<typeof CastConfigSchema>;

const AppConfigSchema = lazySchema(() =>
  z.object({
    apiOrigin: z.string().url(),
    stagingApiOrigin: z.string().url().optional(),
    /**
     * SPEC §7's consent host (`/user/email_consent`), not in the host directory: a base URL whose
     * path, if any, prefixes the call's path. The contract server emulates it under `/consent` of
     * its API. Without it the unsubscribe page says the request failed.
     */
    consentOrigin: z.string().url().optional(),
    payments: PaymentsConfigSchema.optional(),
    cast: CastConfigSchema.optional(),
  }),
);

export type AppConfig = z.infer<typeof AppConfigSchema>;

/** The dev server's assumption (`npm run dev` beside `npm start`'s API); never in a build. */
export function devAppConfig(loc: Pick<Location, 'protocol' | 'hostname'>): AppConfig {
  return { apiOrigin: `${loc.protocol}//${loc.hostname}:8081` };
}

/**
 * Why there is no config: the web tier could not be reached (offline, with no copy kept from an
 * earlier visit), it answered an HTTP error (no /app-config.json), or its answer lacks or
 * mistypes a field (their paths, such as `apiOrigin`).
 */
export type AppConfigProblem =
  | { kind: 'unreachable' }
  | { kind: 'status'; status: number }
  | { kind: 'invalid'; fields: string[] };

export type AppConfigResult =
  { ok: true; config: AppConfig } | { ok: false; problem: AppConfigProblem };

export interface LoadAppConfigOptions {
  /**
   * A visit with a stored session (issue 19, second visit): the config as last loaded is used
   * at once, and the server's copy is asked for once the page is idle (kept for the next start).
   * With a stored session the API's hosts come from its service dictionary, so a config one
   * deploy old changes nothing of this visit. Without a kept copy it is loaded as usual.
   */
  preferKept?: boolean;
  /** When the server's copy is asked for after a kept one was used (injectable for tests). */
  later?: (load: () => void) => void;
  /** The dev server's fallback beside this origin (default: only in `vite` dev mode). */
  devFallback?: boolean;
}

/**
 * The server's /app-config.json (the good one is kept). When it cannot be reached, the copy kept
 * from an earlier visit (an offline start); otherwise what is wrong, or in dev the API beside
 * this origin.
 */
export async function loadAppConfig(
  loc: Pick<Location, 'protocol' | 'hostname'> = location,
  fetchImpl: typeof fetch = fetch,
  options: LoadAppConfigOptions = {},
): Promise<AppConfigResult> {
  const kept = readJson('appConfig', AppConfigSchema);
  if (kept && options.preferKept) {
    (options.later ?? afterStart)(() => void fetchAppConfig(fetchImpl));
    return { ok: true, config: kept };
  }
  const fetched = await fetchAppConfig(fetchImpl);
  if (fetched.ok) return fetched;
  if (kept && fetched.problem.kind === 'unreachable') return { ok: true, config: kept };
  if (options.devFallback ?? import.meta.env.DEV) return { ok: true, config: devAppConfig(loc) };
  return fetched;
}

async function fetchAppConfig(fetchImpl: typeof fetch): Promise<AppConfigResult> {
  let response: Response;
  try {
    response = await fetchImpl('/app-config.json', { cache: 'no-cache' });
  } catch {
    return { ok: false, problem: { kind: 'unreachable' } };
  }
  if (!response.ok) return { ok: false, problem: { kind: 'status', status: response.status } };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Not JSON at all (an SPA fallback's index.html): the file is not there.
    return { ok: false, problem: { kind: 'invalid', fields: ['/app-config.json'] } };
  }
  const parsed = AppConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
    return { ok: false, problem: { kind: 'invalid', fields: [...new Set(fields)] } };
  }
  writeJson('appConfig', parsed.data);
  return { ok: true, config: parsed.data };
}
