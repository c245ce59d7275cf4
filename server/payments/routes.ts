// SPEC §7 Payments, the /stripe* calls of the emulated provider, and the grant links
// (/stripe/subscriptions/{id}/cancel|reactivate|cancel_upcoming, named in /user_grants `_links`).
// The free trial is once per user (users.trial_used, never the provider's customer).
//
// Action required (SPEC §4): a charge to a card of behaviour `authenticate_always` (4000 0027 6000
// 3184) is not made; holdCharge stores a payment intent (stripe_payment_intents: amount, the
// subscription change as JSON) and answers `requires_action` with its client secret (a
// purchase's subscription is `incomplete` meanwhile: no grant); action_required_subscription_id
// names it. The browser script's handleNextAction reads GET
// /stripe-emulator/v1/payment_intents/{id} and opens the challenge frame, which posts
// …/authenticate: settlePaymentIntent records the charge and applies the change, or on refusal
// leaves the plan as it was (cancels an incomplete purchase), the provider's webhook applied at
// once.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateCustomerRequestSchema,
  FinishSetupIntentRequestSchema,
  PAYMENT_ERRORS,
  PurchaseRequestSchema,
  type GrantLinks,
  type PaymentMethodDto,
  type ProductsResponse,
  type PurchaseResponse,
  type SubscriptionsResponse,
} from '../../src/api/contract/payments';
import { planChange, unavailableReason } from '../../src/domain/billing';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { stmt } from '../db/open';
import { totals, type UserRow } from '../db/users';
import { HttpError, notFound } from '../errors';
import { commonQuery } from '../routes/params';
import { periodEnd, periodSeconds, productById, PRODUCTS, TRIAL_DAYS } from './catalogue';
import { actionRequiredSubscriptionOf, createPaymentIntent } from './paymentIntents';
import {
  attachPaymentMethod,
  createCustomer,
  createSetupIntent,
  customerOf,
  deletePaymentMethod,
  hasCustomer,
  insertSubscription,
  paymentMethodOf,
  recordCharge,
  setupIntentById,
  settle,
  subscriptionById,
  subscriptionsOf,
  syncGrants,
  updateSetupIntent,
  updateSubscription,
  type PaymentMethodRow,
  type StoredCard,
  type SubscriptionChange,
} from './store';

const Query = z.object(commonQuery);
const ProductsQuery = z.object({ ...commonQuery, flag: z.string().max(64).optional() });
const SubscriptionParams = z.object({ id: z.string().min(1).max(100) });

const paymentError = (status: number, code: string, message: string, extra = {}) =>
  new HttpError(status, code, message, extra);

const cardView = (pm: PaymentMethodRow): PaymentMethodDto => ({
  id: pm.id,
  card: { brand: pm.brand, last4: pm.last4, exp_month: pm.exp_month, exp_year: pm.exp_year },
});

/**
 * Charges the user's card now: the emulated bank's answer for the card's test behaviour. False
 * when the bank wants the holder to authenticate this charge first (nothing charged yet: the
 * caller holds the change in a payment intent, `holdCharge`).
 */
function charge(
  ctx: ServerContext,
  user: UserRow,
  amount: number,
  currency: string,
  what: string,
): boolean {
  const card = paymentMethodOf(ctx.db, user.id);
  if (!card) {
    throw paymentError(402, PAYMENT_ERRORS.noPaymentMethod, 'No payment method on file');
  }
  if (card.behaviour === 'insufficient_funds' && amount > 0) {
    throw paymentError(402, PAYMENT_ERRORS.cardDeclined, 'Your card has insufficient funds.', {
      decline_code: 'insufficient_funds',
    });
  }
  if (card.behaviour === 'authenticate_always' && amount > 0) return false;
  recordCharge(ctx.db, user.id, amount, currency, what, ctx.now());
  return true;
}

/**
 * SPEC §4 action-required: the charge waits for the holder's 3-D Secure answer in the browser
 * (`handleNextAction` with this client secret); the change applies once it is approved.
 */
