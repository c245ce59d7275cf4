import { z } from 'zod';
import { lazySchema } from '../../api/contract/lazySchema';
import type { ClientStats, StatisticsEvent } from '../../api/contract/statistics';
import {
  ENGAGED_EVENTS,
  engagedEventDue,
  wireEventName,
  type EngagedEvent,
  type EngagedSentAt,
  type TrackedEvent,
} from '../../domain/engagement';

/**
 * SPEC §1/§7/§9 analytics, free of the app's singletons so it is tested with fakes: engaged
 * events with their cooldown (`src/domain/engagement.ts`) and the client stats, sent only while
 * the signed-in user allows analytics. Without that consent nothing is sent and nothing is
 * recorded, not even the cooldown.
 */

export type EventData = StatisticsEvent['event_data'];

export interface AnalyticsAccount {
  uuid: string;
  /** account_info allowAnalytics: the help_us_improve consent (server/routes/statistics.ts). */
  allowAnalytics: boolean;
}

export interface AnalyticsDeps {
  /** The signed-in account, or null (signed out, or not loaded yet). */
  account: () => AnalyticsAccount | null;
  identity: () => { deviceId: string; sessionId: string };
  /** Milliseconds since the epoch. */
  now: () => number;
  sendEvents: (events: StatisticsEvent[]) => Promise<void>;
  sendClientStats: (stats: ClientStats) => Promise<void>;
  /** The stored send times (`engagedEventsSentAt`), null when none or unreadable. */
  readSentAt: () => StoredSentAt | null;
  writeSentAt: (value: StoredSentAt) => void;
}

/** Per user, so one person's cooldown never silences the next user of the browser. */
export const StoredSentAtSchema = lazySchema(() =>
  z.object({
    user: z.string(),
    sentAt: z.partialRecord(z.enum(ENGAGED_EVENTS), z.number()),
  }),
);
export type StoredSentAt = z.infer<typeof StoredSentAtSchema>;

/** Foreground reports closer together than this are one (tab switching is not news). */
export const FOREGROUND_REPORT_MIN_S = 60;

export interface EngagedAnalytics {
  /** An engaged event happened: sent unless cooling down or not allowed. True when sent. */
  engaged: (event: EngagedEvent, data?: EventData) => Promise<boolean>;
  /** The app is in the foreground (session start, tab shown again): reports client stats. */
  foreground: () => Promise<boolean>;
  /** Anything else worth knowing (SPEC §8 unsupported media): sent when allowed, no cooldown. */
  track: (event: TrackedEvent, data?: EventData) => Promise<boolean>;
}

export function createEngagedAnalytics(deps: AnalyticsDeps): EngagedAnalytics {
  let lastForegroundReport = Number.NEGATIVE_INFINITY;
  const seconds = () => Math.floor(deps.now() / 1000);

  const allowed = (): AnalyticsAccount | null => {
    const account = deps.account();
    return account?.allowAnalytics ? account : null;
  };

  const sentAtOf = (user: string): EngagedSentAt => {
    const stored = deps.readSentAt();
    return stored?.user === user ? stored.sentAt : {};
  };

  const lastEngaged = (sentAt: EngagedSentAt): number | null => {
    const times = Object.values(sentAt);
    return times.length > 0 ? Math.max(...times) : null;
  };

  async function reportStats(now: number, engagedAt: number | null): Promise<boolean> {
    try {
      await deps.sendClientStats({ last_foreground: now, last_engaged: engagedAt });
      return true;
    } catch (error) {
      // Best effort: analytics never disturb the user (SPEC §8 lists no message for them).
      console.warn('[analytics] client stats not sent', error);
      return false;
    }
  }

  async function sendEvent(
    account: AnalyticsAccount,
    event: EngagedEvent | TrackedEvent,
    data: EventData,
    now: number,
  ): Promise<boolean> {
    const { deviceId, sessionId } = deps.identity();
    try {
      await deps.sendEvents([
        {
          device_id: deviceId,
          session_id: sessionId,
          user_uuid: account.uuid,
          event_name: wireEventName(event),
          event_data: data,
          created_at: now,
        },
      ]);
      return true;
    } catch (error) {
      console.warn('[analytics] event not sent', error);
      return false;
    }
  }

  return {
    async engaged(event, data = {}) {
      const account = allowed();
      if (!account) return false;
      const now = seconds();
      const sentAt = sentAtOf(account.uuid);
      if (!engagedEventDue(event, sentAt, now)) return false;
      // Recorded before the call: a second occurrence meanwhile is inside the cooldown too. A
      // failed send is not retried (best effort; the next one comes after the cooldown).
      const next = { ...sentAt, [event]: now };
      deps.writeSentAt({ user: account.uuid, sentAt: next });
      if (!(await sendEvent(account, event, data, now))) return false;
      lastForegroundReport = now;
      await reportStats(now, now);
      return true;
    },

    async track(event, data = {}) {
      const account = allowed();
      return account ? sendEvent(account, event, data, seconds()) : false;
    },

    async foreground() {
      const account = allowed();
      if (!account) return false;
      const now = seconds();
      if (now - lastForegroundReport < FOREGROUND_REPORT_MIN_S) return false;
      lastForegroundReport = now;
      return reportStats(now, lastEngaged(sentAtOf(account.uuid)));
    },
  };
}
