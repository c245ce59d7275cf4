import { useTranslation } from 'react-i18next';
import { helpLinkLanguage, legalLinkLanguage, type Locale } from '../domain/language';

export interface LegalLinks {
  terms: string;
  privacy: string;
  legal: string;
  help: string;
}

const LEGAL: Record<'no' | 'en', Omit<LegalLinks, 'help'>> = {
  no: {
    terms: 'https://www.telenor.no/kundeservice/vilkar/min-sky/',
    privacy: 'https://www.telenor.no/personvern/min-sky/',
    legal: 'https://www.telenor.no/om-telenor/juridisk/',
  },
  en: {
    terms: 'https://captureapp.com/terms',
    privacy: 'https://captureapp.com/privacy',
    legal: 'https://captureapp.com/legal',
  },
};

const HELP: Record<'sv' | 'no' | 'en', string> = {
  sv: 'https://captureapp.com/sv/help',
  no: 'https://www.telenor.no/kundeservice/min-sky/',
  en: 'https://captureapp.com/help',
};

/** SPEC §9: terms and privacy links vary by language (Norwegian or English); help: sv, no, else English. */
export function legalLinksFor(locale: Locale): LegalLinks {
  return { ...LEGAL[legalLinkLanguage(locale)], help: HELP[helpLinkLanguage(locale)] };
}

export function useLegalLinks(): LegalLinks {
  const { i18n } = useTranslation();
  return legalLinksFor(i18n.language as Locale);
}
