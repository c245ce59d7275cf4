// SPEC §7 Payments against the payment-provider emulator: customer, setup intent confirmed in
// the emulator's frame calls with the provider's test cards, purchase with the free trial, plan
// changes, grant links, and the grants, storage and read-only state that follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import {
  PaymentMethodSchema,
  ProductsResponseSchema,
  PurchaseResponseSchema,
  SetupIntentSchema,
  SubscriptionsResponseSchema,
} from '../../src/api/contract/payments';
import { UserGrantsResponseSchema } from '../../src/api/contract/user';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: Record<string, string>;
const EMAIL = 'payer@example.com';

beforeAll(async () => {
  server = await testServer(20, 1, { testControls: true });
  await server.app.inject({
    method: 'POST',
    url: '/__test/users',
    payload: { email: EMAIL, password: 'pw-payer', read_only: true },
  });
  auth = (await login(server.app, EMAIL, 'pw-payer')).auth;
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** A refused plan change's answer. */
interface Answer {
  reason?: string;
}

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2034, cvc: '123' });

/** A setup intent confirmed in the emulator's element frame with this card. */
async function confirm(number: string) {
  const intent = SetupIntentSchema.parse(
    (await call('POST', '/stripe/create_setup_intent')).json(),
  );
  const answer = await server.app.inject({
    method: 'POST',
    url: `/stripe-emulator/v1/setup_intents/${intent.id}/confirm`,
    payload: {
      client_secret: intent.client_secret,
      key: 'pk_test_capture_emulator',
      card: card(number),
      billing_details: null,
    },
  });
  return { intent, answer };
}

const subscriptions = async () =>
  SubscriptionsResponseSchema.parse((await call('GET', '/stripe/subscriptions')).json());
const grants = async () =>
  UserGrantsResponseSchema.parse((await call('GET', '/user_grants')).json()).result.grants;

