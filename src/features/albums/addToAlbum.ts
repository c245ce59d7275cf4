import type { JobListItem } from '../../api/contract/albums';
import { actionFailure, isApiError } from '../../api/errors';
import { longTaskStore } from '../../state/longTasks';
import type { Message } from '../../state/message';
import { popupStore } from '../../state/popups';
import { dismissToast, showToast } from '../../state/toasts';
import { STORAGE_POPUPS } from '../storage';
import { albumCalls, refreshAlbum } from './albumApi';

/**
 * SPEC §5: the add-to-album picker lists the albums the user can add photos to — their own, and
 * others' that allow uploads (permission bit 2) — never the album the files come from.
 */
export function albumsToAddTo(
  albums: readonly JobListItem[],
  me: string | undefined,
  excludeJob: string | undefined,
): JobListItem[] {
  return albums.filter(
    (album) =>
      album.id !== excludeJob &&
      album.type === 'story' &&
      (album.owner.uuid === me || (album.permissions & 2) !== 0),
  );
}

/** SPEC §8: "added to album" with "see album". */
export function addedToAlbumToast(count: number, seeAlbum: () => void): void {
  showToast({
    message: { key: 'albums.add.added', values: { count } },
    action: { label: { key: 'albums.add.seeAlbum' }, run: seeAlbum },
  });
}

/**
 * A copy of files that failed (into an album, or to the timeline): out of storage (413) queues
 * the SPEC §8 popup, and the toast says why — offline, or `fallback`.
 */
export function showCopyFailure(failure: unknown, fallback: Message, durationMs?: number): void {
  if (isApiError(failure, 'payloadTooLarge')) {
    popupStore.getState().enqueue(STORAGE_POPUPS.addedMoreThanAvailable);
  }
  showToast({
    kind: 'error',
    message: actionFailure(failure, fallback),
    ...(durationMs === undefined ? {} : { durationMs }),
  });
}

/**
 * Copies files into an album with the toasts of SPEC §8: progress while copying, then "added to
 * album" with "see album", or the failure text (413: the out-of-storage popup). Resolves whether
 * it worked.
 */
export async function addFilesToAlbum(options: {
  albumId: string;
  sourceJob: string;
  fileIds: readonly string[];
  seeAlbum: () => void;
}): Promise<boolean> {
  const { albumId, sourceJob, fileIds, seeAlbum } = options;
  const end = longTaskStore.getState().begin('copy');
  const progress = showToast({
    kind: 'progress',
    message: { key: 'albums.add.adding', values: { count: fileIds.length } },
    durationMs: null,
  });
  try {
    await albumCalls.copyFiles(albumId, sourceJob, fileIds);
    addedToAlbumToast(fileIds.length, seeAlbum);
    void refreshAlbum(albumId);
    return true;
  } catch (failure) {
    showCopyFailure(failure, { key: 'albums.add.failed', values: { count: fileIds.length } });
    return false;
  } finally {
    dismissToast(progress);
    end();
  }
}
