/** SPEC §1: "choose a language: bg_BG, nb_NO, sv_SE, en_US. en_US is the default". */

export const LOCALES = ['en_US', 'nb_NO', 'sv_SE', 'bg_BG'] as const;

export type Locale = (typeof LOCALES)[number];

/*
 * SPEC §3 "Language option: key, name, appLang, connectKey": the key is kept (its name is its
 * own text in the locale files). The SPEC names appLang and connectKey but gives them no values
 * or use; the key itself is what goes out (`app_lang` in `api/http.ts`, `locale` in the login
 * preflight of `features/auth/login.ts`).
 */

// Literal type, so `locale === DEFAULT_LOCALE` narrows a Locale to the non-default ones.
export const DEFAULT_LOCALE = 'en_US' satisfies Locale;

// Norwegian browsers report "no", "nb" or "nn"; the product has one Norwegian text set.
const BY_LANGUAGE: Readonly<Record<string, Locale>> = {
  en: 'en_US',
  nb: 'nb_NO',
  nn: 'nb_NO',
  no: 'nb_NO',
  sv: 'sv_SE',
  bg: 'bg_BG',
};

/**
 * SPEC §5: "browser code "no" maps to nb_NO; otherwise matched by first two letters". Accepts
 * full keys in either spelling (sv_SE, sv-SE) and any case; unknown languages give undefined.
 */
export function localeFromCode(code: string): Locale | undefined {
  const normalised = code.trim().replace(/-/g, '_').toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === normalised);
  if (exact !== undefined) return exact;
  return BY_LANGUAGE[normalised.slice(0, 2)];
}

export interface LocaleSources {
  /** The user's explicit choice kept by the client. */
  stored?: string | null;
  /** Value of the "lang" cookie (SPEC §5: "The cookie "lang" is read"). */
  cookieLang?: string | null;
  /** navigator.languages, most preferred first. */
  browserLanguages: readonly string[];
}

/** An explicit choice wins over the cookie, the cookie over the browser, and en_US comes last. */
export function detectLocale({ stored, cookieLang, browserLanguages }: LocaleSources): Locale {
  const candidates = [stored, cookieLang, ...browserLanguages];
  for (const candidate of candidates) {
    if (candidate == null || candidate === '') continue;
    const locale = localeFromCode(candidate);
    if (locale !== undefined) return locale;
  }
  return DEFAULT_LOCALE;
}

/** Reads "lang" from a document.cookie style header; null when absent or empty. */
export function readLangCookie(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== 'lang') continue;
    const value = part
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (value === '') return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** Intl and the html lang attribute want BCP 47: nb_NO → nb-NO. */
export function toBcp47(locale: Locale): string {
  return locale.replace('_', '-');
}

/**
 * A service date (seconds since the epoch, like every date of SPEC §3) as a long date in the UI
 * language (`nb_NO` or `nb-NO`): "29. november 2026".
 */
export function longServiceDate(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language.replace('_', '-'), { dateStyle: 'long' }).format(
    seconds * 1000,
  );
}

/** SPEC §2 takeout: "language-specific help link (sv, no, otherwise English)". */
export function helpLinkLanguage(locale: Locale): 'sv' | 'no' | 'en' {
  if (locale === 'sv_SE') return 'sv';
  if (locale === 'nb_NO') return 'no';
  return 'en';
}

/** SPEC §9: "Terms and privacy links vary by language (Norwegian or English)". */
export function legalLinkLanguage(locale: Locale): 'no' | 'en' {
  return locale === 'nb_NO' ? 'no' : 'en';
}
