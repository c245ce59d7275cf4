import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CLIENT_VERSION } from '../../domain/constants';
import { getClientIdentity } from '../../state/clientIdentity';
import './settings.css';

/**
 * SPEC §2 advanced settings page: what support asks for (the client version and this device's
 * id) and the ways to the test flags and the hidden developer page.
 */
export default function AdvancedPage() {
  const { t } = useTranslation();
  const identity = getClientIdentity(location.hostname);
  return (
    <section className="settings-page" data-testid="advanced" aria-labelledby="advanced-title">
      <Link to="/settings" className="settings-back">
        {t('settings.back')}
      </Link>
      <h1 id="advanced-title">{t('advanced.title')}</h1>
      <dl className="settings-extensions">
        <dt>{t('advanced.version')}</dt>
        <dd data-testid="advanced-version">{CLIENT_VERSION}</dd>
        <dt>{t('advanced.device')}</dt>
        <dd data-testid="advanced-device">{identity.deviceId}</dd>
      </dl>
      <ul className="settings-list">
        <li className="settings-list__row settings-list__row--link">
          <Link to="/settings/test-flags">{t('settings.testFlags.title')}</Link>
        </li>
        <li className="settings-list__row settings-list__row--link">
          <Link to="/developer" data-testid="advanced-developer">
            {t('developer.title')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
