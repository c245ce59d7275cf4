import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginStatus } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { LoginPrompt } from './LoginPrompt';

/**
 * SPEC §4: not started or failed shows a login prompt; fetching shows a spinner; authenticated
 * shows the page. UNAUTHENTICATED keeps the page behind the session-expired dialog.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useLoginStatus();
  if (status === 'FETCHING') return <Spinner label={t('common.loading')} />;
  if (status === 'NOT_STARTED' || status === 'FAILED')
    return <LoginPrompt failed={status === 'FAILED'} />;
  return <>{children}</>;
}
