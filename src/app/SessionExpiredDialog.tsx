import { useTranslation } from 'react-i18next';
import { startLogin } from '../features/auth';
import { sessionStore, useLoginStatus } from '../state/session';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

/** SPEC §4: UNAUTHENTICATED (a call answered 401) shows a session-expired dialog. */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const signIn = () => {
    sessionStore.getState().setStatus('NOT_STARTED');
    // Back to where the user was once signed in again (SPEC §2).
    startLogin().catch(() => sessionStore.getState().setStatus('FAILED'));
  };
  return (
    <Dialog
      open={status === 'UNAUTHENTICATED'}
      role="alertdialog"
      title={t('session.expiredTitle')}
      onClose={signIn}
      actions={
        <Button variant="primary" autoFocus onClick={signIn} data-testid="session-expired-sign-in">
          {t('common.signIn')}
        </Button>
      }
    >
      <p data-testid="session-expired">{t('session.expiredBody')}</p>
    </Dialog>
  );
}
