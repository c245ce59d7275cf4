/** SPEC §9: "Time-ago units | year, month, day, hour, minute, then "just now"". */

export type TimeAgo =
  { unit: 'year' | 'month' | 'day' | 'hour' | 'minute'; count: number } | { unit: 'justNow' };

/** SPEC §9: "time-ago redraw 10 s". */
export const TIME_AGO_REDRAW_MS = 10_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
// Calendar-free approximations: the label only needs the order of magnitude, and fixed lengths
// keep the rule independent of time zones and month lengths.
const MONTH_MS = 30 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;

const STEPS = [
  ['year', YEAR_MS],
  ['month', MONTH_MS],
  ['day', DAY_MS],
  ['hour', HOUR_MS],
  ['minute', MINUTE_MS],
] as const;

/** Largest whole unit that has elapsed; under a minute, or in the future (clock skew), is "just now". */
export function timeAgo(thenMs: number, nowMs: number): TimeAgo {
  const elapsed = nowMs - thenMs;
  for (const [unit, length] of STEPS) {
    if (elapsed >= length) return { unit, count: Math.floor(elapsed / length) };
  }
  return { unit: 'justNow' };
}
