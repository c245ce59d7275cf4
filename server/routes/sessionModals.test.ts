// SPEC §4 Modal queue on the server: full-screen cards (§3, §7 list and dismiss), the sunset
// delete date, isBeingShutDown and the terms to approve in account_info, and their test controls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import {
  FullScreenCardsResponseSchema,
  GenericMessageCardSchema,
  usableCards,
} from '../../src/api/contract/fullScreenCards';
import { ErrorBodySchema } from '../../src/api/contract/uploads';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let demo: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  server = await testServer(50, 2, { testControls: true });
  demo = (await login(server.app)).auth;
  other = (await login(server.app, 'user1@example.com')).auth;
});
afterAll(() => server.close());

const values = (title: string) => ({
  title,
  body: 'Body',
  primary_cta: {
    label: 'Go',
    dismiss_on_tap: true,
    web_action: { action_type: 'internal_navigation', url: '/albums' },
  },
});

async function addCard(email: string, card: Record<string, unknown>): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/__test/full_screen_cards',
    payload: { email, ...card },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ card_id: string }>().card_id;
}

const list = async (auth: Record<string, string>) => {
  const res = await server.app.inject({ url: '/v2/full_screen_cards', headers: auth });
  expect(res.statusCode).toBe(200);
  return FullScreenCardsResponseSchema.parse(res.json()).backend_controlled_cards;
};

describe('full-screen cards', () => {
  it('lists a user’s own cards, highest priority first, and forgets a dismissed one', async () => {
    const low = await addCard('demo@example.com', { priority: 1, client_values: values('Low') });
    const high = await addCard('demo@example.com', { priority: 9, client_values: values('High') });
    const foreign = await addCard('demo@example.com', {
      priority: 5,
      template: 'carousel_2',
      client_values: { slides: [] },
    });
    const cards = await list(demo);
    expect(cards.map((c) => (c as { card_id: string }).card_id)).toEqual([high, foreign, low]);
    expect(GenericMessageCardSchema.parse(cards[0]).client_values.title).toBe('High');
    // The client keeps the generic_message_1 cards only.
    expect(usableCards(cards).map((c) => c.card_id)).toEqual([high, low]);
    // Nobody else sees them.
    expect(await list(other)).toEqual([]);

    const dismiss = (auth: Record<string, string>, id: string) =>
      server.app.inject({ method: 'POST', url: `/full_screen_cards/${id}/dismiss`, headers: auth });
    // Another user's dismissal is a 404 and changes nothing.
    const refused = await dismiss(other, high);
    expect(refused.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(refused.json()).error).toBe('not_found');
    const dismissedFrom = server.ctx.now();
    expect((await dismiss(demo, high)).statusCode).toBe(204);
    const dismissedBy = server.ctx.now();
    // Again: still done, the first time kept.
    expect((await dismiss(demo, high)).statusCode).toBe(204);
    expect((await list(demo)).map((c) => (c as { card_id: string }).card_id)).toEqual([
      foreign,
      low,
    ]);
    const stored = await server.app.inject({
      url: '/__test/full_screen_cards?email=demo@example.com',
    });
    const rows = stored.json<{ cards: { card_id: string; dismissed: number | null }[] }>().cards;
    const dismissedAt = rows.find((c) => c.card_id === high)?.dismissed ?? 0;
    expect(dismissedAt).toBeGreaterThanOrEqual(dismissedFrom);
    expect(dismissedAt).toBeLessThanOrEqual(dismissedBy);
    expect(rows.find((c) => c.card_id === low)?.dismissed).toBeNull();
    expect((await dismiss(demo, 'no-such-card')).statusCode).toBe(404);
  });

  it('keeps hostile values as given (the client decides what is safe) and refuses bad controls', async () => {
    const hostile = {
      title: '<img src=x onerror=alert(1)>',
      body: '</p><script>alert(1)</script>',
      illustration: 'javascript:alert(1)',
      primary_cta: {
        label: 'x',
        dismiss_on_tap: false,
        web_action: { action_type: 'redirect', url: 'javascript:alert(1)' },
      },
    };
    const id = await addCard('user1@example.com', { client_values: hostile });
    const [card] = await list(other);
    expect(card).toEqual({
      card_id: id,
      priority: 0,
      template: 'generic_message_1',
      client_values: hostile,
    });
    for (const payload of [
      { email: 'nobody@example.com', client_values: values('x') },
      { email: 'demo@example.com', client_values: 'text' },
      { email: 'demo@example.com', client_values: { big: 'x'.repeat(20_000) } },
      { email: 'demo@example.com', priority: 1.5, client_values: values('x') },
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/__test/full_screen_cards',
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('account_info: sunset delete date and terms', () => {
  const info = async () =>
    AccountInfoSchema.strict().parse(
      (await server.app.inject({ url: '/account_info', headers: demo })).json(),
    );

  it('answers the sunset delete date the control sets, and none again', async () => {
    expect((await info()).sunset_delete_date).toBeNull();
    const date = 1_900_000_000;
    const set = (value: number | null) =>
      server.app.inject({
        method: 'POST',
        url: '/__test/sunset',
        payload: { email: 'demo@example.com', date: value },
      });
    expect((await set(date)).statusCode).toBe(204);
    expect((await info()).sunset_delete_date).toBe(date);
    expect((await set(null)).statusCode).toBe(204);
    expect((await info()).sunset_delete_date).toBeNull();
    expect((await set(-1)).statusCode).toBe(400);
  });

  it('answers isBeingShutDown as the control sets it (SPEC §3, the transition notice)', async () => {
    expect((await info()).isBeingShutDown).toBe(false);
    const set = (value: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/__test/being_shut_down',
        payload: { email: 'demo@example.com', value },
      });
    expect((await set(true)).statusCode).toBe(204);
    expect((await info()).isBeingShutDown).toBe(true);
    expect((await set(false)).statusCode).toBe(204);
    expect((await info()).isBeingShutDown).toBe(false);
    expect((await set('yes')).statusCode).toBe(400);
  });

  it('asks for new terms until approved; declining keeps them pending', async () => {
    await server.app.inject({
      method: 'POST',
      url: '/__test/tos',
      payload: { email: 'demo@example.com', version: '2025-07' },
    });
    expect((await info()).tos_to_approve).toEqual({ version: '2025-07' });
    const approve = (payload: Record<string, unknown>) =>
      server.app.inject({ method: 'POST', url: '/approve_tos', headers: demo, payload });
    const declined = await approve({ tos_version: '2025-07', accepted: false });
    expect(declined.json()).toEqual({ approved: false });
    expect((await info()).tos_to_approve).toEqual({ version: '2025-07' });
    expect((await approve({ tos_version: '2024-01' })).statusCode).toBe(409);
    expect((await approve({ tos_version: '2025-07' })).json()).toEqual({ approved: true });
    expect((await info()).tos_to_approve).toBeNull();
  });
});

describe('read-only control', () => {
  it('makes a user read-only and a subscriber again (account_info is_read_only_user)', async () => {
    const set = (readOnly: boolean) =>
      server.app.inject({
        method: 'POST',
        url: '/__test/read_only',
        payload: { email: 'user1@example.com', read_only: readOnly },
      });
    const readOnly = async () =>
      AccountInfoSchema.parse(
        (await server.app.inject({ url: '/account_info', headers: other })).json(),
      ).is_read_only_user;
    expect((await set(true)).statusCode).toBe(204);
    expect(await readOnly()).toBe(true);
    expect((await set(false)).statusCode).toBe(204);
    expect(await readOnly()).toBe(false);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/__test/read_only',
      payload: { email: 'nobody@example.com', read_only: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
