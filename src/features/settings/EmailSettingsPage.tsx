import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { STAY_UP_TO_DATE_KEYS } from '../../api/contract/privacy';
import { useAccountInfo } from '../../platform/queries';
import { RequireLogin } from '../auth';
import { ConsentList } from './ConsentList';
import './settings.css';

/**
 * SPEC §2 `/emailSettings`: which news the user gets and how (email, push, SMS) — the
 * stay-up-to-date consents, saved as the privacy page saves them (optimistic, reverted on failure).
 */
export default function EmailSettingsPage() {
  return (
    <RequireLogin>
      <EmailSettings />
    </RequireLogin>
  );
}

function EmailSettings() {
  const { t } = useTranslation();
  const email = useAccountInfo().data?.logged_in_as;
  return (
    <section className="settings-page" data-testid="email-settings" aria-labelledby="email-title">
      <Link to="/settings" className="settings-back" data-testid="email-settings-back">
        {t('settings.back')}
      </Link>
      <h1 id="email-title">{t('emailSettings.title')}</h1>
      {email ? <p>{t('emailSettings.sentTo', { email })}</p> : null}
      <section className="settings-section" aria-labelledby="email-stay">
        <h2 id="email-stay">{t('privacy.stayUpToDate')}</h2>
        <ConsentList keys={STAY_UP_TO_DATE_KEYS} testId="email-settings-consents" />
      </section>
    </section>
  );
}
