import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { needsNetwork } from '../../api/errors';
import { forgetSession } from '../../platform/logOut';
import { alertDialog, confirmDialog } from '../../state/dialogs';
import { Button } from '../../ui/Button';
import { needsFreshLogin, requestAccountDeletion } from './privacyApi';
import './settings.css';
import { longServiceDate } from '../../domain/language';

/**
 * SPEC §2 "delete your account", §4: confirm, then requested — the server ends every session of
 * the account at once, so this one is forgotten here and the user told what happens next (closed
 * within 30 days, with an email). A failure shows the SPEC §8 text with a retry.
 */
export function DeleteAccountSection({ onFreshLogin }: { onFreshLogin: () => void }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  /** The failed request never reached the server: the error says it needs the network. */
  const [offline, setOffline] = useState(false);

  async function remove(confirmed: boolean) {
    if (state === 'pending') return;
    if (
      !confirmed &&
      !(await confirmDialog({
        title: { key: 'privacy.delete.confirmTitle' },
        body: { key: 'privacy.delete.confirmBody' },
        confirmLabel: { key: 'privacy.delete.button' },
        destructive: true,
      }))
    ) {
      return;
    }
    setState('pending');
    let deletionDate: number;
    try {
      deletionDate = await requestAccountDeletion();
    } catch (error) {
      if (needsFreshLogin(error)) onFreshLogin();
      setOffline(needsNetwork(error));
      setState('failed');
      return;
    }
    const date = longServiceDate(deletionDate, i18n.language);
    forgetSession();
    await alertDialog({
      title: { key: 'privacy.delete.doneTitle' },
      body: { key: 'privacy.delete.done', values: { date } },
    });
  }

  return (
    <section
      className="settings-section"
      aria-labelledby="privacy-delete"
      data-testid="privacy-delete"
    >
      <h2 id="privacy-delete">{t('privacy.delete.title')}</h2>
      <p>{t('privacy.delete.about')}</p>
      {state === 'failed' ? (
        <div role="alert" className="settings-error" data-testid="delete-account-failed">
          <p>{t(offline ? 'errors.api.offline' : 'privacy.delete.failed')}</p>
          <p>{t('privacy.delete.failedNote')}</p>
        </div>
      ) : null}
      <Button
        variant="danger"
        disabled={state === 'pending'}
        aria-busy={state === 'pending' || undefined}
        onClick={() => void remove(state === 'failed')}
        data-testid="delete-account"
      >
        {state === 'pending'
          ? t('privacy.delete.pending')
          : state === 'failed'
            ? t('common.retry')
            : t('privacy.delete.button')}
      </Button>
    </section>
  );
}
