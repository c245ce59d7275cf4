import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { api } from '../../platform/api';
import { mediaUrls } from '../../platform/mediaUrls';
import { defaultJobQuery } from '../../platform/queries';
import { isRouteBuilt } from '../../platform/routesBuilt';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { apiTimelineSource } from '../photoGrid';
import { Carousel } from './Carousel';
import { fileCaptureTime } from './fileQueries';
import { sectionedSource } from './sectionedSource';
import { timelineSourceAccess } from './timelineSourceAccess';
import type { CarouselSource } from './types';

/**
 * `/carousel/{jobId}/{fileId}` opened on its own (a pasted link, a reload): the job's files in
 * the viewer without a grid under it. The timeline job's link becomes `/photos/{fileId}`; a page
 * that shows the job (an album) opens the viewer over its own grid instead.
 */
export default function CarouselPage() {
  return (
    <RequireLogin autoLogin>
      <JobCarousel />
    </RequireLogin>
  );
}

export function JobCarousel() {
  const { t } = useTranslation();
  const { jobId = '', fileId = '' } = useParams();
  const timelineJob = useQuery(defaultJobQuery);
  const [source, setSource] = useState<CarouselSource | null>(null);
  const [failed, setFailed] = useState(false);
  const isTimeline = timelineJob.data?.id === jobId;
  const returnTo = useMemo(() => {
    const album = `/albums/${encodeURIComponent(jobId)}`;
    return isRouteBuilt(album) ? album : '/photos';
  }, [jobId]);

  useEffect(() => {
    if (!timelineJob.isSuccess || isTimeline) return undefined;
    const controller = new AbortController();
    const urls = mediaUrls(jobId);
    timelineSourceAccess(apiTimelineSource(api(), jobId), controller.signal).then(
      (access) =>
        setSource(
          sectionedSource({
            access,
            fileTime: (id) => fileCaptureTime(jobId, id),
            removeFiles: (ids) => access.remove(ids),
            jobId,
            returnTo,
            routeFor: (id) => `/carousel/${encodeURIComponent(jobId)}/${encodeURIComponent(id)}`,
            thumbnailUrl: urls.thumbnail,
            contentUrl: urls.content,
            capabilities: { download: true },
          }),
        ),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [jobId, isTimeline, timelineJob.isSuccess, returnTo]);

  if (isTimeline) return <Navigate to={`/photos/${encodeURIComponent(fileId)}`} replace />;
  if (failed || timelineJob.isError) {
    return (
      <MessagePage testId="carousel-page-error" title={t('notFound.album.title')}>
        <p>{t('notFound.album.description')}</p>
      </MessagePage>
    );
  }
  if (!source) return <Spinner label={t('common.loading')} />;
  return <Carousel source={source} fileId={fileId} />;
}
