import { ENGAGED_ANALYTICS_COOLDOWN_S } from './constants';

/** SPEC §9 engaged analytics events (sent as `web_<name>`, SPEC §7). */
export const ENGAGED_EVENTS = [
  'album_open',
  'albums_new_finish',
  'timeline_add_finish',
  'file_download_finish',
  'carousel_open',
  'carousel_fullscreen_open',
  'carousel_share_finish',
  'carousel_add_to_album_finish',
  'timeline_selection_share_finish',
  'timeline_selection_add_to_album_finish',
] as const;
export type EngagedEvent = (typeof ENGAGED_EVENTS)[number];

/** When each engaged event was last sent, seconds since the epoch. */
export type EngagedSentAt = Partial<Record<EngagedEvent, number>>;

/**
 * SPEC §9 "Engaged analytics cooldown 3600 s": an engaged event is sent at most once in any
 * 3600 s, counted per event name from the last time it was sent (so opening ten albums in an
 * hour says "engaged with albums this hour" once, and a carousel open still counts on its own).
 * A clock that went backwards (a last time in the future) counts as due, so a wrong stored time
 * cannot silence an event for good.
 */
export function engagedEventDue(
  event: EngagedEvent,
  sentAt: EngagedSentAt,
  nowSeconds: number,
): boolean {
  const last = sentAt[event];
  if (last === undefined || last > nowSeconds) return true;
  return nowSeconds - last >= ENGAGED_ANALYTICS_COOLDOWN_S;
}

/**
 * SPEC §8 "Image load failure in an album shows "something went wrong" and tracks an
 * unsupported-media event". Not an engaged event: each failure is news, so no cooldown.
 */
export const UNSUPPORTED_MEDIA_EVENT = 'unsupported_media';
/** Events sent as they happen, without the engaged cooldown. */
export type TrackedEvent = typeof UNSUPPORTED_MEDIA_EVENT;

/** SPEC §7: the name on the wire. */
export const wireEventName = <E extends EngagedEvent | TrackedEvent>(event: E): `web_${E}` =>
  `web_${event}`;
