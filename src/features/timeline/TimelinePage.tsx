import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loadStoredAuth } from '../../api/authStore';
import { JobInfoSchema } from '../../api/contract/jobs';
import { isApiError } from '../../api/errors';
import { api } from '../../app/api';
import { GalleryView } from '../../gallery/react/GalleryView';
import { useBreakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth/RequireLogin';
import { insetsFor, metricsFor } from './gridInsets';
import { timelineMenuItems } from './timelineMenu';
import { useGalleryEngine } from './useGalleryEngine';
import './TimelinePage.css';

/** /photos: the signed-in user's whole timeline on one GPU canvas. */
export default function TimelinePage() {
  return (
    <RequireLogin>
      <Timeline />
    </RequireLogin>
  );
}

function Timeline() {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();
  const metrics = metricsFor(breakpoint);
  const insets = useMemo(() => insetsFor(breakpoint), [breakpoint]);
  const job = useQuery({
    queryKey: ['jobs', 'default'],
    queryFn: async ({ signal }) =>
      (await api().request({ method: 'GET', path: '/jobs/default', schema: JobInfoSchema, signal }))
        .data,
  });
  const jobId = job.data?.id;
  const { engine, load, reload } = useGalleryEngine(jobId, metrics, breakpoint);
  const navigate = useNavigate();
  const open = useCallback(
    (fileId: string) => void navigate(`/photos/${encodeURIComponent(fileId)}`),
    [navigate],
  );
  const contextMenuItems = useCallback(
    (fileIds: string[]) =>
      timelineMenuItems(fileIds, t, {
        open,
        select: (ids) => engine?.actions.selectFiles(ids),
      }),
    [t, open, engine],
  );
  const videoUrl = useCallback(
    (fileId: string) =>
      api().url({
        host: 'video',
        path: `/st/4/jobs/${encodeURIComponent(jobId ?? '')}/files_by_id/${encodeURIComponent(fileId)}`,
        query: { token: loadStoredAuth()?.token },
      }),
    [jobId],
  );

  if (job.isError) {
    return (
      <TimelineError
        messageKey={isApiError(job.error) ? job.error.i18nKey : 'errors.genericDescription'}
        onRetry={() => void job.refetch()}
      />
    );
  }
  if (load === 'error') return <TimelineError messageKey="timeline.loadError" onRetry={reload} />;

  return (
    <section className="timeline-page" data-testid="timeline" data-load={load}>
      {engine ? (
        <GalleryView
          engine={engine}
          metrics={metrics}
          insets={insets}
          label={t('timeline.label')}
          onOpen={open}
          contextMenuItems={contextMenuItems}
          videoUrl={videoUrl}
          tv={breakpoint === 'tv'}
        />
      ) : null}
      {load === 'loading' || !engine ? (
        <div className="timeline-page__overlay">
          <Spinner label={t('timeline.loading')} />
        </div>
      ) : null}
      {load === 'empty' ? (
        <div className="timeline-page__overlay" data-testid="timeline-empty">
          <MessagePage title={t('timeline.emptyTitle')}>
            <p>{t('timeline.emptyBody')}</p>
          </MessagePage>
        </div>
      ) : null}
    </section>
  );
}

function TimelineError({ messageKey, onRetry }: { messageKey: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId="timeline-error"
      title={t('timeline.errorTitle')}
      actions={
        <Button variant="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <p>{t(messageKey as 'timeline.loadError')}</p>
    </MessagePage>
  );
}
