import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * Asked at start-up when a link carries another account's auth data while a session is signed
 * in (issue 23, `queryAuthDecision`): switch to the link's account, or keep the current one (the
 * safe answer, also what Escape and the backdrop mean). The app starts only after the answer.
 */
export function AccountSwitchPrompt({ onDecide }: { onDecide: (switchAccount: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <main className="app-main app-main--bare">
      <Dialog
        open
        role="alertdialog"
        title={t('accountSwitch.title')}
        onClose={() => onDecide(false)}
        actions={
          <>
            <Button onClick={() => onDecide(false)} data-testid="account-switch-keep" autoFocus>
              {t('accountSwitch.keep')}
            </Button>
            <Button variant="primary" onClick={() => onDecide(true)} data-testid="account-switch">
              {t('accountSwitch.switch')}
            </Button>
          </>
        }
      >
        <p>{t('accountSwitch.body')}</p>
      </Dialog>
    </main>
  );
}
