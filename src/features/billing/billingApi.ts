import { CALLS } from '../../api/contract/calls';
import { callAt, callTo } from '../../api/contract/callTarget';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AccountInfo } from '../../api/contract/account';
import {
  CustomerSchema,
  GrantLinkResponseSchema,
  PaymentMethodSchema,
  ProductsResponseSchema,
  PurchaseResponseSchema,
  SetupIntentSchema,
  SubscriptionsResponseSchema,
  type PaymentMethodDto,
  type PurchaseResponse,
} from '../../api/contract/payments';
import { UserGrantsResponseSchema } from '../../api/contract/user';
import { isApiError } from '../../api/errors';
import { api } from '../../platform/api';
import { confirmPaymentAction } from '../../platform/payments';
import { accountInfoQuery } from '../../platform/queries';
import { storageQuotaStore } from '../../state/storageQuota';

// SPEC §7 Payments: the calls of the storage page and the subscription dialog.

/** GET /stripe_products: the plans, the free trial and whether the web may sell here. */
export const productsQuery = queryOptions({
  queryKey: ['stripe_products'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.stripeProducts, {}, { flag: 'web' }),
        schema: ProductsResponseSchema,
        signal,
      })
    ).data,
});

/** GET /stripe_payment_method: the card on file, null when none (404). */
export const paymentMethodQuery = queryOptions({
  queryKey: ['stripe_payment_method'],
  queryFn: async ({ signal }): Promise<PaymentMethodDto | null> => {
    try {
      return (
        await api().request({
          call: callTo(CALLS.paymentMethod),
          schema: PaymentMethodSchema,
          signal,
        })
      ).data;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },
});

/** GET /stripe/subscriptions (SPEC §8: a failure is "We could not reliably retrieve…"). */
export const subscriptionsQuery = queryOptions({
  queryKey: ['stripe', 'subscriptions'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.subscriptions),
        schema: SubscriptionsResponseSchema,
        signal,
      })
    ).data,
});

/** GET /user_grants. */
export const grantsQuery = queryOptions({
  queryKey: ['user_grants'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.userGrants),
        schema: UserGrantsResponseSchema,
        signal,
      })
    ).data.result.grants,
});

/**
 * SPEC §7: GET /stripe/customer_exists — 404 means missing, so create one (name falls back to
 * the email); 409 means stop (false: no purchase from here).
 */
export async function ensureCustomer(account: AccountInfo): Promise<boolean> {
  try {
    await api().request({ call: callTo(CALLS.customerExists), schema: z.unknown() });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 409) return false;
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  await api().request({
    call: callTo(CALLS.createCustomer),
    body: { name: account.name || account.logged_in_as, email: account.logged_in_as },
    schema: CustomerSchema,
  });
  return true;
}

/** POST /stripe/create_setup_intent: the client secret the card form confirms. */
export async function createSetupIntent(): Promise<string> {
  const { data } = await api().request({
    call: callTo(CALLS.createSetupIntent),
    schema: SetupIntentSchema,
  });
  return data.client_secret;
}

/** POST /stripe/finish_setup_intent: the confirmed card becomes the payment method. */
export async function finishSetupIntent(setupIntentId: string): Promise<void> {
  await api().request({
    call: callTo(CALLS.finishSetupIntent),
    body: { setup_intent_id: setupIntentId },
    schema: PaymentMethodSchema,
  });
}

/**
 * POST (buy) or PUT (change plan) /stripe/v1/purchase. An answer that requires action (SPEC §4)
 * runs the provider's confirmation first: resolves once paid, throws `PaymentActionError` when
 * the holder did not confirm (the subscription stays as it was).
 */
export async function purchase(plan: string, change = false): Promise<PurchaseResponse> {
  const { data } = await api().request({
    call: callTo(change ? CALLS.changePlan : CALLS.purchase),
    body: { plan },
    schema: PurchaseResponseSchema,
  });
  if (data.status === 'requires_action') {
    await confirmPaymentAction(data.client_secret);
    return { status: 'succeeded', subscription_id: data.subscription_id };
  }
  return data;
}

/** SPEC §7 "execute a grant link" (cancellation, reactivation, cancel upcoming). */
export async function executeGrantLink(href: string): Promise<void> {
  // Only the server's own subscription links are followed (a grant is data, not a URL to trust).
  if (!/^\/stripe\/subscriptions\/[\w-]+\/(cancel|reactivate|cancel_upcoming)$/.test(href)) {
    throw new Error(`Unexpected grant link ${href}`);
  }
  await api().request({ call: callAt(CALLS.grantLink, href), schema: GrantLinkResponseSchema });
}

/** Card delete. */
export async function deleteCard(): Promise<void> {
  await api().request({ call: callTo(CALLS.deletePaymentMethod), responseType: 'none' });
}

/**
 * SPEC §7: "after a purchase, payment info, grants, subscriptions and email-related user info
 * are reloaded"; SPEC §4: out-of-storage clears on purchase or plan change (paused uploads try
 * again).
 */
export async function reloadAfterPurchase(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: paymentMethodQuery.queryKey }),
    client.invalidateQueries({ queryKey: subscriptionsQuery.queryKey }),
    client.invalidateQueries({ queryKey: grantsQuery.queryKey }),
    client.invalidateQueries({ queryKey: productsQuery.queryKey }),
  ]);
  const account = await client.fetchQuery({ ...accountInfoQuery, staleTime: 0 });
  storageQuotaStore
    .getState()
    .storageChanged({ usedSpace: account.used_space, maxSpace: account.max_space });
}
