// Payments (SPEC §7 Payments).
import { subscriptionsOf } from '../../../payments/store';
import { type Case, get, ids, server } from '../fixture';

export const PAYMENT_CASES: Case[] = [
  // SPEC §7 Payments: each user's own customer, card and subscriptions; another user's
  // subscription or setup intent is not found. Before "delete test payment data", which
  // removes them; the fixtures are made in beforeAll.
  { name: 'plans', request: () => get('/stripe_products'), other: 'own' },
  { name: 'customer exists', request: () => get('/stripe/customer_exists'), other: 'own' },
  {
    name: 'create customer',
    request: () => ({
      method: 'POST',
      url: '/stripe/create_customer',
      payload: { name: 'C', email: 'c@example.com' },
    }),
    other: 'own',
  },
  {
    name: 'create setup intent',
    request: () => ({ method: 'POST', url: '/stripe/create_setup_intent' }),
    other: 'own',
  },
  {
    name: 'finish setup intent',
    request: () => ({
      method: 'POST',
      url: '/stripe/finish_setup_intent',
      payload: { setup_intent_id: ids.setupIntent },
    }),
    other: 'hidden',
    once: true,
  },
  { name: 'payment method', request: () => get('/stripe_payment_method'), other: 'own' },
  {
    name: 'purchase',
    request: () => ({
      method: 'POST',
      url: '/stripe/v1/purchase',
      payload: { plan: 'prod_500gb_monthly' },
    }),
    other: 'own',
    once: true,
  },
  { name: 'subscriptions', request: () => get('/stripe/subscriptions'), other: 'own' },
  {
    // A downgrade: the smaller plan becomes the upcoming one.
    name: 'change plan',
    request: () => ({
      method: 'PUT',
      url: '/stripe/v1/purchase',
      payload: { plan: 'prod_100gb_monthly' },
    }),
    other: 'own',
    once: true,
  },
  {
    // Before the cancellation, which deletes the card too (SPEC §4).
    name: 'delete payment method',
    request: () => ({ method: 'DELETE', url: '/stripe_payment_method' }),
    other: 'own',
    once: true,
  },
  ...(
    [
      ['cancel_upcoming', true],
      ['cancel', false],
      ['reactivate', true],
    ] as const
  ).map(([action, once]): Case => ({
    name: `subscription ${action}`,
    request: () => {
      const sub = subscriptionsOf(server.ctx.db, server.seed.demoUserId)[0] ?? { id: 'none' };
      return { method: 'POST', url: `/stripe/subscriptions/${sub.id}/${action}` };
    },
    other: 'hidden',
    ...(once ? { once: true as const } : {}),
  })),
];
