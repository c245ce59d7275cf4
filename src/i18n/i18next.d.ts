import type en from '../../locales/en_US.json';
import type editorEn from '../../locales/editor/en_US.json';
import type castEn from '../../locales/cast/en_US.json';
import type albumsEn from '../../locales/albums/en_US.json';
import type shareEn from '../../locales/share/en_US.json';
import type billingEn from '../../locales/billing/en_US.json';
import type settingsEn from '../../locales/settings/en_US.json';
import type trashEn from '../../locales/trash/en_US.json';
import type documentsEn from '../../locales/documents/en_US.json';

/**
 * The main texts with the lazy areas' (i18n/areaTexts.ts: fallback namespaces, keys kept whole).
 * Which code may use an area's keys is checked by areaTexts.test.ts.
 */
type Translation = typeof en &
  typeof albumsEn &
  typeof shareEn &
  typeof billingEn &
  typeof settingsEn &
  typeof trashEn &
  typeof documentsEn;

// Keys are typed from the fallback language: a missing or misspelt key fails the typecheck.
// `editor` and `cast` are namespaces loaded with their feature's chunk (i18n/namespace.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation; editor: typeof editorEn; cast: typeof castEn };
  }
}
