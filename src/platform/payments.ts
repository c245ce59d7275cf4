import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { isPaymentTestHost } from '../domain/billing';
import type { PaymentsConfig } from './appConfig';
import { paymentsConfig } from './paymentsConfig';

// The one module that owns the card payment provider (ARCHITECTURE rule 7). The script comes
// from the configured URL (app-config.json `payments`): the contract server's emulator here,
// https://js.stripe.com/v3/ for the real provider — swapping the URL and keys is all it takes.
// `@stripe/stripe-js/pure` never injects its own script: ours is on the page first, and
// loadStripe then builds the instance from `window.Stripe` as it would from its own.

let provider: Promise<Stripe> | null = null;

/** SPEC §7: the test key on test hosts, the live key otherwise. */
export function publishableKeyFor(payments: PaymentsConfig, hostname: string): string {
  return isPaymentTestHost(hostname) ? payments.publishableKeyTest : payments.publishableKeyLive;
}

function injectScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if ('Stripe' in window) {
      resolve();
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`Failed to load Stripe.js from ${url}`));
    });
    document.head.appendChild(script);
  });
}

/**
 * The provider, loaded once (SPEC §8: "failing to load it throws"; a failed load is tried again
 * on the next call). Give the promise to `<Elements stripe={…}>`.
 */
export function loadPaymentProvider(): Promise<Stripe> {
  const payments = paymentsConfig();
  if (!payments) return Promise.reject(new Error('No payment provider configured'));
  provider ??= injectScript(payments.scriptUrl)
    .then(() => loadStripe(publishableKeyFor(payments, location.hostname)))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js not available');
      return stripe;
    })
    .catch((error: unknown) => {
      provider = null;
      throw error;
    });
  return provider;
}

/** The provider refused to confirm a charge (SPEC §4 action required: 3-D Secure failed). */
export class PaymentActionError extends Error {
  override name = 'PaymentActionError';
}

/**
 * SPEC §4 action required: a purchase or plan change answered `requires_action` with its payment
 * intent's client secret; the provider asks the card holder (its 3-D Secure frame). Resolves once
 * the charge went through (the server applies it), throws PaymentActionError when it did not.
 */
export async function confirmPaymentAction(clientSecret: string): Promise<void> {
  const stripe = await loadPaymentProvider();
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) throw new PaymentActionError(result.error.message ?? 'Authentication failed');
}
