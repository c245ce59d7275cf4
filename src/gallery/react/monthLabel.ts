import { dateFormat, MONTH_YEAR } from '../../domain/dateFormats';

/**
 * "March 2019" in the UI language. i18next speaks nb_NO, Intl speaks BCP 47 (nb-NO). The format
 * is taken at the first label, not here: a component calls this while it renders, and the first
 * format of a page is slow (src/domain/dateFormats.ts).
 */
export function monthFormatter(
  language: string | undefined,
): (year: number, month: number) => string {
  let format: Intl.DateTimeFormat | null = null;
  return (year, month) => {
    format ??= dateFormat(language, MONTH_YEAR);
    return format.format(Date.UTC(year, month - 1, 1));
  };
}
