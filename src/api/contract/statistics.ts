import { z } from 'zod';
import { singleLineText } from './text';

// SPEC §7 POST /user_statistics_events (events) and POST /client_stats (last_foreground,
// last_engaged); SPEC §1: sent only after the user's consent. Shared with server/.

/** SPEC §7: event names are prefixed `web_`. */
export const EVENT_NAME_PREFIX = 'web_';
const EVENT_NAME = /^web_[a-z0-9_]{1,64}$/;

/** What an event may carry: a small flat record of scalars (no nested data, nothing large). */
export const EventDataSchema = z
  .record(
    singleLineText(64).min(1),
    z.union([singleLineText(256), z.number(), z.boolean(), z.null()]),
  )
  .refine((data) => Object.keys(data).length <= 20, 'at most 20 entries');

export const StatisticsEventSchema = z.strictObject({
  device_id: singleLineText(64).min(1),
  session_id: singleLineText(64).min(1),
  user_uuid: singleLineText(64).min(1),
  event_name: z.string().regex(EVENT_NAME, 'web_ and lower-case letters, digits or _'),
  event_data: EventDataSchema,
  /** When it happened, unix seconds. */
  created_at: z.number().int().nonnegative(),
});
export type StatisticsEvent = z.infer<typeof StatisticsEventSchema>;

export const StatisticsEventsRequestSchema = z.strictObject({
  events: z.array(StatisticsEventSchema).min(1).max(100),
});

/** POST /client_stats: when this client was last in the foreground and last engaged (seconds). */
export const ClientStatsRequestSchema = z.strictObject({
  last_foreground: z.number().int().nonnegative(),
  last_engaged: z.number().int().nonnegative().nullable(),
});
export type ClientStats = z.infer<typeof ClientStatsRequestSchema>;

/** The 403 `error` of both calls when the user has not consented (help_us_improve). */
export const ANALYTICS_NOT_ALLOWED = 'analytics_not_allowed';
/** The 400 `error` of an event filed for another user. */
export const USER_UUID_MISMATCH = 'user_uuid_mismatch';
