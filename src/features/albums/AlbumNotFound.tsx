import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/MessagePage';

/** SPEC §2 album not found: an unknown, deleted or inaccessible album. */
export function AlbumNotFound() {
  const { t } = useTranslation();
  return (
    <MessagePage testId="album-not-found" title={t('notFound.album.title')}>
      <p>{t('notFound.album.description')}</p>
    </MessagePage>
  );
}
