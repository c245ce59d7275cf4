import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/MessagePage';
import { useBrand } from '../../platform/brand';

const UPGRADE_INFO_URL = 'https://browsehappy.com/';

/** SPEC §2 legacy-browser page: an upgrade message and a learn-more link. */
export function LegacyBrowserPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <main className="app-main app-main--bare">
      <MessagePage testId="legacy-browser" title={t('legacyBrowser.title')}>
        <p>{t('legacyBrowser.description', { brand: brand.name })}</p>
        <p>
          <a href={UPGRADE_INFO_URL} target="_blank" rel="noreferrer">
            {t('common.learnMore')}
          </a>
        </p>
      </MessagePage>
    </main>
  );
}
