import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { actionFailure } from '../../api/errors';
import { showToast } from '../../state/toasts';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { albumListQuery } from './albumApi';
import { joinFromLink } from './visitorApi';

/**
 * SPEC §2 `/a/{jobId}/subscribe`, §6: joining a shared album needs an account. The route is the
 * stored action: a visitor signs in, comes back here, and the join completes (with the album's
 * key when it has a password); then the album page as a member.
 */
export default function SubscribeAlbumPage() {
  return (
    <RequireLogin autoLogin>
      <SubscribeNow />
    </RequireLogin>
  );
}

function SubscribeNow() {
  const { t } = useTranslation();
  const { jobId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const job = encodeURIComponent(jobId);
    joinFromLink(jobId).then(
      async () => {
        await client.invalidateQueries({ queryKey: albumListQuery.queryKey });
        showToast({ message: { key: 'albums.subscribe.done' } });
        void navigate(`/albums/${job}`, { replace: true });
      },
      (failure: unknown) => {
        // The owner opening their own link is already in; anything else goes back to the link.
        const status = (failure as { status?: number }).status;
        if (status === 400) return void navigate(`/albums/${job}`, { replace: true });
        showToast({
          kind: 'error',
          message: actionFailure(failure, { key: 'albums.subscribe.failed' }),
        });
        void navigate(`/a/${job}`, { replace: true });
      },
    );
  }, [client, jobId, navigate]);
  return <Spinner label={t('albums.subscribe.joining')} />;
}
