import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import { api } from '../../platform/api';
import { Spinner } from '../../ui/Spinner';
import { Carousel, type CarouselLocationState } from '../carousel';
import { apiTimelineSource, GridPage, useGridPage } from '../photoGrid';
import { AlbumNotFound } from './AlbumNotFound';
import { albumViewerSource } from './albumCarousel';
import { useAlbumSync } from './albumLive';
import { useAlbumSocialSlots } from './albumSocialSlots';
import { shownTitle } from './albumList';
import { LinkAlbumGate } from './LinkAlbumGate';
import { useJoinForUpload } from './UploadOverlay';
import { VisitorAlbumHeader } from './VisitorAlbumHeader';
import './Albums.css';

/**
 * SPEC §2 `/a/{jobId}`, §6 Visitor: a shared album opened from its link, signed in or not, drawn
 * by the same engine, after the job fetch states of SPEC §4 (`LinkAlbumGate`). The owner and
 * members go to the album page itself.
 */
export default function VisitorAlbumPage() {
  const { jobId = '' } = useParams();
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const file = params.get('file');
  const job = encodeURIComponent(jobId);
  return (
    <LinkAlbumGate jobId={jobId}>
      {(album) =>
        album.role === 'visitor' ? (
          <VisitorAlbum album={album} />
        ) : (
          // A member or the owner: the album page, with the fragment (showUploadOverlay) kept,
          // and the file open when the link named one (a visitor who loved it signed in as a
          // member: the love is replayed there, issue 34.9).
          <Navigate
            to={
              file ? `/carousel/${job}/${encodeURIComponent(file)}${hash}` : `/albums/${job}${hash}`
            }
            replace
          />
        )
      }
    </LinkAlbumGate>
  );
}

function VisitorAlbum({ album }: { album: AlbumInfo }) {
  const { t } = useTranslation();
  useAlbumSocialSlots();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const jobId = album.id;
  const job = encodeURIComponent(jobId);
  const byAdded = album.sort_order === 'ADDED';
  const source = useMemo(
    () => apiTimelineSource(api(), jobId, 'all', { order: byAdded ? 'added' : 'taken' }),
    [jobId, byAdded],
  );
  const grid = useGridPage({ contentKey: jobId, source });
  const { engine } = grid;
  // Others' files, comments and loves arrive without a reload.
  const syncStatus = useAlbumSync(jobId, grid);
  const joining = useJoinForUpload(jobId);
  const openFileId = params.get('file');
  const carouselSource = useMemo(
    () =>
      engine
        ? albumViewerSource({
            engine,
            jobId,
            byAdded,
            returnTo: `/a/${job}`,
            routeFor: (fileId) => `/a/${job}?file=${encodeURIComponent(fileId)}`,
            capabilities: { download: true },
          })
        : null,
    [engine, jobId, job, byAdded],
  );
  const title = shownTitle(album.title) ?? t('albums.unnamed');

  if (syncStatus === 'RECENTLY_DELETED') return <AlbumNotFound />;
  if (joining) return <Spinner label={t('albums.subscribe.joining')} />;
  return (
    <GridPage
      grid={grid}
      testId="visitor-album"
      className="album-page"
      dataset={{ sync: syncStatus }}
      label={t('albums.gridLabel', { title })}
      onOpen={(fileId) => {
        const state: CarouselLocationState = { fromGrid: true };
        void navigate(`/a/${job}?file=${encodeURIComponent(fileId)}`, { state });
      }}
      bar={<VisitorAlbumHeader album={album} title={title} />}
      viewer={
        openFileId && carouselSource ? (
          <Carousel source={carouselSource} fileId={openFileId} />
        ) : null
      }
    />
  );
}
