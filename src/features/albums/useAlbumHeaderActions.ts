import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AlbumInfo, SortOrder } from '../../api/contract/albums';
import { actionFailure } from '../../api/errors';
import type { GalleryEngine } from '../../gallery';
import { showToast } from '../../state/toasts';
import { downloadAlbum } from '../downloads';
import { filesWithDetails } from '../photoGrid';
import { startUpload, type IncomingFile } from '../upload';
import type { ViewMode } from './albumApi';
import { albumCommands, type AlbumDeleteStatus } from './albumCommands';
import type { AlbumHeaderActions } from './AlbumHeader';
import { SHOW_UPLOAD_OVERLAY } from './UploadOverlay';

export interface AlbumHeaderState {
  actions: AlbumHeaderActions;
  /** The album's own share dialog is open (the header's Share). */
  sharingAlbum: boolean;
  closeAlbumShare: () => void;
  /** Where a delete of the album stands; null when none was asked for. */
  deleteStatus: AlbumDeleteStatus | null;
}

/**
 * What the album header's buttons do (SPEC §2 single album, §6 by role): edit, add photos,
 * upload, download the whole album, share its link, copy it to the timeline, delete or leave
 * it, subscribe, and the sort and view choices.
 */
export function useAlbumHeaderActions(
  album: AlbumInfo,
  engine: GalleryEngine | null,
): AlbumHeaderState {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sharingAlbum, setSharingAlbum] = useState(false);
  const [deleteStatus, setDeleteStatus] = useState<AlbumDeleteStatus | null>(null);
  const jobId = album.id;
  const actions = useMemo(
    () => ({
      edit: () => void navigate(`/albums/${encodeURIComponent(jobId)}/edit/name`),
      chooseCover: () => void navigate(`/albums/${encodeURIComponent(jobId)}/edit/cover`),
      addPhotos: () => void navigate(`/addPhotos/${encodeURIComponent(jobId)}`),
      upload: (files: readonly IncomingFile[], options?: { alsoTargetTimeline?: boolean }) =>
        void startUpload(files, {
          kind: 'job',
          jobId,
          alsoTargetTimeline: options?.alsoTargetTimeline,
        }),
      openUploadOverlay: () => void navigate({ hash: SHOW_UPLOAD_OVERLAY }),
      download: () => {
        if (!engine) return;
        // Every section of the album, loaded first: the whole album as its own archive.
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
      setSort: (next: SortOrder) => void albumCommands.setSortOrder(jobId, next),
      setViewMode: (mode: ViewMode) => void albumCommands.setViewMode(jobId, mode),
    }),
    [navigate, jobId, engine, album.title, t],
  );
  return { actions, sharingAlbum, closeAlbumShare: () => setSharingAlbum(false), deleteStatus };
}
