import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../ui/MessagePage';
import { OnwardOrSignIn } from '../auth';

/**
 * SPEC §2 album not found: an unknown, deleted or inaccessible album, with a way onward (issue
 * 34.11: it had none): the albums list when signed in, else the sign-in (SPEC §2 "a login button
 * when logged out"), which comes back here.
 */
export function AlbumNotFound() {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="album-not-found"
      title={t('notFound.album.title')}
      actions={
        <OnwardOrSignIn
          to="/albums"
          label={t('common.goToAlbums')}
          testId="album-not-found-albums"
        />
      }
    >
      <p>{t('notFound.album.description')}</p>
    </MessagePage>
  );
}
