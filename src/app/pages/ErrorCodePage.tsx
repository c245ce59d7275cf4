import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MessagePage } from '../../ui/MessagePage';
import { AccountTerminatedView } from './AccountTerminatedView';

/** /error/{code}: "user_disabled" is the account-terminated page; any other code is the generic page. */
export default function ErrorCodePage() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  if (code === 'user_disabled') return <AccountTerminatedView />;
  return (
    <MessagePage testId="generic-error" title={t('errors.genericTitle')}>
      <p>{t('errors.genericDescription')}</p>
      {code ? <p className="muted">{t('errors.errorCode', { code })}</p> : null}
    </MessagePage>
  );
}
