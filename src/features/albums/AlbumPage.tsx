import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { AlbumInfo } from '../../api/contract/albums';
import { mayChooseCover } from '../../domain/coverPicker';
import { trackEngaged } from '../../platform/analytics';
import { api } from '../../platform/api';
import { mediaUrls } from '../../platform/mediaUrls';
import { defaultJobQuery, useIsReadOnlyUser } from '../../platform/queries';
import { useShortcutGroup } from '../../platform/shortcuts';
import type { GalleryMenuItem } from '../../gallery';
import { showToast } from '../../state/toasts';
import { Spinner } from '../../ui/Spinner';
import {
  Carousel,
  StandaloneCarousel,
  useLazyCarouselSlot,
  type CarouselLocationState,
} from '../carousel';
import {
  EmptyGrid,
  GALLERY_SHORTCUTS,
  GridPage,
  SelectionBar,
  selectedFileIds,
  signedIn,
  timelineMenuItems,
  useGridPage,
  useSelectionCommands,
} from '../photoGrid';
import { ShareDialog, registerShareAction } from '../share';
import { albumInfoQuery, viewModeQuery, type ViewMode } from './albumApi';
import { useAlbumSync } from './albumLive';
import { albumCarouselSource } from './albumCarousel';
import { albumCommands } from './albumCommands';
import { withCoverItem } from './albumMenu';
import { AlbumHeader } from './AlbumHeader';
import { AlbumFetchFailure } from './AlbumFetchFailure';
import { AlbumNotFound } from './AlbumNotFound';
import { createAlbumRights, mayCopyToTimeline } from './albumRights';
import { AlbumShareDialog } from './AlbumShareDialog';
import { CoverPickerDialog } from './CoverPickerDialog';
import { AlbumSettingsDialog, EDIT_TABS, type EditTab } from './AlbumSettingsDialog';
import { albumSource } from './albumSource';
import { AddToAlbumDialog } from './AddToAlbumDialog';
import { useAddToAlbumInCarousel } from './CarouselAddToAlbum';
import { useAlbumSocialSlots } from './albumSocialSlots';
import { useAlbumHeaderActions } from './useAlbumHeaderActions';
import { useUploadOverlay } from './UploadOverlay';
import './Albums.css';

/**
 * /albums/{jobId} (and /albums/{jobId}/edit/{tab}, /carousel/{jobId}/{fileId}): an album's files
 * on the gallery engine, with the viewer open over it for a file. One page for all of them, so
 * the grid stays alive while the viewer opens and closes.
 */
export default signedIn(AlbumRoute, { autoLoginOnFile: true });

