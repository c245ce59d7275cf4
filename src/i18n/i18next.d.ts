import type en from '../../locales/en_US.json';
import type editorEn from '../../locales/editor/en_US.json';

// Keys are typed from the fallback language: a missing or misspelt key fails the typecheck.
// `editor` is the photo editor's namespace, loaded with its chunk (features/editor/strings.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; editor: typeof editorEn };
  }
}
