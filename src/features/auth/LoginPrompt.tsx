import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../platform/brand';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { startLogin } from './login';

/** The logged-out prompt ("please sign in"), with the reason when the last attempt failed. */
export function LoginPrompt({ failed, auto = false }: { failed: boolean; auto?: boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const signIn = () => {
    setBusy(true);
    setError(false);
    startLogin().catch(() => {
      setBusy(false);
      setError(true);
    });
  };
  // Once per prompt: a failed automatic start leaves the button and its error.
  const started = useRef(false);
  useEffect(() => {
    if (!auto || started.current) return;
    started.current = true;
    signIn();
  });
  return (
    <MessagePage
      testId="login-prompt"
      title={t('auth.promptTitle', { brand: brand.name })}
      actions={
        <Button variant="primary" onClick={signIn} disabled={busy} data-testid="sign-in">
          {t('common.signIn')}
        </Button>
      }
    >
      <p>{t('notFound.loggedOutPrompt')}</p>
      {failed || error ? (
        <p role="alert" className="form-error">
          {error ? t('auth.startFailed') : t('auth.loginFailed')}
        </p>
      ) : null}
    </MessagePage>
  );
}
