// Issue 33 point 2: DELETE /test/payment_data (the developer page's "delete test payment data")
// was registered on every server and deleted the provider's customer row that held
// `trial_used`, so a second purchase got another 60 free days, and so on. The route exists only
// where the test controls are on, and "trial used" is kept on the user.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import {
  ProductsResponseSchema,
  PurchaseResponseSchema,
  SetupIntentSchema,
  SubscriptionsResponseSchema,
} from '../../src/api/contract/payments';
import { startServers } from '../main';
import { login, testServer, type TestServer } from '../testing';

describe('test routes on a production-configured server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-prod-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('registers no /test/* or /__test/* route (as npm start configures it)', async () => {
    const servers = await startServers({ dataDir, distDir: null, seed: { files: 10 } });
    const app = await testServer(10, 1);
    try {
      // The matrix's view of the same configuration: every route Fastify registered.
      expect(app.routes.filter((route) => /^\S+ \/(__)?test\//.test(route))).toEqual([]);
      const { token } = await login(app.app);
      expect(
        (
          await app.app.inject({
            method: 'DELETE',
            url: '/test/payment_data',
            headers: { authorization: basicAuthHeader(token) },
          })
        ).statusCode,
      ).toBe(404);
      // And over HTTP from the listener main.ts starts.
      const res = await fetch(`${servers.apiUrl}/test/payment_data`, { method: 'DELETE' });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
      await servers.close();
    }
  });
});

describe('the free trial', () => {
  let server: TestServer;
  let auth: Record<string, string>;
  let stranger: Record<string, string>;
  const EMAIL = 'trial@example.com';

  beforeAll(async () => {
    server = await testServer(10, 1, { testControls: true });
    await server.app.inject({
      method: 'POST',
      url: '/__test/users',
      payload: { email: EMAIL, password: 'pw-trial', read_only: true },
    });
    auth = (await login(server.app, EMAIL, 'pw-trial')).auth;
    stranger = (await login(server.app)).auth;
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  /** A customer with a card on file, as the subscription dialog makes them. */
  async function customerWithCard() {
    await call('POST', '/stripe/create_customer', { name: 'Trial', email: EMAIL });
    const intent = SetupIntentSchema.parse(
      (await call('POST', '/stripe/create_setup_intent')).json(),
    );
    await server.app.inject({
      method: 'POST',
      url: `/stripe-emulator/v1/setup_intents/${intent.id}/confirm`,
      payload: {
        client_secret: intent.client_secret,
        key: 'pk_test_capture_emulator',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      },
    });
    await call('POST', '/stripe/finish_setup_intent', { setup_intent_id: intent.id });
  }

  const trialDays = async () =>
    ProductsResponseSchema.parse((await call('GET', '/stripe_products')).json()).trial_days;
  const status = async () =>
    SubscriptionsResponseSchema.parse((await call('GET', '/stripe/subscriptions')).json())
      .subscriptions[0]?.status;

  it('is given once per user, whatever happens to the payment data', async () => {
    expect(await trialDays()).toBe(60);
    await customerWithCard();
    const first = PurchaseResponseSchema.parse(
      (await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' })).json(),
    );
    expect(first.status).toBe('succeeded');
    expect(await status()).toBe('trialing');
    expect(await trialDays()).toBe(0);

    // The developer page's call (a test server's): another user's call deletes only theirs…
    await server.app.inject({ method: 'DELETE', url: '/test/payment_data', headers: stranger });
    expect(await status()).toBe('trialing');
    expect(
      (await server.app.inject({ method: 'DELETE', url: '/test/payment_data' })).statusCode,
    ).toBe(401);
    // …the user's own deletes the customer, card and subscription.
    expect((await call('DELETE', '/test/payment_data')).statusCode).toBe(200);
    expect(await status()).toBeUndefined();

    // A second trial is refused: the next purchase is charged at once.
    expect(await trialDays()).toBe(0);
    await customerWithCard();
    expect(
      (await call('POST', '/stripe/v1/purchase', { plan: 'prod_100gb_monthly' })).statusCode,
    ).toBe(200);
    expect(await status()).toBe('active');
    const ledger = (await server.app.inject({ url: `/__test/payments?email=${EMAIL}` })).json<{
      charges: { amount: number }[];
    }>();
    expect(ledger.charges.length).toBeGreaterThan(0);
  });
});
