import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLoginStatus } from '../../state/session';
import { Button, buttonClass } from '../../ui/Button';
import { startLogin } from './login';

/**
 * A not-found page's way onward (SPEC §2): a link to `to` when signed in, else the login
 * button, whose sign-in comes back to this page.
 */
export function OnwardOrSignIn({
  to,
  label,
  testId,
}: {
  to: string;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const status = useLoginStatus();
  if (status === 'AUTHENTICATED' || status === 'FETCHING') {
    return (
      <Link className={buttonClass('primary')} to={to} data-testid={testId}>
        {label}
      </Link>
    );
  }
  return (
    <Button
      variant="primary"
      data-testid="login-button"
      onClick={() => void startLogin({ ifFails: location.pathname })}
    >
      {t('common.signIn')}
    </Button>
  );
}
