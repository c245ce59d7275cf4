import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import { afterStart } from '../../platform/afterStart';
import { trackEngaged } from '../../platform/analytics';
import { takeWarmCanvas } from '../../platform/browserSupport';
import { mediaUrls } from '../../platform/mediaUrls';
import { useShortcutGroup } from '../../platform/shortcuts';
import { defaultJobQuery } from '../../platform/queries';
import { withAreaTexts } from '../../i18n';
import {
  Carousel,
  prefetchViewer,
  useLazyCarouselSlot,
  useWhenListed,
  type CarouselLocationState,
} from '../carousel';
import {
  EmptyGrid,
  GALLERY_SHORTCUTS,
  GridBar,
  GridOverlay,
  GridPage,
  RetryPage,
  SelectionBar,
  signedIn,
  timelineMenuItems,
  useGridPage,
  useSelectionCommands,
  type TimelineFilter,
} from '../photoGrid';
import { timelineCarouselSource } from './timelineCarousel';
import { TimelineFilters } from './TimelineFilters';
import { useTimelineLive, useTimelineSource } from './useTimelineSource';

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
export default signedIn(Timeline, { autoLoginOnFile: true });

function Timeline() {
  const { t } = useTranslation();
  // The `?` sheet lists the photo grid's keys while the timeline shows.
  useShortcutGroup(GALLERY_SHORTCUTS);
  const job = useQuery(defaultJobQuery);
  const jobId = job.data?.id;
  const content = useTimelineSource(jobId);
  const { filter, recentsFailed } = content;
  const grid = useGridPage({ contentKey: jobId, source: content.source });
  const { engine, load } = grid;
  usePrefetchViewer(Boolean(engine) && load !== 'loading');
  const refresh = useTimelineLive(engine, jobId, content, grid.refresh);

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

  // Download, delete, and the share and add-to-album dialogs (SPEC §4, §5), from the selection
  // toolbar, the menu and the viewer.
  const commands = useSelectionCommands({
    engine,
    jobId,
    // SPEC §6: the timeline job is always owned by its user; undo is the owner's.
    isOwner: job.data?.type === 'timeline',
    refresh,
  });
  const { fileActions, menu } = commands;
  useLazyCarouselSlot(registerAddToAlbumSlot);
  useLazyCarouselSlot(registerShareSlot);
  useLazyCarouselSlot(registerEditSlot);
  useLazyCarouselSlot(registerCastSlot);

  const contextMenuItems = useCallback(
    (fileIds: string[]) => timelineMenuItems(fileIds, t, { open, ...menu }),
    [t, open, menu],
  );
  const videoUrl = useMemo(() => (jobId ? mediaUrls(jobId).content : undefined), [jobId]);
  const listed = useWhenListed(load !== 'loading');
  const carouselSource = useMemo(
    () =>
      engine && jobId && fileActions
        ? timelineCarouselSource({ engine, jobId, search, actions: fileActions, listed })
        : null,
    [engine, jobId, search, fileActions, listed],
  );

  const errorTitle = t('timeline.errorTitle');
  if (job.isError) {
    const key = isApiError(job.error) ? job.error.i18nKey : 'errors.genericDescription';
    return (
      <RetryPage
        testId="timeline-error"
        title={errorTitle}
        body={t(key as 'errors.genericDescription')}
        onRetry={() => void job.refetch()}
      />
    );
  }

  return (
    <GridPage
      grid={grid}
      testId="timeline"
      dataset={{ filter }}
      onPointerDownCapture={prefetchViewer}
      // A failed recents listing shows over the grid with its own retry, not as the whole page.
      error={
        recentsFailed
          ? null
          : { testId: 'timeline-error', title: errorTitle, body: t('timeline.loadError') }
      }
      bar={
        <>
          <h1 className="visually-hidden">{t('nav.timeline')}</h1>
          {engine ? (
            <SelectionBar
              engine={engine}
              {...commands.toolbar}
              idle={
                <TimelineFilters
                  filter={filter}
                  onChange={content.onFilterChange}
                  recentsPending={content.recentsPending}
                />
              }
            />
          ) : (
            <GridBar />
          )}
        </>
      }
      label={t('timeline.label')}
      onOpen={open}
      onDelete={commands.delete}
      contextMenuItems={contextMenuItems}
      videoUrl={videoUrl}
      takeCanvas={takeWarmCanvas}
      overlay={
        recentsFailed ? (
          <GridOverlay interactive>
            <RetryPage
              testId="timeline-error"
              title={errorTitle}
              body={t('timeline.recentsError')}
              onRetry={content.retryRecents}
            />
          </GridOverlay>
        ) : undefined
      }
      loadingLabel={t('timeline.loading')}
      empty={<TimelineEmpty filter={filter} />}
    >
      {/* Not GridPage's viewer (shown once the grid has loaded): a link's viewer opens at once
          and waits for the listing itself (useWhenListed), so Escape and "not found" work
          while the grid loads (issue 34.9). */}
      {openFileId && carouselSource ? (
        <Carousel source={carouselSource} fileId={openFileId} />
      ) : null}
      {commands.sharing && jobId ? (
        <Suspense fallback={null}>
          <ShareDialog
            jobId={jobId}
            fileIds={commands.sharing}
            onClose={commands.closeShare}
            onShared={() => {
              commands.clearSelection();
              trackEngaged('timeline_selection_share_finish');
            }}
          />
        </Suspense>
      ) : null}
      {commands.adding && jobId ? (
        <Suspense fallback={null}>
          <AddToAlbumDialog
            sourceJob={jobId}
            fileIds={commands.adding}
            onClose={commands.closeAddToAlbum}
            onAdded={() => {
              commands.clearSelection();
              trackEngaged('timeline_selection_add_to_album_finish');
            }}
          />
        </Suspense>
      ) : null}
    </GridPage>
  );
}

function TimelineEmpty({ filter }: { filter: TimelineFilter }) {
  const { t } = useTranslation();
  const title = filter === 'all' ? t('timeline.emptyTitle') : t(`timeline.empty.${filter}.title`);
  const body = filter === 'all' ? t('timeline.emptyBody') : t(`timeline.empty.${filter}.body`);
  return <EmptyGrid testId="timeline-empty" dataset={{ filter }} title={title} body={body} />;
}
