import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import en from '../../../locales/editor/en_US.json';
import { DEFAULT_LOCALE, localeFromCode, type Locale } from '../../domain/language';
import { i18next } from '../../i18n';

/**
 * The editor's texts are a namespace of their own (`editor`), loaded with the editor feature's
 * chunk rather than with the app's main texts: /photos does not carry them (bench/bundle).
 * English comes with this module; the other languages load when chosen, like the main ones.
 */
export const EDITOR_NS = 'editor';

type EditorTexts = typeof en;

const loaders: Record<Exclude<Locale, 'en_US'>, () => Promise<{ default: EditorTexts }>> = {
  nb_NO: () => import('../../../locales/editor/nb_NO.json'),
  sv_SE: () => import('../../../locales/editor/sv_SE.json'),
  bg_BG: () => import('../../../locales/editor/bg_BG.json'),
};

async function ensureLoaded(language: string | undefined): Promise<void> {
  const locale = language ? localeFromCode(language) : undefined;
  if (!locale || locale === DEFAULT_LOCALE || i18next.hasResourceBundle(locale, EDITOR_NS)) return;
  const { default: texts } = await loaders[locale]();
  i18next.addResourceBundle(locale, EDITOR_NS, texts, true, true);
}

let installed: Promise<void> | null = null;

/** Adds the namespace (English and the current language) and follows language changes. */
export function installEditorStrings(): Promise<void> {
  installed ??= (async () => {
    i18next.addResourceBundle(DEFAULT_LOCALE, EDITOR_NS, en, true, true);
    i18next.on('languageChanged', (language) => void ensureLoaded(language));
    await ensureLoaded(i18next.language);
  })();
  return installed;
}

/**
 * The editor's `t`. It re-renders when a language's texts are added, not only when the language
 * changes: they may arrive just after (the chosen language's file loads on the change).
 */
export function useEditorTranslation() {
  const [, setRevision] = useState(0);
  useEffect(() => {
    const rerender = () => setRevision((n) => n + 1);
    i18next.store.on('added', rerender);
    return () => i18next.store.off('added', rerender);
  }, []);
  return useTranslation(EDITOR_NS);
}
