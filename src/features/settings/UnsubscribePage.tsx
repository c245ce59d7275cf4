import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { EMAIL_CONSENT_ID } from '../../api/contract/privacy';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { readEmailConsent, writeEmailConsent } from './privacyApi';
import './settings.css';

type View = 'entry' | 'loading' | 'unsubscribed' | 'saved' | 'error';

/**
 * SPEC §2 `/settings/unsubscribe?id=…`, opened from an email (no login): the views entry,
 * loading, unsubscribed and saved. The id is the consent host's identifier; without one, or
 * when the consent host fails, the error page of SPEC §8 ("Request to server failed").
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  const usable = EMAIL_CONSENT_ID.test(id);
  const [view, setView] = useState<View>(usable ? 'loading' : 'error');
  const [subscribed, setSubscribed] = useState(true);

  useEffect(() => {
    if (!usable) return;
    const abort = new AbortController();
    readEmailConsent(id, abort.signal).then(
      (value) => {
        setSubscribed(value);
        setView(value ? 'entry' : 'unsubscribed');
      },
      () => {
        if (!abort.signal.aborted) setView('error');
      },
    );
    return () => abort.abort();
  }, [id, usable]);

  async function change(consent: boolean) {
    setView('loading');
    try {
      const value = await writeEmailConsent(id, consent);
      setSubscribed(value);
      setView(value ? 'saved' : 'unsubscribed');
    } catch {
      setView('error');
    }
  }

  if (view === 'error') {
    return (
      <MessagePage
        title={t('unsubscribe.errorTitle')}
        testId="unsubscribe-error"
        actions={<Link to="/settings">{t('settings.back')}</Link>}
      >
        <p>{t('unsubscribe.error')}</p>
      </MessagePage>
    );
  }
  return (
    <section
      className="settings-page"
      data-testid="unsubscribe"
      data-view={view}
      aria-labelledby="unsubscribe-title"
    >
      <Link to="/settings" className="settings-back" data-testid="unsubscribe-back">
        {t('settings.back')}
      </Link>
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {view === 'loading' ? <Spinner label={t('common.loading')} /> : null}
      {view === 'entry' ? (
        <>
          <p>{t('unsubscribe.entry')}</p>
          <Button onClick={() => void change(false)} data-testid="unsubscribe-confirm">
            {t('unsubscribe.button')}
          </Button>
        </>
      ) : null}
      {view === 'unsubscribed' ? (
        <>
          <p role="status" data-testid="unsubscribe-done">
            {t('unsubscribe.unsubscribed')}
          </p>
          <Button variant="ghost" onClick={() => void change(true)} data-testid="unsubscribe-undo">
            {t('unsubscribe.resubscribe')}
          </Button>
        </>
      ) : null}
      {view === 'saved' ? (
        <p role="status" data-testid="unsubscribe-saved">
          {subscribed ? t('unsubscribe.savedSubscribed') : t('unsubscribe.unsubscribed')}
        </p>
      ) : null}
    </section>
  );
}
