import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import type { FileInfo } from '../../api/contract/files';
import { actionFailure } from '../../api/errors';
import { trackEngaged } from '../../platform/analytics';
import { api } from '../../platform/api';
import { mediaUrls } from '../../platform/mediaUrls';
import { defaultJobQuery, useAccountInfo } from '../../platform/queries';
import { useShortcutGroup } from '../../platform/shortcuts';
import { GalleryView, type GalleryMenuItem } from '../../gallery';
import { useBreakpoint } from '../../state/viewport';
import { showToast } from '../../state/toasts';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import {
  Carousel,
  StandaloneCarousel,
  useLazyCarouselSlot,
  type CarouselLocationState,
} from '../carousel';
import { downloadAlbum, downloadFiles } from '../downloads';
import {
  createFileActions,
  filesWithDetails,
  GALLERY_SHORTCUTS,
  insetsFor,
  metricsFor,
  RetryPage,
  selectedFileIds,
  timelineMenuItems,
  useGalleryEngine,
} from '../photoGrid';
import { startUpload } from '../upload';
import { albumInfoQuery, viewModeQuery, type ViewMode } from './albumApi';
import { useAlbumSync } from './albumLive';
import { albumCarouselSource } from './albumCarousel';
import { albumIdFromParam } from './albumId';
import { albumCommands, type AlbumDeleteStatus } from './albumCommands';
import { AlbumHeader } from './AlbumHeader';
import { ShareDialog, registerShareAction } from '../share';
import { AlbumFetchFailure } from './AlbumFetchFailure';
import { AlbumNotFound } from './AlbumNotFound';
import { AlbumSelectionBar } from './AlbumSelectionBar';
import { AlbumShareDialog } from './AlbumShareDialog';
import { AlbumSettingsDialog, EDIT_TABS, type EditTab } from './AlbumSettingsDialog';
import { albumSource } from './albumSource';
import { AddToAlbumDialog } from './AddToAlbumDialog';
import { useAddToAlbumInCarousel } from './CarouselAddToAlbum';
import { useAlbumSocialSlots } from './albumSocialSlots';
import { useUploadOverlay } from './UploadOverlay';
import './Albums.css';

/**
 * /albums/{jobId} (and /albums/{jobId}/edit/{tab}, /carousel/{jobId}/{fileId}): an album's files
 * on the gallery engine, with the viewer open over it for a file. One page for all of them, so
 * the grid stays alive while the viewer opens and closes.
 */
export default function AlbumPage() {
  const { fileId } = useParams();
  return (
    <RequireLogin autoLogin={fileId !== undefined}>
      <AlbumRoute />
    </RequireLogin>
  );
}

function AlbumRoute() {
  const { t } = useTranslation();
  const { jobId: param = '', fileId } = useParams();
  const jobId = albumIdFromParam(param);
  const location = useLocation();
  const timeline = useQuery(defaultJobQuery);
  const info = useQuery(albumInfoQuery(jobId));
  if (jobId !== param) {
    // An albumIDB64 link: the same page under the album's own id.
    const path = location.pathname.replace(param, encodeURIComponent(jobId));
    return <Navigate to={`${path}${location.search}${location.hash}`} replace />;
  }
  if (timeline.data?.id === jobId) {
    // The timeline's files open on the timeline (SPEC §2).
    return <Navigate to={fileId ? `/photos/${encodeURIComponent(fileId)}` : '/photos'} replace />;
  }
  if (info.isError) return <AlbumFetchFailure jobId={jobId} error={info.error} />;
  if (!info.data || !timeline.data) return <Spinner label={t('common.loading')} />;
  // Another kind of job (a share): its files in the viewer alone.
  if (info.data.type !== 'story') return fileId ? <StandaloneCarousel /> : <AlbumNotFound />;
  return <Album album={info.data} />;
}

/** Casting loads on first use (its button here; the TV pairing and the casting bar with it). */
const registerCastSlot = () => import('../cast').then((cast) => cast.registerCastAction());

