/**
 * The date formats the grid shows, made once per language and kept: the first
 * Intl.DateTimeFormat of a page loads the language's calendar data (48 ms on a quiet machine,
 * issue 34.10), which must not land in the task that mounts the grid.
 */

/** "March 2019": a month header and the fast scroller's labels. */
export const MONTH_YEAR = { year: 'numeric', month: 'long', timeZone: 'UTC' } as const;
/** "29 November 2026": a tile's date for screen readers. */
export const LONG_DATE = { dateStyle: 'long', timeZone: 'UTC' } as const;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The format of `options` in `language` (i18next's `nb_NO` or BCP 47's `nb-NO`; unset: en-US),
 * made at the first call and the same object afterwards; a language Intl does not know falls back
 * to en-US.
 */
export function dateFormat(
  language: string | undefined,
  options: typeof MONTH_YEAR | typeof LONG_DATE,
): Intl.DateTimeFormat {
  const locale = (language ?? 'en_US').replace('_', '-');
  const key = `${locale}|${options === MONTH_YEAR ? 'month' : 'long'}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en-US', options);
    }
    formats.set(key, format);
  }
  return format;
}
