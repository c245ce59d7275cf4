import type { i18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/language';

/**
 * The texts of a lazily loaded area (`locales/<area>/*.json`) as an i18next namespace of their
 * own, so /photos does not carry them (bench/bundle). The files keep the keys' full paths
 * (`albums.rename.title`) and the namespaces are the main namespace's `fallbackNS`: code calls
 * `t('albums.rename.title')` as before, and the text is found once its area is loaded. Every
 * lazy entry of an area (its routes, the dynamic imports of its module) waits for
 * `loadAreaTexts` before it renders, so no raw key shows. A key that shell or timeline code uses
 * stays in `locales/<lang>.json` (`areaTexts.test.ts` checks it).
 */
export const AREA_NAMESPACES = [
  'albums',
  'share',
  'billing',
  'settings',
  'trash',
  'documents',
] as const;

export type AreaNamespace = (typeof AREA_NAMESPACES)[number];

/** The source files whose code may use each area's keys (they load only with the area's texts). */
export const AREA_SOURCES: Record<AreaNamespace, readonly string[]> = {
  albums: ['src/features/albums/'],
  share: [
    'src/features/share/',
    'src/app/pages/SharePage.tsx',
    'src/app/pages/CopySharePage.tsx',
    // /albumImage's page: a share of one album file, routed in the share area (SHARING texts).
    'src/features/albums/AlbumImagePage.tsx',
  ],
  billing: ['src/features/billing/'],
  settings: ['src/features/settings/'],
  trash: ['src/features/trash/'],
  documents: ['src/features/documents/'],
};

type Texts = Record<string, unknown>;

// One chunk per file: an area's English and the current language load with the area.
const loaders: Record<AreaNamespace, (locale: Locale) => Promise<{ default: Texts }>> = {
  albums: (locale) => import(`../../locales/albums/${locale}.json`),
  share: (locale) => import(`../../locales/share/${locale}.json`),
  billing: (locale) => import(`../../locales/billing/${locale}.json`),
  settings: (locale) => import(`../../locales/settings/${locale}.json`),
  trash: (locale) => import(`../../locales/trash/${locale}.json`),
  documents: (locale) => import(`../../locales/documents/${locale}.json`),
};

const installed = new WeakMap<i18n, Set<AreaNamespace>>();

function installedIn(instance: i18n): Set<AreaNamespace> {
  let set = installed.get(instance);
  if (!set) installed.set(instance, (set = new Set()));
  return set;
}

async function addBundle(instance: i18n, namespace: AreaNamespace, locale: Locale) {
  if (instance.hasResourceBundle(locale, namespace)) return;
  const { default: texts } = await loaders[namespace](locale);
  instance.addResourceBundle(locale, namespace, texts, true, true);
}

function currentLocale(instance: i18n): Locale {
  const language = instance.language as Locale | undefined;
  return language && (LOCALES as readonly string[]).includes(language) ? language : DEFAULT_LOCALE;
}

/** Loads the areas' texts in English (the fallback) and in the current language. */
export async function loadAreaTexts(
  namespaces: readonly AreaNamespace[],
  instance: i18n,
): Promise<void> {
  const locales: Locale[] = [DEFAULT_LOCALE, currentLocale(instance)];
  await Promise.all(
    namespaces.flatMap((namespace) => {
      installedIn(instance).add(namespace);
      return locales.map((code) => addBundle(instance, namespace, code));
    }),
  );
}

/** Before a language change: the loaded areas' texts in the new language (`changeLocale`). */
export async function loadInstalledAreaTexts(locale: Locale, instance: i18n): Promise<void> {
  await Promise.all([...installedIn(instance)].map((ns) => addBundle(instance, ns, locale)));
}
