import { useQuery } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { CHANGE_TYPE } from '../../api/contract/changes';
import { isApiError } from '../../api/errors';
import { afterStart } from '../../platform/afterStart';
import { trackEngaged } from '../../platform/analytics';
import { api } from '../../platform/api';
import { takeWarmCanvas } from '../../platform/browserSupport';
import { mediaUrls } from '../../platform/mediaUrls';
import { useShortcutGroup } from '../../platform/shortcuts';
import { defaultJobQuery, resourceLoadOf } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { GalleryView } from '../../gallery';
import { withAreaTexts } from '../../i18n';
import { useBreakpoint } from '../../state/viewport';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import {
  Carousel,
  prefetchViewer,
  useLazyCarouselSlot,
  useWhenListed,
  type CarouselLocationState,
} from '../carousel';
import { downloadFiles } from '../downloads';
import type { JobChange } from '../sync';
import { useJobSync } from '../sync';
import {
  anyLongTaskRunning,
  apiTimelineSource,
  createFileActions,
  defaultRecentsFilter,
  filesWithDetails,
  GALLERY_SHORTCUTS,
  insetsFor,
  isRecents,
  longTaskStore,
  metricsFor,
  parseFilter,
  recentsWindowOf,
  selectedFileIds,
  type TimelineFilter,
  timelineMenuItems,
  useGalleryEngine,
} from '../photoGrid';
import { recentsQuery, recentsSource, windowCounts } from './recents';
import { timelineCarouselSource } from './timelineCarousel';
import { EmptyState, TimelineError, TopBar } from './TimelineParts';
import { useLeaveWarning } from './useLeaveWarning';
import { usePersistedTimeline } from './usePersistedTimeline';

/** The album feature loads on first use: /photos does not carry it (bench/bundle). */
const albumsFeature = () => withAreaTexts(import('../albums'), ['albums', 'share']);
const AddToAlbumDialog = lazy(() =>
  albumsFeature().then((albums) => ({ default: albums.AddToAlbumDialog })),
);
/** So does sharing (its dialog and the viewer's share button). */
const shareFeature = () => withAreaTexts(import('../share'), ['share', 'albums']);
const ShareDialog = lazy(() => shareFeature().then((share) => ({ default: share.ShareDialog })));

const registerAddToAlbumSlot = () =>
  albumsFeature().then((albums) => albums.registerAddToAlbumAction());
const registerShareSlot = () => shareFeature().then((share) => share.registerShareAction());
/** And the photo editor (its button here; the editor and its library only when opened). */
const registerEditSlot = () => import('../editor').then((editor) => editor.registerEditAction());
/** And casting (its button; the TV pairing and the casting bar come with it). */
const registerCastSlot = () => import('../cast').then((cast) => cast.registerCastAction());

/** Fetches the viewer's chunk ahead once the grid shows, when the browser is idle. */
function usePrefetchViewer(ready: boolean) {
  useEffect(() => (ready ? afterStart(prefetchViewer, 0) : undefined), [ready]);
}

/**
 * /photos: the signed-in user's whole timeline on one GPU canvas; /photos/{fileId} the same page
 * with the viewer open over it (SPEC §2: it requires login, so a signed-out visit starts it).
 */
export default function TimelinePage() {
  const { fileId } = useParams();
  return (
    <RequireLogin autoLogin={fileId !== undefined}>
      <Timeline />
    </RequireLogin>
  );
}

