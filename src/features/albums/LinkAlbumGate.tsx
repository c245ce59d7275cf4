import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlbumInfo } from '../../api/contract/albums';
import { apiErrorCode, isApiError } from '../../api/errors';
import { grantLinkAccess, heldLinkKey } from '../../platform/linkAccess';
import { useLoginStatus } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { LoginPrompt } from '../auth';
import { SharePassword } from '../share';
import { AlbumNotFound } from './AlbumNotFound';
import { unlockAlbum, visitorAlbumQuery } from './visitorApi';

/**
 * An album read through its link (SPEC §6 Visitor), signed in or not, with the job fetch states
 * of SPEC §4: a loader, the password form (PASSWORD_REQUIRED), the login prompt (LOGIN_REQUIRED:
 * a private album), album-not-found (NOT_FOUND, FETCH_FAILED, or not an album); then `children`
 * with the album. Used by `/a/{jobId}` and the phones' `/comments/{jobId}/{fileId}`.
 */
export function LinkAlbumGate({
  jobId,
  children,
}: {
  jobId: string;
  children: (album: AlbumInfo) => ReactNode;
}) {
  const [key, setKey] = useState(() => {
    const held = heldLinkKey(jobId);
    // Everything about this album is read through its link: before the first call.
    grantLinkAccess(jobId, held);
    return held;
  });
  const { t } = useTranslation();
  const status = useLoginStatus();
  const info = useQuery(visitorAlbumQuery(jobId, key));

  if (info.isPending) return <Spinner label={t('common.loading')} />;
  // A live refresh that met a network hiccup keeps the album shown (connectivity says offline).
  if (info.isError && !(info.data && isApiError(info.error, 'network'))) {
    if (apiErrorCode(info.error) === 'password_required') {
      return (
        <SharePassword
          shareId={jobId}
          kind="album"
          unlock={unlockAlbum}
          onUnlocked={() => setKey(heldLinkKey(jobId))}
        />
      );
    }
    if (isApiError(info.error, 'unauthorized') && status !== 'AUTHENTICATED') {
      return <LoginPrompt failed={false} />;
    }
    return <AlbumNotFound />;
  }
  const album = info.data;
  if (!album || album.type !== 'story') return <AlbumNotFound />;
  return <>{children(album)}</>;
}
