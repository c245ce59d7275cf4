import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { grantLinkAccess, heldLinkPassword } from '../../platform/linkAccess';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { albumCommands } from './albumCommands';

/**
 * SPEC §2 `/a/{jobId}/copyAlbum` and `/a/{jobId}/{fileId}/copyAlbum`, §6: copying a shared
 * album (or one of its files) to one's timeline needs an account. The route is the stored
 * action: a visitor signs in, comes back here, the copy runs once (with the album's key when it
 * has a password; a read-only user or a full storage is told), then back to the album's link.
 */
export default function CopyAlbumPage() {
  return (
    <RequireLogin autoLogin>
      <CopyNow />
    </RequireLogin>
  );
}

function CopyNow() {
  const { t } = useTranslation();
  const { jobId = '', fileId } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    grantLinkAccess(jobId, heldLinkPassword(jobId));
    void albumCommands.copyToTimeline(jobId, fileId ? [fileId] : undefined).then(() => {
      const back = `/a/${encodeURIComponent(jobId)}`;
      void navigate(fileId ? `${back}?file=${encodeURIComponent(fileId)}` : back, {
        replace: true,
      });
    });
  }, [fileId, jobId, navigate]);
  return <Spinner label={t('albums.copy.copying')} />;
}
