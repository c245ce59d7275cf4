import type { Locale } from '../../domain/language';

/**
 * The editor library's language code for each of ours. The library ships English only (its
 * other languages come from its vendor's translation service, which the CSP and the closed
 * network keep out), so its texts come from our `editor:library` tables in all four languages
 * and this code only labels them.
 */
const LIBRARY_LANGUAGE: Readonly<Record<Locale, string>> = {
  en_US: 'en',
  nb_NO: 'no',
  sv_SE: 'sv',
  bg_BG: 'bg',
};

export function libraryLanguage(locale: Locale): string {
  return LIBRARY_LANGUAGE[locale];
}
