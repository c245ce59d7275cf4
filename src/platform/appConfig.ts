import { z } from 'zod';
import { readJson, writeJson } from '../state/persisted';
import { afterStart } from './afterStart';

/**
 * Where the client finds the API before it has a service dictionary (login preflight, shares).
 * The web server answers /app-config.json; without it the API is assumed beside the web origin,
 * on port 8081 as `npm start` runs it.
 */
/**
 * The card payment provider (platform/payments.ts): its browser script and publishable keys, the
 * test key on test hosts and the live key otherwise. The contract server names its emulator.
 */
const PaymentsConfigSchema = z.object({
  scriptUrl: z.string().url(),
  publishableKeyTest: z.string().regex(/^pk_test_/),
  publishableKeyLive: z.string().regex(/^pk_live_/),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

const AppConfigSchema = z.object({
  apiOrigin: z.string().url(),
  stagingApiOrigin: z.string().url().optional(),
  /**
   * SPEC §7's consent host (`/user/email_consent`), not in the host directory: a base URL whose
   * path, if any, prefixes the call's path. The contract server emulates it under `/consent` of
   * its API. Without it the unsubscribe page says the request failed.
   */
  consentOrigin: z.string().url().optional(),
  payments: PaymentsConfigSchema.optional(),
});

export type AppConfig = z.infer<typeof AppConfigSchema>;

export function defaultAppConfig(loc: Pick<Location, 'protocol' | 'hostname'>): AppConfig {
  return { apiOrigin: `${loc.protocol}//${loc.hostname}:8081` };
}

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
}

/** The server's /app-config.json, or the default beside this origin; the good one is kept. */
export async function loadAppConfig(
  loc: Pick<Location, 'protocol' | 'hostname'> = location,
  fetchImpl: typeof fetch = fetch,
  options: LoadAppConfigOptions = {},
): Promise<AppConfig> {
  const kept = options.preferKept ? readJson('appConfig', AppConfigSchema) : null;
  if (kept) {
    (options.later ?? afterStart)(() => void fetchAppConfig(fetchImpl));
    return kept;
  }
  return (await fetchAppConfig(fetchImpl)) ?? defaultAppConfig(loc);
}

async function fetchAppConfig(fetchImpl: typeof fetch): Promise<AppConfig | null> {
  try {
    const response = await fetchImpl('/app-config.json', { cache: 'no-cache' });
    if (!response.ok) return null;
    const parsed = AppConfigSchema.safeParse(await response.json());
    if (!parsed.success) return null;
    writeJson('appConfig', parsed.data);
    return parsed.data;
  } catch {
    return null;
  }
}
