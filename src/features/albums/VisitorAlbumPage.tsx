import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import { apiErrorCode, isApiError } from '../../api/errors';
import { GalleryView } from '../../gallery';
import { api } from '../../platform/api';
import { grantLinkAccess, heldLinkKey } from '../../platform/linkAccess';
import { useLoginStatus } from '../../state/session';
import { useBreakpoint } from '../../state/viewport';
import { Spinner } from '../../ui/Spinner';
import { LoginPrompt } from '../auth';
import { Carousel, type CarouselLocationState } from '../carousel';
import { SharePassword } from '../share';
import { apiTimelineSource, insetsFor, metricsFor, useGalleryEngine } from '../timeline';
import { AlbumNotFound } from './AlbumNotFound';
import { albumViewerSource } from './albumCarousel';
import { useAlbumSocialSlots } from './albumSocialSlots';
import { NEW_ALBUM_PLACEHOLDER } from './albumList';
import { unlockAlbum, visitorAlbumQuery } from './visitorApi';
import './Albums.css';

/**
 * SPEC §2 `/a/{jobId}`, §6 Visitor: a shared album opened from its link, signed in or not, drawn
 * by the same engine. The job fetch states of SPEC §4: a loader, the album, the password form
 * (PASSWORD_REQUIRED), the login prompt (LOGIN_REQUIRED: a private album), album-not-found
 * (NOT_FOUND, FETCH_FAILED). The owner and members go to the album page itself.
 */
export default function VisitorAlbumPage() {
  const { jobId = '' } = useParams();
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
  if (info.isError) {
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
  if (info.data.type !== 'story') return <AlbumNotFound />;
  if (info.data.role !== 'visitor') {
    return <Navigate to={`/albums/${encodeURIComponent(jobId)}`} replace />;
  }
  return <VisitorAlbum album={info.data} />;
}

function VisitorAlbum({ album }: { album: AlbumInfo }) {
  const { t } = useTranslation();
  useAlbumSocialSlots();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const breakpoint = useBreakpoint();
  const metrics = metricsFor(breakpoint);
  const insets = useMemo(() => insetsFor(breakpoint), [breakpoint]);
  const jobId = album.id;
  const job = encodeURIComponent(jobId);
  const byAdded = album.sort_order === 'ADDED';
  const source = useMemo(
    () => apiTimelineSource(api(), jobId, 'all', { order: byAdded ? 'added' : 'taken' }),
    [jobId, byAdded],
  );
  const { engine, load } = useGalleryEngine(jobId, metrics, breakpoint, source);
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
  const title =
    album.title?.trim() && album.title !== NEW_ALBUM_PLACEHOLDER
      ? album.title
      : t('albums.unnamed');

  return (
    <section className="timeline-page album-page" data-testid="visitor-album" data-load={load}>
      <header className="visitor-album__header">
        <h1 data-testid="visitor-album-title">{title}</h1>
        <p>{t('albums.fileCount', { count: album.counts.files })}</p>
        {/* SPEC §6: joining needs an account; the route signs a visitor in and comes back. */}
        <Link to={`/a/${job}/subscribe`} className="ui-button" data-testid="visitor-album-join">
          {t('albums.subscribe.action')}
        </Link>
        <Link to={`/a/${job}/copyAlbum`} className="ui-button" data-testid="visitor-album-copy">
          {t('albums.copy.action')}
        </Link>
      </header>
      <div className="timeline-page__grid">
        {engine ? (
          <GalleryView
            engine={engine}
            metrics={metrics}
            insets={insets}
            label={t('albums.gridLabel', { title })}
            tv={breakpoint === 'tv'}
            onOpen={(fileId) => {
              const state: CarouselLocationState = { fromGrid: true };
              void navigate(`/a/${job}?file=${encodeURIComponent(fileId)}`, { state });
            }}
          />
        ) : null}
        {load === 'loading' || !engine ? (
          <div className="timeline-page__overlay">
            <Spinner label={t('common.loading')} />
          </div>
        ) : null}
      </div>
      {openFileId && carouselSource && load !== 'loading' ? (
        <Carousel source={carouselSource} fileId={openFileId} />
      ) : null}
    </section>
  );
}
