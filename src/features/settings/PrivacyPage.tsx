import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { CONSENT_KEYS, STAY_UP_TO_DATE_KEYS } from '../../api/contract/privacy';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin, startLogin } from '../auth';
import { ConsentList } from './ConsentList';
import { DataAccessSection } from './DataAccessSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DigitalLegacySection } from './DigitalLegacySection';
import { dataAccessQuery, digitalLegacyQuery, needsFreshLogin } from './privacyApi';
import './settings.css';

const OTHER_CONSENTS = CONSENT_KEYS.filter(
  (key) => !(STAY_UP_TO_DATE_KEYS as readonly string[]).includes(key),
);

/**
 * SPEC §2 `/settings/privacy` (and `/_from_inside_app/settings/privacy`, without the way back):
 * stay up to date, consents, access your data, digital legacy, delete your account. Needs a
 * fresh login: when the server says this session signed in too long ago, the page goes through
 * the identity page and comes back here.
 */
export default function PrivacyPage() {
  return (
    <RequireLogin>
      <Privacy />
    </RequireLogin>
  );
}

function Privacy() {
  const { t } = useTranslation();
  const location = useLocation();
  const inApp = location.pathname.startsWith('/_from_inside_app');
  const legacy = useQuery(digitalLegacyQuery);
  const access = useQuery(dataAccessQuery);
  const [stale, setStale] = useState(false);
  const expired = needsFreshLogin(legacy.error) || needsFreshLogin(access.error) || stale;

  useEffect(() => {
    if (!expired) return;
    void startLogin({ returnTo: `${location.pathname}${location.search}` });
  }, [expired, location.pathname, location.search]);

  // Nothing shows until the server has said whether this sign-in is fresh enough.
  if (legacy.isPending && !expired) {
    return (
      <section className="settings-page" data-testid="privacy-loading">
        <Spinner label={t('common.loading')} />
      </section>
    );
  }
  if (expired) {
    return (
      <section className="settings-page" data-testid="privacy-fresh-login">
        <Spinner label={t('privacy.freshLogin')} />
        <p role="status">{t('privacy.freshLogin')}</p>
      </section>
    );
  }

  return (
    <section className="settings-page" data-testid="privacy" aria-labelledby="privacy-title">
      {inApp ? null : (
        <Link to="/settings" className="settings-back" data-testid="privacy-back">
          {t('settings.back')}
        </Link>
      )}
      <h1 id="privacy-title">{t('privacy.title')}</h1>
      <section className="settings-section" aria-labelledby="privacy-stay">
        <h2 id="privacy-stay">{t('privacy.stayUpToDate')}</h2>
        <ConsentList keys={STAY_UP_TO_DATE_KEYS} testId="privacy-stay-up-to-date" />
      </section>
      <section className="settings-section" aria-labelledby="privacy-consents">
        <h2 id="privacy-consents">{t('privacy.consents.title')}</h2>
        <ConsentList keys={OTHER_CONSENTS} testId="privacy-consents" />
      </section>
      <DataAccessSection
        availability={access.data}
        loadFailed={access.isError}
        onFreshLogin={() => setStale(true)}
      />
      <section className="settings-section" aria-labelledby="privacy-takeout">
        <h2 id="privacy-takeout">{t('privacy.takeout.title')}</h2>
        <p>{t('privacy.takeout.about')}</p>
        <Link to="/settings/takeout" data-testid="privacy-takeout">
          {t('privacy.takeout.link')}
        </Link>
      </section>
      <DigitalLegacySection
        legacy={legacy.data}
        loadFailed={legacy.isError}
        onFreshLogin={() => setStale(true)}
      />
      <DeleteAccountSection onFreshLogin={() => setStale(true)} />
    </section>
  );
}
