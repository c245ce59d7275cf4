import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en_US.json';
import { DEFAULT_LOCALE, type Locale } from '../domain/language';
import {
  AREA_NAMESPACES,
  loadAreaTexts,
  loadInstalledAreaTexts,
  type AreaNamespace,
} from './areaTexts';

export type Resources = typeof en;

/** en_US ships in the main bundle as the fallback; the others load when chosen. */
const loaders: Record<Exclude<Locale, 'en_US'>, () => Promise<{ default: Resources }>> = {
  nb_NO: () => import('../../locales/nb_NO.json'),
  sv_SE: () => import('../../locales/sv_SE.json'),
  bg_BG: () => import('../../locales/bg_BG.json'),
};

async function ensureLoaded(instance: i18n, locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || instance.hasResourceBundle(locale, 'translation')) return;
  const { default: bundle } = await loaders[locale]();
  instance.addResourceBundle(locale, 'translation', bundle, true, true);
}

/** SPEC §1: en_US is the default, with fallback to English for missing texts. */
export async function initI18n(locale: Locale, instance: i18n = i18next): Promise<i18n> {
  await instance.use(initReactI18next).init({
    resources: { [DEFAULT_LOCALE]: { translation: en } },
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    // The lazily loaded areas' texts (areaTexts.ts): `t('albums.…')` finds them once loaded.
    fallbackNS: [...AREA_NAMESPACES],
    supportedLngs: ['en_US', 'nb_NO', 'sv_SE', 'bg_BG'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLocale(locale, instance);
  return instance;
}

export async function changeLocale(locale: Locale, instance: i18n = i18next): Promise<void> {
  await Promise.all([ensureLoaded(instance, locale), loadInstalledAreaTexts(locale, instance)]);
  await instance.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale.replace('_', '-');
}

/**
 * A lazy area's module once its texts are loaded too: every dynamic import of an area's code
 * goes through this, so its first render finds its texts (no raw keys).
 */
export async function withAreaTexts<T>(
  module: Promise<T>,
  namespaces: readonly AreaNamespace[],
  instance: i18n = i18next,
): Promise<T> {
  const [loaded] = await Promise.all([module, loadAreaTexts(namespaces, instance)]);
  return loaded;
}

export { i18next };