describe('payments', () => {
  it('serves the browser script and its frames', async () => {
    const script = await server.app.inject({ url: '/stripe-emulator/v3.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.Stripe = Stripe');
    const frame = await server.app.inject({ url: '/stripe-emulator/element.html' });
    expect(frame.headers['content-type']).toContain('text/html');
    expect(frame.body).toContain('Card number');
    // The frames' scripts, each a file of its own beside the pages that load them.
    const challenge = await server.app.inject({ url: '/stripe-emulator/challenge.html' });
    expect(challenge.body).toContain('3D Secure');
    for (const name of ['frame.js', 'element.js', 'challenge.js']) {
      expect(frame.body + challenge.body).toContain(`src="${name}"`);
      const file = await server.app.inject({ url: `/stripe-emulator/${name}` });
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['content-type'], name).toContain('javascript');
    }
  });

  it('lists the plans with the free trial, and has no card or customer at first', async () => {
    const products = ProductsResponseSchema.parse((await call('GET', '/stripe_products')).json());
    expect(products.products.length).toBeGreaterThan(0);
    expect(products.trial_days).toBe(60);
    expect(products.web_purchase_possible).toBe(true);
    expect((await call('GET', '/stripe_payment_method')).statusCode).toBe(404);
    expect((await call('GET', '/stripe/customer_exists')).statusCode).toBe(404);
    const created = await call('POST', '/stripe/create_customer', { email: EMAIL, name: '' });
    expect(created.json()).toMatchObject({ name: EMAIL, email: EMAIL });
    const again = await call('POST', '/stripe/create_customer', { email: EMAIL, name: 'Other' });
    expect(again.json()).toEqual(created.json());
    expect((await call('GET', '/stripe/customer_exists')).statusCode).toBe(200);
  });

  it('refuses the declined card and a card failing 3-D Secure', async () => {
    const declined = await confirm('4000000000000002');
    expect(declined.answer.statusCode).toBe(402);
    expect(declined.answer.json<{ error: { code: string } }>().error.code).toBe('card_declined');
    const needsAuth = await confirm('4000002500003155');
    expect(needsAuth.answer.json<{ setup_intent: { status: string } }>().setup_intent.status).toBe(
      'requires_action',
    );
    const refused = await server.app.inject({
      method: 'POST',
      url: `/stripe-emulator/v1/setup_intents/${needsAuth.intent.id}/authenticate`,
      payload: { client_secret: needsAuth.intent.client_secret, approve: false },
    });
    expect(refused.json<{ error: { code: string } }>().error.code).toBe(
      'setup_intent_authentication_failure',
    );
    const finish = await call('POST', '/stripe/finish_setup_intent', {
      setup_intent_id: needsAuth.intent.id,
    });
    expect(finish.statusCode).toBe(409);
    // A wrong client secret is no capability.
    const wrong = await server.app.inject({
      method: 'POST',
      url: `/stripe-emulator/v1/setup_intents/${needsAuth.intent.id}/confirm`,
      payload: { client_secret: 'nope', key: 'pk_test_x', card: card('4242424242424242') },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('buys a plan after 3-D Secure approval: trial, grant, storage, no longer read-only', async () => {
    const needsAuth = await confirm('4000002500003155');
    const approved = await server.app.inject({
      method: 'POST',
      url: `/stripe-emulator/v1/setup_intents/${needsAuth.intent.id}/authenticate`,
      payload: { client_secret: needsAuth.intent.client_secret, approve: true },
    });
    expect(approved.json<{ setup_intent: { status: string } }>().setup_intent.status).toBe(
      'succeeded',
    );
    const pm = PaymentMethodSchema.parse(
      (
        await call('POST', '/stripe/finish_setup_intent', { setup_intent_id: needsAuth.intent.id })
      ).json(),
    );
    expect(pm.card).toMatchObject({ brand: 'visa', last4: '3155', exp_year: 2034 });
    const bought = PurchaseResponseSchema.parse(
      (await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' })).json(),
    );
    expect(bought.status).toBe('succeeded');
    const subs = await subscriptions();
    expect(subs.subscriptions).toHaveLength(1);
    expect(subs.subscriptions[0].status).toBe('trialing');
    const info = AccountInfoSchema.parse((await call('GET', '/account_info')).json());
    expect(info.is_read_only_user).toBe(false);
    expect(info.max_space).toBe(115 * 1024 ** 3);
    const paid = (await grants()).find((g) => g.source === 'capture_stripe');
    expect(paid?.size).toBe(100);
    expect(paid?._links).toHaveProperty('cancellation');
    // A second purchase is a plan change instead.
    expect(
      (await call('POST', '/stripe/v1/purchase', { plan: 'prod_500gb_monthly' })).statusCode,
    ).toBe(409);
  });

  it('upgrades at once, downgrades as the upcoming plan, refuses yearly → monthly', async () => {
    const yearly = await call('PUT', '/stripe/v1/purchase', { plan: 'prod_500gb_yearly' });
    expect(yearly.statusCode).toBe(200);
    let sub = (await subscriptions()).subscriptions[0];
    expect(sub.product_id).toBe('prod_500gb_yearly');
    const back = await call('PUT', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' });
    expect(back.statusCode).toBe(409);
    expect(back.json<Answer>().reason).toBe('PLAN_IS_DOWNGRADE');
    await call('PUT', '/stripe/v1/purchase', { plan: 'prod_100gb_yearly' });
    sub = (await subscriptions()).subscriptions[0];
    expect(sub).toMatchObject({
      product_id: 'prod_500gb_yearly',
      upcoming_product_id: 'prod_100gb_yearly',
    });
    const link = (await grants()).find((g) => g.source === 'capture_stripe')?._links;
    expect(link).toHaveProperty('cancel_upcoming');
    await call('POST', `/stripe/subscriptions/${sub.id}/cancel_upcoming`);
    expect((await subscriptions()).subscriptions[0].upcoming_product_id).toBeNull();
  });

  it('cancels keeping the storage until expiry, reactivates, and ends at expiry', async () => {
    const sub = (await subscriptions()).subscriptions[0];
    await call('POST', `/stripe/subscriptions/${sub.id}/cancel`);
    const paid = (await grants()).find((g) => g.source === 'capture_stripe');
    expect(paid).toMatchObject({ size: 500, renews_at: null, expires_at: sub.current_period_end });
    expect(paid?._links).toHaveProperty('reactivation');
    // SPEC §4: cancelling deletes the payment info.
    expect((await call('GET', '/stripe_payment_method')).statusCode).toBe(404);
    await call('POST', `/stripe/subscriptions/${sub.id}/reactivate`);
    expect((await subscriptions()).subscriptions[0].cancel_at_period_end).toBe(false);
    await call('POST', `/stripe/subscriptions/${sub.id}/cancel`);
    await server.app.inject({
      method: 'POST',
      url: '/__test/clock',
      payload: { email: EMAIL, days: 400 },
    });
    // Sign-ins age with the clock: past a year the session has ended.
    auth = (await login(server.app, EMAIL, 'pw-payer')).auth;
    expect((await subscriptions()).subscriptions).toHaveLength(0);
    const info = AccountInfoSchema.parse((await call('GET', '/account_info')).json());
    expect(info.max_space).toBe(15 * 1024 ** 3);
  });

  it('charges a later purchase at once and refuses it on insufficient funds', async () => {
    const poor = await confirm('4000000000009995');
    expect(poor.answer.statusCode).toBe(200);
    await call('POST', '/stripe/finish_setup_intent', { setup_intent_id: poor.intent.id });
    const refused = await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      error: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    const good = await confirm('5555555555554444');
    await call('POST', '/stripe/finish_setup_intent', { setup_intent_id: good.intent.id });
    expect(
      (await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' })).statusCode,
    ).toBe(200);
    const ledger = (await server.app.inject({ url: `/__test/payments?email=${EMAIL}` })).json<{
      charges: { amount: number }[];
      card: { brand: string };
    }>();
    expect(ledger.charges.at(-1)?.amount).toBe(2900);
    expect(ledger.card.brand).toBe('mastercard');
    expect((await call('DELETE', '/stripe_payment_method')).statusCode).toBe(204);
  });

  describe('action required (card 4000 0027 6000 3184: authentication on every payment)', () => {
    const ledger = async () =>
      (await server.app.inject({ url: `/__test/payments?email=${EMAIL}` })).json<{
        charges: { amount: number; description: string }[];
      }>().charges;
    /** The holder's answer in the payment intent's challenge frame. */
    const authenticate = (clientSecret: string, approve: boolean, secret = clientSecret) =>
      server.app.inject({
        method: 'POST',
        url: `/stripe-emulator/v1/payment_intents/${clientSecret.split('_secret_')[0]}/authenticate`,
        payload: { client_secret: secret, approve },
      });
    async function cardOnFile() {
      const setup = await confirm('4000002760003184');
      expect(setup.answer.json<{ setup_intent: { status: string } }>().setup_intent.status).toBe(
        'requires_action',
      );
      const passed = await server.app.inject({
        method: 'POST',
        url: `/stripe-emulator/v1/setup_intents/${setup.intent.id}/authenticate`,
        payload: { client_secret: setup.intent.client_secret, approve: true },
      });
      expect(passed.statusCode).toBe(200);
      const pm = await call('POST', '/stripe/finish_setup_intent', {
        setup_intent_id: setup.intent.id,
      });
      expect(PaymentMethodSchema.parse(pm.json()).card.last4).toBe('3184');
    }

    it('an upgrade waits for the holder: refused, the plan stays; approved, it is charged and active', async () => {
      await cardOnFile();
      const before = (await subscriptions()).subscriptions[0];
      expect(before).toMatchObject({ product_id: 'prod_100gb_monthly', status: 'active' });
      const charges = (await ledger()).length;

      const held = PurchaseResponseSchema.parse(
        (await call('PUT', '/stripe/v1/purchase', { plan: 'prod_500gb_monthly' })).json(),
      );
      if (held.status !== 'requires_action') throw new Error('expected requires_action');
      expect(held.subscription_id).toBe(before.id);
      let subs = await subscriptions();
      expect(subs.action_required_subscription_id).toBe(before.id);
      expect(subs.subscriptions[0].product_id).toBe('prod_100gb_monthly');
      expect(await ledger()).toHaveLength(charges);
      const read = await server.app.inject({
        url: `/stripe-emulator/v1/payment_intents/${held.client_secret.split('_secret_')[0]}?client_secret=${held.client_secret}`,
      });
      expect(read.json()).toMatchObject({ payment_intent: { status: 'requires_action' } });
      const guessed = await server.app.inject({
        url: `/stripe-emulator/v1/payment_intents/${held.client_secret.split('_secret_')[0]}?client_secret=${held.client_secret}x`,
      });
      expect(guessed.statusCode).toBe(404);
      // The client secret is the capability.
      expect((await authenticate(held.client_secret, true, 'pi_nope_secret_x')).statusCode).toBe(
        404,
      );

      const refused = await authenticate(held.client_secret, false);
      expect(refused.statusCode).toBe(402);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe(
        'payment_intent_authentication_failure',
      );
      subs = await subscriptions();
      expect(subs.action_required_subscription_id).toBeNull();
      expect(subs.subscriptions[0]).toMatchObject({ product_id: 'prod_100gb_monthly' });
      expect(await ledger()).toHaveLength(charges);
      // An answered intent cannot be answered again.
      expect((await authenticate(held.client_secret, true)).statusCode).toBe(400);

      const again = PurchaseResponseSchema.parse(
        (await call('PUT', '/stripe/v1/purchase', { plan: 'prod_500gb_monthly' })).json(),
      );
      if (again.status !== 'requires_action') throw new Error('expected requires_action');
      const approved = await authenticate(again.client_secret, true);
      expect(approved.json()).toMatchObject({ payment_intent: { status: 'succeeded' } });
      subs = await subscriptions();
      expect(subs.action_required_subscription_id).toBeNull();
      expect(subs.subscriptions[0]).toMatchObject({
        id: before.id,
        product_id: 'prod_500gb_monthly',
        status: 'active',
      });
      const charged = await ledger();
      expect(charged).toHaveLength(charges + 1);
      expect(charged.at(-1)?.description).toContain('upgrade prod_100gb_monthly');
      expect((await grants()).find((g) => g.source === 'capture_stripe')?.size).toBe(500);
    });

    it('a purchase after the trial is incomplete until authenticated: refused, nothing; approved, active', async () => {
      const sub = (await subscriptions()).subscriptions[0];
      await call('POST', `/stripe/subscriptions/${sub.id}/cancel`);
      await server.app.inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { email: EMAIL, days: 400 },
      });
      auth = (await login(server.app, EMAIL, 'pw-payer')).auth;
      expect((await subscriptions()).subscriptions).toHaveLength(0);
      await cardOnFile();
      const charges = (await ledger()).length;

      const held = PurchaseResponseSchema.parse(
        (await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' })).json(),
      );
      if (held.status !== 'requires_action') throw new Error('expected requires_action');
      let subs = await subscriptions();
      expect(subs.subscriptions).toEqual([
        expect.objectContaining({ id: held.subscription_id, status: 'incomplete' }),
      ]);
      expect(subs.action_required_subscription_id).toBe(held.subscription_id);
      expect((await grants()).some((g) => g.source === 'capture_stripe')).toBe(false);

      expect((await authenticate(held.client_secret, false)).statusCode).toBe(402);
      subs = await subscriptions();
      expect(subs.subscriptions).toHaveLength(0);
      expect(subs.action_required_subscription_id).toBeNull();
      expect(await ledger()).toHaveLength(charges);

      const again = PurchaseResponseSchema.parse(
        (await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' })).json(),
      );
      if (again.status !== 'requires_action') throw new Error('expected requires_action');
      expect((await authenticate(again.client_secret, true)).statusCode).toBe(200);
      subs = await subscriptions();
      expect(subs.subscriptions).toEqual([
        expect.objectContaining({ id: again.subscription_id, status: 'active' }),
      ]);
      expect((await ledger()).at(-1)).toMatchObject({ amount: 2900 });
      expect((await grants()).find((g) => g.source === 'capture_stripe')?.size).toBe(100);
    });
  });
});
