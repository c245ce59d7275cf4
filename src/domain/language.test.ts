import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  detectLocale,
  helpLinkLanguage,
  legalLinkLanguage,
  localeFromCode,
  LOCALES,
  readLangCookie,
  toBcp47,
  longServiceDate,
} from './language';

describe('locales', () => {
  it('offers four languages with en_US as default', () => {
    // SPEC §1: "choose a language: bg_BG, nb_NO, sv_SE, en_US. en_US is the default"
    expect([...LOCALES].sort()).toEqual(['bg_BG', 'en_US', 'nb_NO', 'sv_SE']);
    expect(DEFAULT_LOCALE).toBe('en_US');
  });
});

describe('localeFromCode', () => {
  it('maps the browser code "no" to nb_NO', () => {
    // SPEC §5: "browser code "no" maps to nb_NO"
    expect(localeFromCode('no')).toBe('nb_NO');
    expect(localeFromCode('nb')).toBe('nb_NO');
    expect(localeFromCode('nn-NO')).toBe('nb_NO');
  });

  it('matches other codes by their first two letters', () => {
    // SPEC §5: "otherwise matched by first two letters"
    expect(localeFromCode('sv')).toBe('sv_SE');
    expect(localeFromCode('sv-FI')).toBe('sv_SE');
    expect(localeFromCode('bg')).toBe('bg_BG');
    expect(localeFromCode('en-GB')).toBe('en_US');
    expect(localeFromCode('EN')).toBe('en_US');
  });

  it('accepts full keys in either spelling', () => {
    expect(localeFromCode('sv_SE')).toBe('sv_SE');
    expect(localeFromCode('sv-SE')).toBe('sv_SE');
    expect(localeFromCode('nb_no')).toBe('nb_NO');
    expect(localeFromCode(' bg-BG ')).toBe('bg_BG');
  });

  it('returns undefined for unsupported languages', () => {
    expect(localeFromCode('de-DE')).toBeUndefined();
    expect(localeFromCode('')).toBeUndefined();
    expect(localeFromCode('n')).toBeUndefined();
  });
});

describe('detectLocale', () => {
  it('prefers the stored choice, then the lang cookie, then the browser, then en_US', () => {
    // SPEC §5: "The cookie "lang" is read"; SPEC §1: "en_US is the default"
    expect(detectLocale({ stored: 'bg_BG', cookieLang: 'sv_SE', browserLanguages: ['no'] })).toBe(
      'bg_BG',
    );
    expect(detectLocale({ stored: null, cookieLang: 'sv_SE', browserLanguages: ['no'] })).toBe(
      'sv_SE',
    );
    expect(detectLocale({ browserLanguages: ['no'] })).toBe('nb_NO');
    expect(detectLocale({ browserLanguages: [] })).toBe('en_US');
  });

  it('skips unsupported entries and takes the first supported browser language', () => {
    expect(
      detectLocale({ stored: 'xx', cookieLang: '', browserLanguages: ['de-DE', 'fr', 'sv-SE'] }),
    ).toBe('sv_SE');
    expect(detectLocale({ browserLanguages: ['de-DE', 'fr'] })).toBe('en_US');
  });
});

describe('readLangCookie', () => {
  it('reads the "lang" cookie among others', () => {
    expect(readLangCookie('a=1; lang=nb_NO; b=2')).toBe('nb_NO');
    expect(readLangCookie('lang=sv-SE')).toBe('sv-SE');
    expect(readLangCookie('lang="bg_BG"')).toBe('bg_BG');
    expect(readLangCookie('lang=en%5FUS')).toBe('en_US');
  });

  it('ignores cookies whose names only contain "lang"', () => {
    expect(readLangCookie('slang=nb_NO; language=sv_SE')).toBeNull();
  });

  it('returns null when absent or empty', () => {
    expect(readLangCookie('')).toBeNull();
    expect(readLangCookie('lang=')).toBeNull();
  });

  it('keeps a malformed escape as it is', () => {
    expect(readLangCookie('lang=%E0')).toBe('%E0');
  });
});

describe('link languages', () => {
  it('converts to BCP 47 for Intl', () => {
    expect(toBcp47('nb_NO')).toBe('nb-NO');
    expect(toBcp47('en_US')).toBe('en-US');
  });

  it('picks the help link language: sv, no, otherwise English', () => {
    // SPEC §2: "language-specific help link (sv, no, otherwise English)"
    expect(helpLinkLanguage('sv_SE')).toBe('sv');
    expect(helpLinkLanguage('nb_NO')).toBe('no');
    expect(helpLinkLanguage('en_US')).toBe('en');
    expect(helpLinkLanguage('bg_BG')).toBe('en');
  });

  it('picks Norwegian or English terms and privacy links', () => {
    // SPEC §9: "Terms and privacy links vary by language (Norwegian or English)"
    expect(legalLinkLanguage('nb_NO')).toBe('no');
    expect(legalLinkLanguage('sv_SE')).toBe('en');
    expect(legalLinkLanguage('bg_BG')).toBe('en');
    expect(legalLinkLanguage('en_US')).toBe('en');
  });
});

describe('longServiceDate', () => {
  it('writes a service date (seconds) as the UI language writes a long date', () => {
    const seconds = Date.UTC(2026, 10, 29, 12) / 1000;
    expect(longServiceDate(seconds, 'en_US')).toBe('November 29, 2026');
    expect(longServiceDate(seconds, 'nb-NO')).toBe('29. november 2026');
  });
});
