import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginStatus } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { LoginPrompt } from './LoginPrompt';

/**
 * SPEC §4: not started or failed shows a login prompt; fetching shows a spinner; authenticated
 * shows the page. UNAUTHENTICATED keeps the page behind the session-expired dialog. With
 * `autoLogin` (a deep link to a file, SPEC §2 "requires login"), a signed-out visit goes straight
 * to the identity provider and comes back to the same URL.
 */
export function RequireLogin({
  children,
  autoLogin = false,
}: {
  children: ReactNode;
  autoLogin?: boolean;
}) {
  const { t } = useTranslation();
  const status = useLoginStatus();
  if (status === 'FETCHING') return <Spinner label={t('common.loading')} />;
  if (status === 'NOT_STARTED' || status === 'FAILED')
    return (
      <LoginPrompt failed={status === 'FAILED'} auto={autoLogin && status === 'NOT_STARTED'} />
    );
  return <>{children}</>;
}
