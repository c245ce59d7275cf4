import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientStats, StatisticsEvent } from '../../api/contract/statistics';
import { ENGAGED_ANALYTICS_COOLDOWN_S } from '../../domain/constants';
import {
  createEngagedAnalytics,
  FOREGROUND_REPORT_MIN_S,
  type AnalyticsAccount,
  type StoredSentAt,
} from './engagedAnalytics';

const T0 = 1_750_000_000_000;

function harness(account: AnalyticsAccount | null = { uuid: 'u1', allowAnalytics: true }) {
  const state = {
    account,
    now: T0,
    stored: null as StoredSentAt | null,
    events: [] as StatisticsEvent[],
    stats: [] as ClientStats[],
    failEvents: false,
  };
  const analytics = createEngagedAnalytics({
    account: () => state.account,
    identity: () => ({ deviceId: 'dev', sessionId: 'ses' }),
    now: () => state.now,
    sendEvents: (events) => {
      if (state.failEvents) return Promise.reject(new Error('offline'));
      state.events.push(...events);
      return Promise.resolve();
    },
    sendClientStats: (stats) => {
      state.stats.push(stats);
      return Promise.resolve();
    },
    readSentAt: () => state.stored,
    writeSentAt: (value) => {
      state.stored = value;
    },
  });
  return { state, analytics };
}

afterEach(() => vi.restoreAllMocks());

describe('engaged analytics', () => {
  it('sends nothing at all without consent (SPEC §1), and records no cooldown', async () => {
    const { state, analytics } = harness({ uuid: 'u1', allowAnalytics: false });
    expect(await analytics.engaged('album_open')).toBe(false);
    expect(await analytics.foreground()).toBe(false);
    expect(state.events).toEqual([]);
    expect(state.stats).toEqual([]);
    expect(state.stored).toBeNull();
    // Signed out is the same.
    state.account = null;
    expect(await analytics.engaged('album_open')).toBe(false);
    expect(state.events).toEqual([]);
  });

  it('sends a web_ event with the SPEC §7 fields, then the client stats', async () => {
    const { state, analytics } = harness();
    expect(await analytics.engaged('carousel_open', { source: 'timeline' })).toBe(true);
    const now = T0 / 1000;
    expect(state.events).toEqual([
      {
        device_id: 'dev',
        session_id: 'ses',
        user_uuid: 'u1',
        event_name: 'web_carousel_open',
        event_data: { source: 'timeline' },
        created_at: now,
      },
    ]);
    expect(state.stats).toEqual([{ last_foreground: now, last_engaged: now }]);
  });

  it('keeps each event to once per 3600 s (SPEC §9), counted from when it was sent', async () => {
    const { state, analytics } = harness();
    await analytics.engaged('album_open');
    state.now = T0 + (ENGAGED_ANALYTICS_COOLDOWN_S - 1) * 1000;
    expect(await analytics.engaged('album_open')).toBe(false);
    // Another event is not held back by this one.
    expect(await analytics.engaged('carousel_open')).toBe(true);
    state.now = T0 + ENGAGED_ANALYTICS_COOLDOWN_S * 1000;
    expect(await analytics.engaged('album_open')).toBe(true);
    expect(state.events.map((e) => e.event_name)).toEqual([
      'web_album_open',
      'web_carousel_open',
      'web_album_open',
    ]);
  });

  it('remembers the cooldown per user across instances (a reload), not for another user', async () => {
    const first = harness();
    await first.analytics.engaged('album_open');
    const again = harness();
    again.state.stored = first.state.stored;
    expect(await again.analytics.engaged('album_open')).toBe(false);
    const other = harness({ uuid: 'u2', allowAnalytics: true });
    other.state.stored = first.state.stored;
    expect(await other.analytics.engaged('album_open')).toBe(true);
  });

  it('a failed send is logged only, and not retried within the cooldown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { state, analytics } = harness();
    state.failEvents = true;
    expect(await analytics.engaged('album_open')).toBe(false);
    expect(warn).toHaveBeenCalled();
    state.failEvents = false;
    expect(await analytics.engaged('album_open')).toBe(false);
    expect(state.events).toEqual([]);
  });

  it('reports the foreground with the last engaged time, at most once a minute', async () => {
    const { state, analytics } = harness();
    expect(await analytics.foreground()).toBe(true);
    expect(state.stats).toEqual([{ last_foreground: T0 / 1000, last_engaged: null }]);
    state.now = T0 + 1000;
    expect(await analytics.foreground()).toBe(false);
    state.now = T0 + FOREGROUND_REPORT_MIN_S * 1000;
    await analytics.engaged('file_download_finish');
    state.now = T0 + 2 * FOREGROUND_REPORT_MIN_S * 1000;
    expect(await analytics.foreground()).toBe(true);
    expect(state.stats.at(-1)).toEqual({
      last_foreground: T0 / 1000 + 2 * FOREGROUND_REPORT_MIN_S,
      last_engaged: T0 / 1000 + FOREGROUND_REPORT_MIN_S,
    });
  });
});

describe('tracked events (SPEC §8 unsupported media)', () => {
  it('are sent each time as web_unsupported_media, without a cooldown or client stats', async () => {
    const { state, analytics } = harness();
    expect(await analytics.track('unsupported_media', { layer: 'large' })).toBe(true);
    expect(await analytics.track('unsupported_media', { layer: 'large' })).toBe(true);
    expect(state.events.map((e) => [e.event_name, e.event_data])).toEqual([
      ['web_unsupported_media', { layer: 'large' }],
      ['web_unsupported_media', { layer: 'large' }],
    ]);
    expect(state.stored).toBeNull();
    expect(state.stats).toEqual([]);
  });

  it('are not sent without the consent, nor signed out', async () => {
    const { state, analytics } = harness({ uuid: 'u1', allowAnalytics: false });
    expect(await analytics.track('unsupported_media')).toBe(false);
    state.account = null;
    expect(await analytics.track('unsupported_media')).toBe(false);
    expect(state.events).toEqual([]);
  });
});
