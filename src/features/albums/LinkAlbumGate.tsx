import type { ReactNode } from 'react';
import type { AlbumInfo } from '../../api/contract/albums';
import { heldLinkPassword } from '../../platform/linkAccess';
import { JobFetchPage, useLinkJob } from '../share';
import { AlbumNotFound } from './AlbumNotFound';
import { albumPasswordCredential, visitorAlbumQuery } from './visitorApi';

/**
 * An album read through its link (SPEC §6 Visitor), signed in or not, with the job fetch states
 * of SPEC §4 (`useLinkJob`, `JobFetchPage`): a loader, the password form, the login prompt (a
 * private album for a visitor), album-not-found (NOT_FOUND, FETCH_FAILED, or not an album);
 * then `children` with the album. Used by `/a/{jobId}` and the phones' `/comments/{jobId}/{fileId}`.
 */
export function LinkAlbumGate({
  jobId,
  children,
}: {
  jobId: string;
  children: (album: AlbumInfo) => ReactNode;
}) {
  const link = useLinkJob({
    jobId,
    query: (password) => visitorAlbumQuery(jobId, password),
    held: heldLinkPassword,
    provide: albumPasswordCredential,
  });
  if (!link.data) return <JobFetchPage state={link.state} kind="album" password={link.password} />;
  if (link.data.type !== 'story') return <AlbumNotFound />;
  return <>{children(link.data)}</>;
}