function Album({ album }: { album: AlbumInfo }) {
  const { t } = useTranslation();
  useShortcutGroup(GALLERY_SHORTCUTS);
  useAddToAlbumInCarousel();
  useEffect(() => registerShareAction(), []);
  useLazyCarouselSlot(registerCastSlot);
  useAlbumSocialSlots();
  const navigate = useNavigate();
  const { tab, fileId: openFileId } = useParams();
  const jobId = album.id;
  useEffect(() => trackEngaged('album_open'), [jobId]);
  const me = useAccountInfo().data?.uuid;
  const owner = album.role === 'owner';
  const breakpoint = useBreakpoint();
  const viewMode: ViewMode = useQuery(viewModeQuery(jobId)).data ?? 'grid';
  const base = metricsFor(breakpoint);
  const metrics = useMemo(
    () => (viewMode === 'grid' ? { ...base, squareTiles: true } : base),
    [base, viewMode],
  );
  const insets = useMemo(() => insetsFor(breakpoint), [breakpoint]);
  const sort = album.sort_order ?? 'NEWEST_TAKEN';

  // Who added each listed file (SPEC §6: a member deletes only what they added).
  const addedBy = useRef(new Map<string, string>());
  const observe = useCallback((files: readonly FileInfo[]) => {
    for (const file of files) if (file.addedBy) addedBy.current.set(file.id, file.addedBy);
  }, []);
  const source = useMemo(() => albumSource(api(), jobId, sort, observe), [jobId, sort, observe]);
  const { engine, load, reload, refresh } = useGalleryEngine(jobId, metrics, breakpoint, source);
  const canDelete = useCallback(
    (fileId: string) => owner || (me !== undefined && addedBy.current.get(fileId) === me),
    [owner, me],
  );

  const refreshRef = useRef(refresh);
  useLayoutEffect(() => {
    refreshRef.current = refresh;
  });
  const actions = useMemo(
    () =>
      engine
        ? createFileActions({
            client: api(),
            jobId,
            isOwner: owner,
            wording: 'album',
            grid: {
              setPendingDelete: (ids, pending) => engine.setPendingDelete(ids, pending),
              removeFiles: (ids) => engine.removeFiles(ids),
              refresh: () => void refreshRef.current(),
            },
          })
        : null,
    [engine, jobId, owner],
  );

  // Others' files, comments and loves arrive without a reload.
  const syncStatus = useAlbumSync(jobId, { engine, refresh });

  const open = useCallback(
    (fileId: string) => {
      const state: CarouselLocationState = { fromGrid: true };
      void navigate(`/carousel/${encodeURIComponent(jobId)}/${encodeURIComponent(fileId)}`, {
        state,
      });
    },
    [navigate, jobId],
  );
  const [adding, setAdding] = useState<readonly string[] | null>(null);
  const [sharing, setSharing] = useState<readonly string[] | null>(null);
  const [sharingAlbum, setSharingAlbum] = useState(false);
  const [deleteStatus, setDeleteStatus] = useState<AlbumDeleteStatus | null>(null);

  const deleteFiles = useCallback(
    (ids: readonly string[]) => {
      if (!actions) return;
      if (!ids.every(canDelete)) {
        showToast({ kind: 'error', message: { key: 'albums.removeFiles.notYours' } });
        return;
      }
      void actions.requestDelete(ids);
    },
    [actions, canDelete],
  );
  const download = useCallback(
    (ids: readonly string[]) => {
      if (engine && ids.length > 0)
        void downloadFiles({ jobId, files: filesWithDetails(engine, ids) });
    },
    [engine, jobId],
  );
  const withSelection = useCallback(
    (run: (ids: string[]) => void) => {
      if (engine) void selectedFileIds(engine).then(run);
    },
    [engine],
  );

  // The timeline's menu, with the owner's cover entry after Open (SPEC §6: not for the cover).
  const contextMenuItems = useCallback(
    (fileIds: string[]): GalleryMenuItem[] => {
      const items = timelineMenuItems(fileIds, t, {
        open,
        select: (ids) => engine?.actions.selectFiles(ids),
        download,
        addToAlbum: setAdding,
        delete: fileIds.every(canDelete) ? deleteFiles : undefined,
      });
      const [id] = fileIds;
      if (fileIds.length === 1 && owner && id !== album.coverPhoto) {
        items.splice(1, 0, {
          id: 'cover',
          label: t('albums.cover.action'),
          onSelect: () => void albumCommands.setCover(jobId, id),
        });
      }
      return items;
    },
    [t, open, owner, album.coverPhoto, jobId, engine, download, canDelete, deleteFiles],
  );

  const carouselSource = useMemo(
    () =>
      engine && actions
        ? albumCarouselSource({
            engine,
            jobId,
            byAdded: sort === 'ADDED',
            actions,
            canDelete,
            cover: owner
              ? {
                  current: album.coverPhoto ?? null,
                  run: (id) => albumCommands.setCover(jobId, id),
                }
              : null,
            uploaderName: () => undefined,
          })
        : null,
    [engine, actions, jobId, sort, canDelete, owner, album.coverPhoto],
  );

  const headerActions = useMemo(
    () => ({
      edit: () => void navigate(`/albums/${encodeURIComponent(jobId)}/edit/name`),
      addPhotos: () => void navigate(`/addPhotos/${encodeURIComponent(jobId)}`),
      upload: (files: File[]) =>
        void startUpload(
          files.map((file) => ({ file })),
          { kind: 'job', jobId },
        ),
      download: () => {
        if (!engine) return;
        const all = Array.from({ length: engine.timeline.sectionCount }, (_, i) => i);
        void engine.timeline
          .loadSections(all, new AbortController().signal)
          .then(() => {
            const ids = all.flatMap((s) => engine.timeline.sections[s]?.files?.ids ?? []);
            return downloadAlbum({
              jobId,
              files: filesWithDetails(engine, ids),
              albumName: album.title?.trim() || t('albums.unnamed'),
            });
          })
          .catch((error: unknown) =>
            showToast({
              kind: 'error',
              message: actionFailure(error, { key: 'downloads.failed' }),
            }),
          );
      },
      share: () => setSharingAlbum(true),
      copyToTimeline: () => void albumCommands.copyToTimeline(jobId),
      deleteAlbum: () =>
        void albumCommands.deleteAlbum(jobId, setDeleteStatus, () => void navigate('/albums')),
      leave: () => void albumCommands.leave(jobId).then((left) => left && navigate('/albums')),
      subscribe: () => void albumCommands.subscribe(jobId),
      setSort: (next: typeof sort) => void albumCommands.setSortOrder(jobId, next),
      setViewMode: (mode: ViewMode) => void albumCommands.setViewMode(jobId, mode),
    }),
    [navigate, jobId, engine, album.title, t],
  );

  const uploadOverlay = useUploadOverlay(album, headerActions);

  if (syncStatus === 'RECENTLY_DELETED' && deleteStatus === null) return <AlbumNotFound />;
  if (load === 'error') {
    return <RetryPage testId="album-error" title={t('albums.loadError')} onRetry={reload} />;
  }
  const editTab = (EDIT_TABS as readonly string[]).includes(tab ?? '') ? (tab as EditTab) : null;

  return (
    <section
      className="timeline-page album-page"
      data-testid="album-page"
      data-load={load}
      data-sort={sort}
      data-view={viewMode}
      data-sync={syncStatus}
    >
      <AlbumHeader
        album={album}
        viewMode={viewMode}
        deleteStatus={deleteStatus}
        actions={headerActions}
      />
      {engine ? (
        <AlbumSelectionBar
          engine={engine}
          onDownload={() => withSelection(download)}
          onAdd={() => withSelection((ids) => setAdding(ids))}
          onShare={() => withSelection((ids) => setSharing(ids))}
          onDelete={() => withSelection(deleteFiles)}
        />
      ) : null}
      <div className="timeline-page__grid">
        {engine ? (
          <GalleryView
            engine={engine}
            metrics={metrics}
            insets={insets}
            label={t('albums.gridLabel', { title: album.title ?? t('albums.unnamed') })}
            onOpen={open}
            onDelete={deleteFiles}
            contextMenuItems={contextMenuItems}
            videoUrl={mediaUrls(jobId).content}
            tv={breakpoint === 'tv'}
          />
        ) : null}
        {load === 'loading' || !engine ? (
          <div className="timeline-page__overlay">
            <Spinner label={t('common.loading')} />
          </div>
        ) : null}
        {load === 'empty' ? (
          <div
            className="timeline-page__overlay timeline-page__overlay--interactive"
            data-testid="album-empty"
          >
            <MessagePage title={t('albums.empty.title')}>
              <p>{t('albums.empty.body')}</p>
            </MessagePage>
          </div>
        ) : null}
      </div>
      {openFileId && carouselSource && load !== 'loading' ? (
        <Carousel source={carouselSource} fileId={openFileId} />
      ) : null}
      {uploadOverlay}
      {editTab && owner ? (
        <AlbumSettingsDialog
          album={album}
          tab={editTab}
          onClose={() => void navigate(`/albums/${encodeURIComponent(jobId)}`, { replace: true })}
        />
      ) : null}
      {sharingAlbum ? (
        <AlbumShareDialog album={album} onClose={() => setSharingAlbum(false)} />
      ) : null}
      {sharing ? (
        <ShareDialog
          jobId={jobId}
          fileIds={sharing}
          album
          onClose={() => setSharing(null)}
          onShared={() => engine?.selection.clear()}
        />
      ) : null}
      {adding ? (
        <AddToAlbumDialog
          sourceJob={jobId}
          fileIds={adding}
          onClose={() => setAdding(null)}
          onAdded={() => engine?.selection.clear()}
        />
      ) : null}
    </section>
  );
}