function holdCharge(
  ctx: ServerContext,
  user: UserRow,
  subscriptionId: string,
  amount: number,
  currency: string,
  what: string,
  change: SubscriptionChange,
): PurchaseResponse {
  const intent = createPaymentIntent(ctx.db, {
    user_id: user.id,
    subscription_id: subscriptionId,
    amount,
    currency,
    description: what,
    change,
    created: ctx.now(),
  });
  return {
    status: 'requires_action',
    subscription_id: subscriptionId,
    client_secret: intent.client_secret,
  };
}

/**
 * The links a grant carries (SPEC §3 `_links`, §7 "execute a grant link"): cancellation of a
 * running subscription, reactivation of a cancelled one, withdrawal of an upcoming plan.
 */
export function grantLinksOf(
  ctx: ServerContext,
  userId: number,
  productId: string | null,
): GrantLinks | undefined {
  if (!productId) return undefined;
  const sub = subscriptionsOf(ctx.db, userId).find((s) => s.product_id === productId);
  if (!sub) return undefined;
  const link = (action: string) => ({
    href: `/stripe/subscriptions/${sub.id}/${action}`,
    method: 'POST' as const,
  });
  const links: GrantLinks = {};
  if (sub.cancel_at_period_end) links.reactivation = link('reactivate');
  else links.cancellation = link('cancel');
  if (sub.upcoming_product_id) links.cancel_upcoming = link('cancel_upcoming');
  return links;
}

/** Brings the caller's subscriptions up to date before any read or change of them. */
export function settleCaller(ctx: ServerContext, userId: number): void {
  settle(ctx.db, userId, ctx.now());
}

