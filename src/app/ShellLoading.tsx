import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

export function ShellLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}
