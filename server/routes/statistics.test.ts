// SPEC §1/§7 analytics: the help_us_improve consent governs both calls (account_info reports it as
// allowAnalytics); events are filed only for the caller, validated, and stored as received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { ErrorBodySchema } from '../../src/api/contract/uploads';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: Record<string, string>;
let uuid: string;

beforeAll(async () => {
  server = await testServer(50, 1, { testControls: true });
  auth = (await login(server.app)).auth;
  uuid = AccountInfoSchema.parse(
    (await server.app.inject({ url: '/account_info', headers: auth })).json(),
  ).uuid;
});
afterAll(() => server.close());

const consent = (value: boolean) =>
  server.app.inject({
    method: 'POST',
    url: '/data_protection/consent_values',
    headers: auth,
    payload: { help_us_improve: value },
  });
const event = (overrides: Record<string, unknown> = {}) => ({
  device_id: 'device-1',
  session_id: 'session-1',
  user_uuid: uuid,
  event_name: 'web_album_open',
  event_data: { album: 'a1', count: 3, shared: true, note: null },
  created_at: 1_750_000_000,
  ...overrides,
});
const sendEvents = (events: unknown[]) =>
  server.app.inject({
    method: 'POST',
    url: '/user_statistics_events',
    headers: auth,
    payload: { events },
  });
const sendStats = (body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/client_stats?device_id=device-1',
    headers: auth,
    payload: body as Record<string, unknown>,
  });
const stored = async () =>
  (await server.app.inject({ url: '/__test/statistics?email=demo@example.com' })).json<{
    events: Record<string, unknown>[];
    client_stats: Record<string, unknown>[];
  }>();

describe('statistics', () => {
  it('without consent: allowAnalytics is false and both calls are refused, nothing kept', async () => {
    const info = AccountInfoSchema.parse(
      (await server.app.inject({ url: '/account_info', headers: auth })).json(),
    );
    expect(info.allowAnalytics).toBe(false);
    const events = await sendEvents([event()]);
    expect(events.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(events.json()).error).toBe('analytics_not_allowed');
    const stats = await sendStats({ last_foreground: 10, last_engaged: null });
    expect(stats.statusCode).toBe(403);
    expect(await stored()).toEqual({ events: [], client_stats: [] });
  });

  it('with help_us_improve on: allowAnalytics true, events and client stats stored', async () => {
    expect((await consent(true)).statusCode).toBe(200);
    const info = AccountInfoSchema.parse(
      (await server.app.inject({ url: '/account_info', headers: auth })).json(),
    );
    expect(info.allowAnalytics).toBe(true);
    expect(
      (await sendEvents([event(), event({ event_name: 'web_carousel_open' })])).statusCode,
    ).toBe(204);
    expect((await sendStats({ last_foreground: 10, last_engaged: 9 })).statusCode).toBe(204);
    const kept = await stored();
    expect(kept.events.map((e) => e.event_name)).toEqual(['web_album_open', 'web_carousel_open']);
    expect(kept.events[0]).toMatchObject({
      device_id: 'device-1',
      session_id: 'session-1',
      created_at: 1_750_000_000,
      event_data: { album: 'a1', count: 3, shared: true, note: null },
    });
    expect(kept.client_stats).toEqual([
      expect.objectContaining({ device_id: 'device-1', last_foreground: 10, last_engaged: 9 }),
    ]);
  });

  it('refuses bad input with 400 and keeps nothing of it', async () => {
    await consent(true);
    const before = await stored();
    const bad: unknown[][] = [
      [],
      [event({ event_name: 'album_open' })],
      [event({ event_name: 'web_<script>' })],
      [event({ event_data: { nested: { a: 1 } } })],
      [event({ event_data: { long: 'x'.repeat(300) } })],
      [event({ created_at: -1 })],
      [event({ extra: 1 })],
      [event({ user_uuid: 'someone-else' })],
      Array.from({ length: 101 }, () => event()),
    ];
    for (const events of bad) {
      const res = await sendEvents(events);
      expect(res.statusCode, JSON.stringify(events).slice(0, 120)).toBe(400);
      expect(ErrorBodySchema.safeParse(res.json()).success).toBe(true);
    }
    for (const body of [
      {},
      { last_foreground: 'now', last_engaged: null },
      { last_foreground: 1 },
    ]) {
      expect((await sendStats(body)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it('stops at once when the consent is withdrawn', async () => {
    await consent(true);
    await consent(false);
    const before = await stored();
    expect((await sendEvents([event()])).statusCode).toBe(403);
    expect((await sendStats({ last_foreground: 11, last_engaged: null })).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
