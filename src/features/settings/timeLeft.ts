/**
 * How long until `at` (seconds since the epoch), in the user's language: "in 23 hours", "in 5
 * minutes" (SPEC §4 data request: blocked for 24 hours, with the time left).
 */
export function timeLeft(at: number, language: string, now: number = Date.now() / 1000): string {
  const format = new Intl.RelativeTimeFormat(language.replace('_', '-'), { numeric: 'auto' });
  const seconds = Math.max(0, at - now);
  if (seconds >= 3600) return format.format(Math.ceil(seconds / 3600), 'hour');
  return format.format(Math.max(1, Math.ceil(seconds / 60)), 'minute');
}
