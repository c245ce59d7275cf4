import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/MessagePage';

export function AccountTerminatedView() {
  const { t } = useTranslation();
  return (
    <MessagePage testId="account-terminated" title={t('accountTerminated.title')}>
      <p>{t('accountTerminated.description')}</p>
    </MessagePage>
  );
}
