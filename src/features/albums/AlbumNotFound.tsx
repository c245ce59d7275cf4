import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLoginStatus } from '../../state/session';
import { Button, buttonClass } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { startLogin } from '../auth';

/**
 * SPEC §2 album not found: an unknown, deleted or inaccessible album, with a way onward (issue
 * 34.11: it had none): the albums list when signed in, else the sign-in (SPEC §2 "a login button
 * when logged out"), which comes back here.
 */
export function AlbumNotFound() {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const signedIn = status === 'AUTHENTICATED' || status === 'FETCHING';
  return (
    <MessagePage
      testId="album-not-found"
      title={t('notFound.album.title')}
      actions={
        signedIn ? (
          <Link
            className={buttonClass('primary')}
            to="/albums"
            data-testid="album-not-found-albums"
          >
            {t('common.goToAlbums')}
          </Link>
        ) : (
          <Button
            variant="primary"
            data-testid="login-button"
            onClick={() => void startLogin({ ifFails: location.pathname })}
          >
            {t('common.signIn')}
          </Button>
        )
      }
    >
      <p>{t('notFound.album.description')}</p>
    </MessagePage>
  );
}
