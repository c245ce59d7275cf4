import type { PaymentsConfig } from './appConfig';

// The card payment provider the app config names, set once at start-up. Apart from
// platform/payments.ts (which loads the provider on first use, in the payment chunks) so that
// the start-up path does not carry the provider's loader (bench/bundle).

let config: PaymentsConfig | null = null;

/** Called once at start-up with the app config's provider (none: payments unavailable). */
export function configurePayments(payments: PaymentsConfig | undefined): void {
  config = payments ?? null;
}

/** The configured provider, or null when payments are unavailable. */
export function paymentsConfig(): PaymentsConfig | null {
  return config;
}
