import type { TimeAgo } from '../domain/timeAgo';

const formats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * SPEC §9 time-ago ("year, month, day, hour, minute, then just now") in the app's language,
 * written by `Intl.RelativeTimeFormat` ("for 3 dager siden", "преди 5 часа"): the plural rules
 * and word order of each language come from the browser, not from our texts. "just now" is our
 * own text (`timeAgo.justNow`), since the SPEC names it.
 */
export function formatTimeAgo(label: TimeAgo, language: string, justNow: string): string {
  if (label.unit === 'justNow') return justNow;
  const tag = language.replace(/_/g, '-');
  let format = formats.get(tag);
  if (!format) {
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'always' });
    formats.set(tag, format);
  }
  return format.format(-label.count, label.unit);
}
