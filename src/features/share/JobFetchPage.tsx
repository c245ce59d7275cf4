import { useTranslation } from 'react-i18next';
import { jobFetchPage, type JobFetchState } from '../../domain/jobInfoFailure';
import { Spinner } from '../../ui/Spinner';
import { LoginPrompt, NotFoundView } from '../auth';
import type { LinkJob } from './linkJob';
import { SharePassword } from './SharePassword';

/**
 * SPEC §4 "Job fetch" pages for every state but the content: a loader (NOT_STARTED, PENDING),
 * the password form (PASSWORD_REQUIRED, and PASSWORD_PROVIDED while the password is checked),
 * the login prompt (LOGIN_REQUIRED), and the album's or share's not-found page (NOT_FOUND,
 * FETCH_FAILED; a deleted album too). Null for FETCHED / PARTIALLY_FETCHED: the page shows it.
 */
export function JobFetchPage({
  state,
  kind,
  password,
}: {
  state: JobFetchState;
  kind: 'album' | 'share';
  password?: LinkJob<unknown>['password'];
}) {
  const { t } = useTranslation();
  const page = jobFetchPage(state);
  switch (page) {
    case 'content':
      return null;
    case 'loader':
      return <Spinner label={t('common.loading')} />;
    case 'login':
      return <LoginPrompt failed={false} />;
    case 'password':
      // A page that cannot take a password here (the signed-in album page) sends it to the link.
      return password ? (
        <SharePassword
          kind={kind}
          busy={password.busy}
          problem={password.problem}
          onSubmit={password.submit}
        />
      ) : (
        <Spinner label={t('common.loading')} />
      );
    case 'notFound':
      return <NotFoundView kind={kind} />;
  }
}
