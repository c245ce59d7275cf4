import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomTypeOptions } from 'i18next';
import { DEFAULT_LOCALE, localeFromCode, type Locale } from '../domain/language';
import { i18next } from './index';

export type NamespaceLoaders<T> = Record<Exclude<Locale, 'en_US'>, () => Promise<{ default: T }>>;

/**
 * A feature's texts as a namespace of their own, loaded with the feature's chunk rather than
 * with the app's main texts (the /photos bundle does not carry them: bench/bundle). English comes
 * with the feature's module; the other languages load when chosen, like the main ones.
 */
/** The namespaces features load themselves (every one but the main `translation`). */
export type FeatureNamespace = Exclude<keyof CustomTypeOptions['resources'], 'translation'>;

export function featureNamespace<N extends FeatureNamespace, T extends object>(
  namespace: N,
  english: T,
  loaders: NamespaceLoaders<T>,
) {
  async function ensureLoaded(language: string | undefined): Promise<void> {
    const locale = language ? localeFromCode(language) : undefined;
    if (!locale || locale === DEFAULT_LOCALE || i18next.hasResourceBundle(locale, namespace)) {
      return;
    }
    const { default: texts } = await loaders[locale]();
    i18next.addResourceBundle(locale, namespace, texts, true, true);
  }

  let installed: Promise<void> | null = null;

  return {
    namespace,
    /** Adds the namespace (English and the current language) and follows language changes. */
    install: (): Promise<void> => {
      installed ??= (async () => {
        i18next.addResourceBundle(DEFAULT_LOCALE, namespace, english, true, true);
        i18next.on('languageChanged', (language) => void ensureLoaded(language));
        await ensureLoaded(i18next.language);
      })();
      return installed;
    },
    /** The namespace's `t` (a hook). */
    useTranslation: () => useNamespaceTranslation(namespace),
  };
}

/**
 * A namespace's `t`. It re-renders when a language's texts are added, not only when the language
 * changes: they may arrive just after (the chosen language's file loads on the change).
 */
function useNamespaceTranslation<N extends FeatureNamespace>(namespace: N) {
  const [, setRevision] = useState(0);
  useEffect(() => {
    const rerender = () => setRevision((n) => n + 1);
    i18next.store.on('added', rerender);
    return () => i18next.store.off('added', rerender);
  }, []);
  return useTranslation(namespace);
}