function Timeline() {
  const { t } = useTranslation();
  // The `?` sheet lists the photo grid's keys while the timeline shows.
  useShortcutGroup(GALLERY_SHORTCUTS);
  const breakpoint = useBreakpoint();
  const metrics = metricsFor(breakpoint);
  const insets = useMemo(() => insetsFor(breakpoint), [breakpoint]);
  const job = useQuery(defaultJobQuery);
  const jobId = job.data?.id;
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const setFilter = useCallback(
    (next: TimelineFilter) =>
      setParams(
        (old) => {
          const copy = new URLSearchParams(old);
          if (next === 'all') copy.delete('filter');
          else copy.set('filter', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  const recents = useQuery({
    ...recentsQuery(jobId ?? ''),
    enabled: jobId !== undefined && isRecents(filter),
    // Kept until a live change asks for a fresh listing (refreshAfterChange).
    staleTime: Infinity,
  });
  const recentsLoad = resourceLoadOf(recents);
  const recentsReady = recentsLoad === 'SUCCEEDED';

  // The last visit's timeline, drawn before the network answers (issue 19).
  const persisted = usePersistedTimeline(jobId, filter);
  const refreshRef = useRef<() => Promise<void>>(() => Promise.resolve());
  // One source per job and filter: live changes reconcile into it rather than replacing it.
  const source = useMemo(() => {
    if (!jobId) return null;
    if (!isRecents(filter)) {
      const inner = apiTimelineSource(api(), jobId, filter);
      return persisted
        ? persisted.wrap(inner, () => void refreshRef.current().catch(() => undefined))
        : inner;
    }
    if (!recentsReady) return null;
    const key = recentsQuery(jobId).queryKey;
    return recentsSource(() => queryClient.getQueryData(key) ?? null, recentsWindowOf(filter));
  }, [jobId, filter, recentsReady, persisted]);

  const { engine, load, reload, refresh } = useGalleryEngine(jobId, metrics, breakpoint, source);
  usePrefetchViewer(Boolean(engine) && load !== 'loading');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { fileId: openFileId } = useParams();
  const open = useCallback(
    (fileId: string) => {
      const state: CarouselLocationState = { fromGrid: true };
      void navigate(`/photos/${encodeURIComponent(fileId)}${search}`, { state });
    },
    [navigate, search],
  );

  const onFilterChange = useCallback(
    (choice: TimelineFilter | 'recents') => {
      if (choice !== 'recents') return setFilter(choice);
      if (!jobId) return undefined;
      // SPEC §9: the default recents window is picked by what each window holds.
      void queryClient.fetchQuery({ ...recentsQuery(jobId), staleTime: Infinity }).then(
        (data) => setFilter(defaultRecentsFilter(windowCounts(data))),
        () => setFilter('recents_7'),
      );
      return undefined;
    },
    [jobId, setFilter],
  );

  const actions = useMemo(() => {
    if (!engine || !jobId || !job.data) return null;
    return createFileActions({
      client: api(),
      jobId,
      // SPEC §6: the timeline job is always owned by its user; undo is the owner's.
      isOwner: job.data.type === 'timeline',
      grid: {
        setPendingDelete: (ids, pending) => engine.setPendingDelete(ids, pending),
        removeFiles: (ids) => engine.removeFiles(ids),
        refresh: () => void refreshRef.current(),
      },
    });
  }, [engine, jobId, job.data]);

  /** Fresh sections in place: recents are listed again first when they are shown. */
  const refreshAfterChange = useCallback(async () => {
    if (!jobId) return;
    // Shown recents are listed again (keeping what shows until the answer); hidden ones are
    // dropped and listed afresh when next chosen.
    const key = recentsQuery(jobId).queryKey;
    if (isRecents(filter))
      await queryClient.refetchQueries({ queryKey: key }).catch(() => undefined);
    else queryClient.removeQueries({ queryKey: key });
    await refresh();
  }, [jobId, filter, refresh]);
  useLayoutEffect(() => {
    refreshRef.current = refreshAfterChange;
  });

  const applyChanges = useCallback(
    async (changes: readonly JobChange[], full: boolean) => {
      if (!engine) return;
      const removed = changes.filter((c) => c.type === CHANGE_TYPE.fileRemoved).map((c) => c.id);
      // Removed files leave loaded sections at once; fresh counts settle the rest.
      if (removed.length > 0) engine.removeFiles(removed);
      if (
        full ||
        changes.some((c) => c.type === CHANGE_TYPE.fileAdded || c.type === CHANGE_TYPE.fileRemoved)
      )
        await refreshAfterChange();
    },
    [engine, refreshAfterChange],
  );
  useJobSync(engine ? jobId : undefined, applyChanges, persisted?.serials);

  const busy = useStore(longTaskStore, anyLongTaskRunning);
  useLeaveWarning(busy);

  const download = useCallback(
    (ids: readonly string[]) => {
      if (!engine || !jobId || ids.length === 0) return;
      void downloadFiles({ jobId, files: filesWithDetails(engine, ids) });
    },
    [engine, jobId],
  );
  const downloadSelection = useCallback(() => {
    if (engine) void selectedFileIds(engine).then(download);
  }, [engine, download]);
  const deleteFiles = useCallback(
    (ids: readonly string[]) => void actions?.requestDelete(ids),
    [actions],
  );
  const deleteSelection = useCallback(() => {
    if (engine) void selectedFileIds(engine).then(deleteFiles);
  }, [engine, deleteFiles]);

  // SPEC §5 add to album, from the selection toolbar, the menu and the viewer.
  const [adding, setAdding] = useState<readonly string[] | null>(null);
  useLazyCarouselSlot(registerAddToAlbumSlot);
  const addSelection = useCallback(() => {
    if (engine) void selectedFileIds(engine).then((ids) => ids.length > 0 && setAdding(ids));
  }, [engine]);

  // SPEC §4 share dialog, from the selection toolbar and the viewer.
  const [sharing, setSharing] = useState<readonly string[] | null>(null);
  useLazyCarouselSlot(registerShareSlot);
  useLazyCarouselSlot(registerEditSlot);
  useLazyCarouselSlot(registerCastSlot);
  const shareSelection = useCallback(() => {
    if (engine) void selectedFileIds(engine).then((ids) => ids.length > 0 && setSharing(ids));
  }, [engine]);

  const contextMenuItems = useCallback(
    (fileIds: string[]) =>
      timelineMenuItems(fileIds, t, {
        open,
        select: (ids) => engine?.actions.selectFiles(ids),
        download,
        delete: deleteFiles,
        addToAlbum: setAdding,
      }),
    [t, open, engine, download, deleteFiles],
  );
  const videoUrl = useMemo(() => (jobId ? mediaUrls(jobId).content : undefined), [jobId]);
  const listed = useWhenListed(load !== 'loading');
  const carouselSource = useMemo(
    () =>
      engine && jobId && actions
        ? timelineCarouselSource({ engine, jobId, search, actions, listed })
        : null,
    [engine, jobId, search, actions, listed],
  );

  if (job.isError) {
    return (
      <TimelineError
        messageKey={isApiError(job.error) ? job.error.i18nKey : 'errors.genericDescription'}
        onRetry={() => void job.refetch()}
      />
    );
  }
  const recentsFailed = isRecents(filter) && recentsLoad === 'FAILED';
  if (load === 'error' && !recentsFailed) {
    return <TimelineError messageKey="timeline.loadError" onRetry={reload} />;
  }

  return (
    <section
      className="timeline-page"
      data-testid="timeline"
      data-load={load}
      data-filter={filter}
      onPointerDownCapture={prefetchViewer}
    >
      <h1 className="visually-hidden">{t('nav.timeline')}</h1>
      <div className="timeline-page__bar">
        {engine ? (
          <TopBar
            engine={engine}
            filter={filter}
            onFilterChange={onFilterChange}
            onDownload={downloadSelection}
            onDelete={deleteSelection}
            onAddToAlbum={addSelection}
            onShare={shareSelection}
          />
        ) : null}
      </div>
      <div className="timeline-page__grid">
        {engine ? (
          <GalleryView
            engine={engine}
            metrics={metrics}
            insets={insets}
            label={t('timeline.label')}
            onOpen={open}
            onDelete={deleteFiles}
            contextMenuItems={contextMenuItems}
            videoUrl={videoUrl}
            tv={breakpoint === 'tv'}
            takeCanvas={takeWarmCanvas}
          />
        ) : null}
        {recentsFailed ? (
          <div className="timeline-page__overlay timeline-page__overlay--interactive">
            <TimelineError
              messageKey="timeline.recentsError"
              onRetry={() => void recents.refetch()}
            />
          </div>
        ) : load === 'loading' || !engine ? (
          <div className="timeline-page__overlay">
            <Spinner label={t('timeline.loading')} />
          </div>
        ) : null}
        {load === 'empty' ? <EmptyState filter={filter} /> : null}
      </div>
      {openFileId && carouselSource ? (
        <Carousel source={carouselSource} fileId={openFileId} />
      ) : null}
      {sharing && jobId ? (
        <Suspense fallback={null}>
          <ShareDialog
            jobId={jobId}
            fileIds={sharing}
            onClose={() => setSharing(null)}
            onShared={() => {
              engine?.selection.clear();
              trackEngaged('timeline_selection_share_finish');
            }}
          />
        </Suspense>
      ) : null}
      {adding && jobId ? (
        <Suspense fallback={null}>
          <AddToAlbumDialog
            sourceJob={jobId}
            fileIds={adding}
            onClose={() => setAdding(null)}
            onAdded={() => {
              engine?.selection.clear();
              trackEngaged('timeline_selection_add_to_album_finish');
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
