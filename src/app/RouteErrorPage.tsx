import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';
import { MessagePage } from '../ui/MessagePage';
import { reportError } from '../platform/reportError';

/** SPEC §2: an app-level boundary shows a generic "something went wrong". */
export function RouteErrorPage() {
  const error = useRouteError();
  reportError(error);
  return <SomethingWentWrong />;
}

export function SomethingWentWrong() {
  const { t } = useTranslation();
  return (
    <main className="app-main app-main--bare">
      <MessagePage
        testId="something-went-wrong"
        title={t('errors.somethingWentWrong')}
        actions={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      >
        <p>{t('errors.genericDescription')}</p>
      </MessagePage>
    </main>
  );
}
