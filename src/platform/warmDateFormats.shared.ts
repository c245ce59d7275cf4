/** What the page sends the date-format warm-up worker: a locale (BCP 47) and each format's options. */
export interface WarmRequest {
  locale: string;
  formats: Intl.DateTimeFormatOptions[];
}
