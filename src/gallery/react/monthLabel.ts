/** "March 2019" in the UI language. i18next speaks nb_NO, Intl speaks BCP 47 (nb-NO). */
export function monthFormatter(
  language: string | undefined,
): (year: number, month: number) => string {
  const options = { year: 'numeric', month: 'long', timeZone: 'UTC' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat((language ?? 'en_US').replace('_', '-'), options);
  } catch {
    format = new Intl.DateTimeFormat('en-US', options);
  }
  return (year, month) => format.format(Date.UTC(year, month - 1, 1));
}