function AlbumRoute() {
  const { t } = useTranslation();
  // An albumIDB64 link arrives here under the album's own id (app/AlbumIdRoute.tsx).
  const { jobId = '', fileId } = useParams();
  const timeline = useQuery(defaultJobQuery);
  const info = useQuery(albumInfoQuery(jobId));
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
  const owner = album.role === 'owner';
  const viewMode: ViewMode = useQuery(viewModeQuery(jobId)).data ?? 'grid';
  const sort = album.sort_order ?? 'NEWEST_TAKEN';

  // SPEC §6 delete and cover as the server's currentUserCan says, file by file (albumRights.ts).
  const rights = useMemo(() => createAlbumRights(), []);
  const source = useMemo(
    () => albumSource(api(), jobId, sort, rights.observe),
    [jobId, sort, rights],
  );
  const grid = useGridPage({ contentKey: jobId, source, squareTiles: viewMode === 'grid' });
  const { engine } = grid;
  const { canDelete } = rights;
  // SPEC §6: the server's flag per file, and never for a read-only user in a private album.
  const readOnlyUser = useIsReadOnlyUser();
  const mayCover = useCallback(
    (id: string) =>
      mayChooseCover({
        canSetCover: rights.canSetCover(id),
        readOnlyUser,
        albumShared: album.isShared === true,
      }),
    [rights, readOnlyUser, album.isShared],
  );

  // SPEC §6: a member deletes only what they added; the rest says why.
  const mayDelete = useCallback(
    (ids: readonly string[]) => {
      if (ids.every(canDelete)) return true;
      showToast({ kind: 'error', message: { key: 'albums.removeFiles.notYours' } });
      return false;
    },
    [canDelete],
  );
  const commands = useSelectionCommands({
    engine,
    jobId,
    isOwner: owner,
    wording: 'album',
    refresh: grid.refresh,
    mayDelete,
  });
  const { fileActions, menu } = commands;
  // SPEC §4 COPY_TO_TIMELINE of the selection, by the header's copy rule (SPEC §6); the selection
  // is done with once copied, and kept for another try when the copy failed.
  const copiesToTimeline = mayCopyToTimeline(album);
  const copySelection = useCallback(() => {
    if (!engine) return;
    void selectedFileIds(engine).then(async (ids) => {
      if (ids.length > 0 && (await albumCommands.copyToTimeline(jobId, ids))) {
        engine.selection.clear();
      }
    });
  }, [engine, jobId]);

  // Others' files, comments and loves arrive without a reload.
  const syncStatus = useAlbumSync(jobId, grid);

  const open = useCallback(
    (fileId: string) => {
      const state: CarouselLocationState = { fromGrid: true };
      void navigate(`/carousel/${encodeURIComponent(jobId)}/${encodeURIComponent(fileId)}`, {
        state,
      });
    },
    [navigate, jobId],
  );

  // The timeline's menu, with the cover entry after Open where the server allows it (SPEC §6:
  // disabled on the cover itself).
  const contextMenuItems = useCallback(
    (fileIds: string[]): GalleryMenuItem[] =>
      withCoverItem(
        timelineMenuItems(fileIds, t, {
          open,
          ...menu,
          delete: fileIds.every(canDelete) ? menu.delete : undefined,
        }),
        fileIds,
        {
          offered: mayCover,
          current: album.coverPhoto ?? null,
          label: t('albums.cover.action'),
          currentHint: t('albums.cover.current'),
          run: (id) => void albumCommands.setCover(jobId, id),
        },
      ),
    [t, open, mayCover, album.coverPhoto, jobId, menu, canDelete],
  );

  const carouselSource = useMemo(
    () =>
      engine && fileActions
        ? albumCarouselSource({
            engine,
            jobId,
            byAdded: sort === 'ADDED',
            actions: fileActions,
            canDelete,
            cover: {
              offered: mayCover,
              current: album.coverPhoto ?? null,
              run: (id) => albumCommands.setCover(jobId, id),
            },
            uploaderName: () => undefined,
          })
        : null,
    [engine, fileActions, jobId, sort, canDelete, mayCover, album.coverPhoto],
  );

  const header = useAlbumHeaderActions(album, engine);
  // SPEC §2: a shared album asks about the timeline copy before any upload (UploadOverlay.tsx).
  const uploadOverlay = useUploadOverlay(album, header.actions);

  if (syncStatus === 'RECENTLY_DELETED' && header.deleteStatus === null) return <AlbumNotFound />;
  const editTab = (EDIT_TABS as readonly string[]).includes(tab ?? '') ? (tab as EditTab) : null;
  const closeEdit = () => void navigate(`/albums/${encodeURIComponent(jobId)}`, { replace: true });

  return (
    <GridPage
      grid={grid}
      testId="album-page"
      className="album-page"
      dataset={{ sort, view: viewMode, sync: syncStatus }}
      error={{ testId: 'album-error', title: t('albums.loadError') }}
      bar={
        <>
          <AlbumHeader
            album={album}
            viewMode={viewMode}
            deleteStatus={header.deleteStatus}
            actions={header.actions}
          />
          {engine ? (
            <SelectionBar
              engine={engine}
              {...commands.toolbar}
              {...(copiesToTimeline ? { onCopyToTimeline: copySelection } : {})}
            />
          ) : null}
        </>
      }
      label={t('albums.gridLabel', { title: album.title ?? t('albums.unnamed') })}
      onOpen={open}
      onDelete={commands.delete}
      contextMenuItems={contextMenuItems}
      videoUrl={mediaUrls(jobId).content}
      empty={
        <EmptyGrid
          testId="album-empty"
          interactive
          title={t('albums.empty.title')}
          body={t('albums.empty.body')}
        />
      }
      viewer={
        openFileId && carouselSource ? (
          <Carousel source={carouselSource} fileId={openFileId} />
        ) : null
      }
    >
      {uploadOverlay}
      {editTab && owner ? (
        <AlbumSettingsDialog album={album} tab={editTab} onClose={closeEdit} />
      ) : null}
      {tab === 'cover' ? <CoverPickerDialog album={album} onClose={closeEdit} /> : null}
      {header.sharingAlbum ? (
        <AlbumShareDialog album={album} onClose={header.closeAlbumShare} />
      ) : null}
      {commands.sharing ? (
        <ShareDialog
          jobId={jobId}
          fileIds={commands.sharing}
          album
          onClose={commands.closeShare}
          onShared={commands.clearSelection}
        />
      ) : null}
      {commands.adding ? (
        <AddToAlbumDialog
          sourceJob={jobId}
          fileIds={commands.adding}
          onClose={commands.closeAddToAlbum}
          onAdded={commands.clearSelection}
        />
      ) : null}
    </GridPage>
  );
}
