import type en from '../../locales/en_US.json';
import type editorEn from '../../locales/editor/en_US.json';
import type castEn from '../../locales/cast/en_US.json';

// Keys are typed from the fallback language: a missing or misspelt key fails the typecheck.
// `editor` and `cast` are namespaces loaded with their feature's chunk (i18n/namespace.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; editor: typeof editorEn; cast: typeof castEn };
  }
}