/** SPEC §7 Payments, answered by the payment-provider emulator. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const caller = (request: Parameters<typeof requireCaller>[1]) => {
    const { user } = requireCaller(ctx, request);
    settleCaller(ctx, user.id);
    return user;
  };

  app.get('/stripe_products', (request) => {
    const user = caller(request);
    ProductsQuery.parse(request.query);
    const customer = customerOf(ctx.db, user.id);
    const answer: ProductsResponse = {
      products: [...PRODUCTS],
      trial_days: user.trial_used ? 0 : TRIAL_DAYS,
      web_purchase_possible: !customer?.web_blocked,
    };
    return answer;
  });

  app.get('/stripe_payment_method', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const pm = paymentMethodOf(ctx.db, user.id);
    if (!pm) throw notFound();
    return cardView(pm);
  });

  // Card delete (SPEC §8 "card delete" failure text): the card on file goes; subscriptions stay.
  app.delete('/stripe_payment_method', (request, reply) => {
    const user = caller(request);
    Query.parse(request.query);
    if (!deletePaymentMethod(ctx.db, user.id)) throw notFound();
    return reply.code(204).send();
  });

  app.get('/stripe/subscriptions', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const subscriptions = subscriptionsOf(ctx.db, user.id);
    const answer: SubscriptionsResponse = {
      subscriptions,
      action_required_subscription_id:
        actionRequiredSubscriptionOf(ctx.db, user.id) ??
        subscriptions.find((s) => s.status === 'incomplete')?.id ??
        null,
    };
    return answer;
  });

  // 404: no customer yet (the client creates one); 409: stop, no purchase from here (the web
  // purchase is not possible where this user is, SPEC §1).
  app.get('/stripe/customer_exists', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const customer = customerOf(ctx.db, user.id);
    if (customer?.web_blocked) {
      throw paymentError(409, PAYMENT_ERRORS.webPurchaseImpossible, 'Purchases only in the app');
    }
    if (!customer?.id) throw notFound();
    return { id: customer.id, name: customer.name, email: customer.email };
  });

  app.post('/stripe/create_customer', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const body = CreateCustomerRequestSchema.parse(request.body);
    // Once only: a second call (two tabs) answers the customer made first.
    const customer = hasCustomer(ctx.db, user.id)
      ? customerOf(ctx.db, user.id)!
      : createCustomer(ctx.db, user.id, body.name?.trim() || body.email, body.email);
    return { id: customer.id, name: customer.name, email: customer.email };
  });

  app.post('/stripe/create_setup_intent', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    if (!hasCustomer(ctx.db, user.id)) {
      throw paymentError(400, 'no_customer', 'Create the customer first');
    }
    const intent = createSetupIntent(ctx.db, user.id, ctx.now());
    return { id: intent.id, client_secret: intent.client_secret };
  });

  app.post('/stripe/finish_setup_intent', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const body = FinishSetupIntentRequestSchema.parse(request.body);
    const intent = setupIntentById(ctx.db, body.setup_intent_id);
    if (!intent || intent.user_id !== user.id) throw notFound();
    if (intent.status !== 'succeeded' || !intent.card) {
      throw paymentError(409, 'setup_intent_not_succeeded', `Setup intent is ${intent.status}`);
    }
    const card = JSON.parse(intent.card) as StoredCard;
    const pm = attachPaymentMethod(ctx.db, user.id, card);
    updateSetupIntent(ctx.db, intent.id, 'consumed');
    return cardView(pm);
  });

  // Buy a plan: the first subscription of a customer starts with the free trial (nothing
  // charged now), a later one is charged at once.
  app.post('/stripe/v1/purchase', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const { plan } = PurchaseRequestSchema.parse(request.body);
    const product = productById(plan);
    if (!product) throw paymentError(400, PAYMENT_ERRORS.planUnavailable, 'No such plan');
    const customer = customerOf(ctx.db, user.id);
    if (!customer?.id) throw paymentError(400, 'no_customer', 'Create the customer first');
    if (customer.web_blocked) {
      throw paymentError(403, PAYMENT_ERRORS.webPurchaseImpossible, 'Purchases only in the app');
    }
    if (subscriptionsOf(ctx.db, user.id).length > 0) {
      throw paymentError(409, PAYMENT_ERRORS.alreadySubscribed, 'Change the plan instead');
    }
    const used = totals(ctx.db, { owner: user.id }).bytes;
    if (unavailableReason(product, null, used)) {
      throw paymentError(409, PAYMENT_ERRORS.planUnavailable, 'This plan is too small');
    }
    const now = ctx.now();
    // Once per user (issue 33: not per customer, which the developer page's call deletes).
    const trial = !user.trial_used && TRIAL_DAYS > 0;
    const what = `purchase ${product.id}`;
    const charged = trial || charge(ctx, user, product.price, product.currency, what);
    if (trial && !paymentMethodOf(ctx.db, user.id)) {
      throw paymentError(402, PAYMENT_ERRORS.noPaymentMethod, 'No payment method on file');
    }
    const id = ctx.db.transaction(() => {
      const subId = insertSubscription(
        ctx.db,
        user.id,
        product.id,
        trial ? 'trialing' : charged ? 'active' : 'incomplete',
        trial ? now + TRIAL_DAYS * 86_400 : periodEnd(now, product.period),
        now,
      );
      if (trial) stmt(ctx.db, 'UPDATE users SET trial_used = 1 WHERE id = ?').run(user.id);
      return subId;
    })();
    syncGrants(ctx.db, user.id);
    // Not charged: the subscription stays incomplete (no storage) until the holder authenticates.
    if (!charged) {
      return holdCharge(ctx, user, id, product.price, product.currency, what, {
        status: 'active',
        current_period_end: periodEnd(now, product.period),
      });
    }
    const answer: PurchaseResponse = { status: 'succeeded', subscription_id: id };
    return answer;
  });

  // Change plan (SPEC §4): an upgrade is charged now, less the unused part of the present plan,
  // and starts a new billing cycle; a downgrade waits for the renewal as the upcoming plan.
  app.put('/stripe/v1/purchase', (request) => {
    const user = caller(request);
    Query.parse(request.query);
    const { plan } = PurchaseRequestSchema.parse(request.body);
    const target = productById(plan);
    if (!target) throw paymentError(400, PAYMENT_ERRORS.planUnavailable, 'No such plan');
    const sub = subscriptionsOf(ctx.db, user.id)[0];
    if (!sub) throw paymentError(409, PAYMENT_ERRORS.noSubscription, 'No subscription to change');
    const present = productById(sub.product_id);
    if (!present || present.id === target.id) {
      throw paymentError(409, PAYMENT_ERRORS.planUnavailable, 'This is the present plan');
    }
    const used = totals(ctx.db, { owner: user.id }).bytes;
    const reason = unavailableReason(target, present, used);
    if (reason) throw paymentError(409, PAYMENT_ERRORS.planUnavailable, reason, { reason });
    const now = ctx.now();
    if (planChange(present, target) === 'upgrade') {
      if (sub.status === 'trialing') {
        updateSubscription(ctx.db, sub.id, { product_id: target.id, upcoming_product_id: null });
      } else {
        const unused = Math.max(0, sub.current_period_end - now) / periodSeconds(present.period);
        const amount = Math.max(0, Math.round(target.price - present.price * unused));
        const what = `upgrade ${present.id} → ${target.id}`;
        const change: SubscriptionChange = {
          product_id: target.id,
          status: 'active',
          current_period_end: periodEnd(now, target.period),
          upcoming_product_id: null,
          cancel_at_period_end: 0,
        };
        // Action required: the present plan stays as it is until the holder authenticates.
        if (!charge(ctx, user, amount, target.currency, what)) {
          return holdCharge(ctx, user, sub.id, amount, target.currency, what, change);
        }
        updateSubscription(ctx.db, sub.id, change);
      }
    } else {
      updateSubscription(ctx.db, sub.id, { upcoming_product_id: target.id });
    }
    syncGrants(ctx.db, user.id);
    const answer: PurchaseResponse = { status: 'succeeded', subscription_id: sub.id };
    return answer;
  });

  const grantLink = (action: 'cancel' | 'reactivate' | 'cancel_upcoming') =>
    app.post(`/stripe/subscriptions/:id/${action}`, (request) => {
      const user = caller(request);
      Query.parse(request.query);
      const { id } = SubscriptionParams.parse(request.params);
      const sub = subscriptionById(ctx.db, user.id, id);
      if (!sub || sub.status === 'canceled') throw notFound();
      if (action === 'cancel') {
        // SPEC §4: storage kept until the expiry date, payment info deleted.
        updateSubscription(ctx.db, id, { cancel_at_period_end: 1, upcoming_product_id: null });
        deletePaymentMethod(ctx.db, user.id);
      } else if (action === 'reactivate') {
        if (!sub.cancel_at_period_end) {
          throw paymentError(409, 'not_cancelled', 'The subscription is not cancelled');
        }
        updateSubscription(ctx.db, id, { cancel_at_period_end: 0 });
      } else {
        if (!sub.upcoming_product_id) throw paymentError(409, 'no_upcoming', 'No upcoming plan');
        updateSubscription(ctx.db, id, { upcoming_product_id: null });
      }
      syncGrants(ctx.db, user.id);
      return { subscription: subscriptionById(ctx.db, user.id, id)! };
    });
  grantLink('cancel');
  grantLink('reactivate');
  grantLink('cancel_upcoming');
}

/** The developer page's "delete test payment data" (SPEC §2): every payment object of the user. */
export function deletePaymentData(ctx: ServerContext, userId: number): number {
  let deleted = 0;
  ctx.db.transaction(() => {
    for (const table of [
      'stripe_subscriptions',
      'stripe_payment_methods',
      'stripe_setup_intents',
      'stripe_charges',
      'stripe_customers',
    ]) {
      deleted += stmt(ctx.db, `DELETE FROM ${table} WHERE user_id = ?`).run(userId).changes;
    }
  })();
  syncGrants(ctx.db, userId);
  return deleted;
}
