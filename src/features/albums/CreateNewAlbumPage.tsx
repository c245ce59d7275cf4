import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAccountInfo } from '../../platform/queries';
import { buttonClass } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { NewAlbumDialog } from './NewAlbumDialog';

/**
 * SPEC §2 `/a/{jobId}/createNew`, §6 "creating albums … need login; the action is stored and
 * resumed after login": the visitor's "create your own album" on a shared album's link. The
 * route is the stored action: a visitor signs in and comes back here, where the new-album dialog
 * of the album list opens (shared, as SPEC §5's creation defaults say; a user without a name
 * gives one), then the photo picker of the new album. Cancel goes back to the link. Creating an
 * album needs a subscription (SPEC §6): a read-only user is told so.
 */
export default function CreateNewAlbumPage() {
  return (
    <RequireLogin autoLogin>
      <CreateNow />
    </RequireLogin>
  );
}

function CreateNow() {
  const { t } = useTranslation();
  const { jobId = '' } = useParams();
  const navigate = useNavigate();
  const account = useAccountInfo();
  const back = `/a/${encodeURIComponent(jobId)}`;
  if (!account.data) return <Spinner label={t('common.loading')} />;
  if (account.data.is_read_only_user) {
    return (
      <MessagePage
        testId="create-own-read-only"
        title={t('albums.createOwn.readOnlyTitle')}
        actions={
          <Link to={back} className={buttonClass('primary')}>
            {t('albums.createOwn.back')}
          </Link>
        }
      >
        <p>{t('readOnly.tooltip')}</p>
      </MessagePage>
    );
  }
  return (
    <NewAlbumDialog
      // Created: the dialog goes on to the new album's picker itself.
      onClose={() => undefined}
      onCancel={() => void navigate(back, { replace: true })}
    />
  );
}
