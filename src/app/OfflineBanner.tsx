import { useTranslation } from 'react-i18next';
import { useOnline } from '../state/connectivity';

/** SPEC §8: a network failure on a request puts the client offline: "No Internet connection". */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      className="offline-banner"
      role="status"
      aria-live="assertive"
      data-testid="offline-banner"
    >
      <strong>{t('shell.offline')}</strong> <span>{t('shell.offlineDetail')}</span>
    </div>
  );
}
