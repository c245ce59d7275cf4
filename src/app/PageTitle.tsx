import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { useBrand } from '../platform/brand';
import type { PageTitle as PageTitleKey } from './routes';

/** The title a route gives in its `handle` (routes.tsx), the deepest match's. */
export function titleOf(matches: readonly { handle?: unknown }[]): PageTitleKey | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].handle as { title?: PageTitleKey } | undefined)?.title;
    if (title) return title;
  }
  return null;
}

/**
 * Each page names its tab and its history entry ("Albums – Capture"), in the app's language:
 * without it every tab said "Capture" (issue 34.12). Renders nothing.
 */
export function PageTitle() {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = titleOf(useMatches());
  useEffect(() => {
    document.title = title
      ? t('titles.format', { page: t(`titles.${title}`), brand: brand.name })
      : brand.name;
  }, [t, title, brand.name]);
  return null;
}
