import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataAccessAvailability } from '../../api/contract/privacy';
import { needsNetwork } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { dataAccessQuery, needsFreshLogin, requestDataAccess } from './privacyApi';
import { timeLeft } from './timeLeft';
import './settings.css';

type RequestState = 'idle' | 'pending' | 'succeeded' | 'failed';

/**
 * SPEC §2 "access your data", §4 data request (not started, pending, succeeded, failed with a
 * retry), §9 a new request only 24 hours after the last: until then the time left is shown.
 */
export function DataAccessSection({
  availability,
  loadFailed,
  onFreshLogin,
}: {
  availability: DataAccessAvailability | undefined;
  loadFailed: boolean;
  onFreshLogin: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useState<RequestState>('idle');
  /** The failed request never reached the server: the error says it needs the network. */
  const [offline, setOffline] = useState(false);

  async function request() {
    if (state === 'pending') return;
    setState('pending');
    try {
      const next = await requestDataAccess();
      client.setQueryData(dataAccessQuery.queryKey, next);
      setState('succeeded');
    } catch (error) {
      if (needsFreshLogin(error)) onFreshLogin();
      setOffline(needsNetwork(error));
      setState('failed');
    }
  }

  let body;
  if (loadFailed) {
    body = (
      <p role="alert" className="settings-error">
        {t('privacy.data.loadError')}
      </p>
    );
  } else if (!availability) {
    body = <Spinner label={t('common.loading')} />;
  } else if (state === 'succeeded') {
    body = (
      <p role="status" data-testid="data-request-sent">
        {t('privacy.data.sent')}
      </p>
    );
  } else if (!availability.available && availability.available_at !== null) {
    body = (
      <p data-testid="data-request-blocked">
        {t('privacy.data.blocked', { time: timeLeft(availability.available_at, i18n.language) })}
      </p>
    );
  } else {
    body = (
      <>
        {state === 'failed' ? (
          <p role="alert" className="settings-error" data-testid="data-request-failed">
            {t(offline ? 'errors.api.offline' : 'privacy.data.failed')}
          </p>
        ) : null}
        <Button
          onClick={() => void request()}
          disabled={state === 'pending'}
          aria-busy={state === 'pending' || undefined}
          data-testid="data-request"
        >
          {state === 'pending'
            ? t('privacy.data.pending')
            : state === 'failed'
              ? t('common.retry')
              : t('privacy.data.request')}
        </Button>
      </>
    );
  }

  return (
    <section className="settings-section" aria-labelledby="privacy-data" data-testid="privacy-data">
      <h2 id="privacy-data">{t('privacy.data.title')}</h2>
      <p>{t('privacy.data.about')}</p>
      {body}
    </section>
  );
}
