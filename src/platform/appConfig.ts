import { z } from 'zod';

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
  payments: PaymentsConfigSchema.optional(),
});

export type AppConfig = z.infer<typeof AppConfigSchema>;

export function defaultAppConfig(loc: Pick<Location, 'protocol' | 'hostname'>): AppConfig {
  return { apiOrigin: `${loc.protocol}//${loc.hostname}:8081` };
}

export async function loadAppConfig(
  loc: Pick<Location, 'protocol' | 'hostname'> = location,
  fetchImpl: typeof fetch = fetch,
): Promise<AppConfig> {
  try {
    const response = await fetchImpl('/app-config.json', { cache: 'no-cache' });
    if (!response.ok) return defaultAppConfig(loc);
    const parsed = AppConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : defaultAppConfig(loc);
  } catch {
    return defaultAppConfig(loc);
  }
}
