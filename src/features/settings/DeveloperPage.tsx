import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { api } from '../../platform/api';
import { alertDialog } from '../../state/dialogs';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { deleteTestPaymentData } from './privacyApi';
import './settings.css';

const ExtensionsSchema = z.object({ pictures: z.array(z.string()), videos: z.array(z.string()) });

/**
 * SPEC §2 hidden developer page (`/developer`, linked from nowhere but the advanced page): delete
 * this account's test payment data (an alert to check the console on failure, SPEC §8) and the
 * file extensions the service accepts.
 */
export default function DeveloperPage() {
  return (
    <RequireLogin>
      <Developer />
    </RequireLogin>
  );
}

function Developer() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const extensions = useQuery({
    queryKey: ['supportedExtensions'],
    queryFn: async ({ signal }) =>
      (
        await api().request({
          call: callTo(CALLS.supportedExtensions),
          schema: ExtensionsSchema,
          signal,
        })
      ).data,
  });

  async function deletePayments() {
    setBusy(true);
    try {
      const deleted = await deleteTestPaymentData();
      showToast({ message: { key: 'developer.paymentsDeleted', values: { count: deleted } } });
    } catch (error) {
      console.error('Deleting the test payment data failed', error);
      await alertDialog({ body: { key: 'developer.paymentsFailed' } });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="settings-page" data-testid="developer" aria-labelledby="developer-title">
      <Link to="/settings/advanced" className="settings-back">
        {t('advanced.title')}
      </Link>
      <h1 id="developer-title">{t('developer.title')}</h1>
      <section className="settings-section" aria-labelledby="developer-payments">
        <h2 id="developer-payments">{t('developer.payments')}</h2>
        <p>{t('developer.paymentsAbout')}</p>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => void deletePayments()}
          data-testid="developer-delete-payments"
        >
          {t('developer.deletePayments')}
        </Button>
      </section>
      <section className="settings-section" aria-labelledby="developer-extensions">
        <h2 id="developer-extensions">{t('developer.extensions')}</h2>
        {extensions.isError ? (
          <p role="alert" className="settings-error">
            {t('developer.extensionsFailed')}
          </p>
        ) : !extensions.data ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <dl className="settings-extensions" data-testid="developer-extensions">
            <dt>{t('developer.pictures')}</dt>
            <dd>{extensions.data.pictures.join(', ')}</dd>
            <dt>{t('developer.videos')}</dt>
            <dd>{extensions.data.videos.join(', ')}</dd>
          </dl>
        )}
      </section>
    </section>
  );
}
