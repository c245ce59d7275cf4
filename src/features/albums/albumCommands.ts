import type { AlbumInfo, SortOrder } from '../../api/contract/albums';
import { actionFailure } from '../../api/errors';
import { ALBUM_COPY_FAILURE_TOAST_MS } from '../../domain/constants';
import { trackEngaged } from '../../platform/analytics';
import { queryClient } from '../../platform/queryClient';
import { confirmDialog } from '../../state/dialogs';
import { longTaskStore } from '../../state/longTasks';
import { storageQuotaStore } from '../../state/storageQuota';
import { dismissToast, showToast } from '../../state/toasts';
import type { ParseKeys } from 'i18next';
import {
  albumCalls,
  albumInfoQuery,
  albumListQuery,
  refreshAlbum,
  saveViewMode,
  viewModeQuery,
  type ViewMode,
} from './albumApi';
import { showCopyFailure } from './addToAlbum';

/** SPEC §4 Album delete status. */
export type AlbumDeleteStatus = 'PENDING_USER' | 'PENDING_SERVER' | 'SERVER_ERROR';

/** Runs a call with a progress toast; on failure the SPEC §8 text, with a retry where offered. */
async function withToasts(options: {
  run: () => Promise<void>;
  progress?: ParseKeys;
  done?: ParseKeys;
  failed: ParseKeys;
  retry?: boolean;
  /** What the failure's retry does, when more than the same call (the delete status). */
  onRetry?: () => void;
  failedMs?: number;
}): Promise<boolean> {
  const progress = options.progress
    ? showToast({ kind: 'progress', message: { key: options.progress }, durationMs: null })
    : null;
  try {
    await options.run();
    if (options.done) showToast({ message: { key: options.done } });
    return true;
  } catch (error) {
    showToast({
      kind: 'error',
      message: actionFailure(error, { key: options.failed }),
      ...(options.failedMs ? { durationMs: options.failedMs } : {}),
      ...(options.retry || options.onRetry
        ? {
            action: {
              label: { key: 'common.retry' },
              run: options.onRetry ?? (() => void withToasts(options)),
            },
          }
        : {}),
    });
    return false;
  } finally {
    if (progress !== null) dismissToast(progress);
  }
}

/** Applies a change to the album's cached info at once (what the header shows). */
function patchInfo(jobId: string, patch: Partial<AlbumInfo>): AlbumInfo | undefined {
  const key = albumInfoQuery(jobId).queryKey;
  const before = queryClient.getQueryData(key);
  if (before) queryClient.setQueryData(key, { ...before, ...patch });
  return before;
}

/** The album's own actions (SPEC §6), each with the toasts and texts of SPEC §8. */
export const albumCommands = {
  rename: (jobId: string, name: string) =>
    withToasts({
      run: async () => {
        await albumCalls.rename(jobId, name);
        await refreshAlbum(jobId);
      },
      done: 'albums.edit.saved',
      failed: 'albums.edit.failed',
    }),

  async setPrivacy(jobId: string, mode: 'shared' | 'private'): Promise<boolean> {
    return withToasts({
      run: async () => {
        await albumCalls.setPrivacy(jobId, mode);
        await refreshAlbum(jobId);
      },
      done: 'albums.edit.saved',
      failed: 'albums.edit.failed',
    });
  },

  setPermissions: (jobId: string, allowComments: boolean, allowUploads: boolean) =>
    withToasts({
      run: async () => {
        await albumCalls.setPermissions(jobId, allowComments, allowUploads);
        await refreshAlbum(jobId);
      },
      done: 'albums.edit.saved',
      failed: 'albums.edit.failed',
    }),

  /** SPEC §8: a failed cover change offers a retry. */
  setCover: async (jobId: string, fileId: string): Promise<void> => {
    await withToasts({
      run: async () => {
        await albumCalls.setCover(jobId, fileId);
        patchInfo(jobId, { coverPhoto: fileId });
        await refreshAlbum(jobId);
      },
      done: 'albums.cover.set',
      failed: 'albums.cover.failed',
      retry: true,
    });
  },

  /** Saved at once on screen; a failure puts the old order back with the SPEC §8 text. */
  async setSortOrder(jobId: string, sort: SortOrder): Promise<boolean> {
    const before = patchInfo(jobId, { sort_order: sort });
    try {
      await albumCalls.setSortOrder(jobId, sort);
      return true;
    } catch (error) {
      if (before) queryClient.setQueryData(albumInfoQuery(jobId).queryKey, before);
      showToast({ kind: 'error', message: actionFailure(error, { key: 'albums.sort.failed' }) });
      return false;
    }
  },

  /** A user option: shown at once, kept on the server; a failure says so and keeps the choice. */
  async setViewMode(jobId: string, mode: ViewMode): Promise<void> {
    queryClient.setQueryData(viewModeQuery(jobId).queryKey, mode);
    try {
      await saveViewMode(jobId, mode);
    } catch (error) {
      showToast({ kind: 'error', message: actionFailure(error, { key: 'albums.edit.failed' }) });
    }
  },

  /**
   * SPEC §4 album delete: PENDING_USER (the confirmation), PENDING_SERVER, then gone, or
   * SERVER_ERROR with a retry. Resolves true once deleted.
   */
  async deleteAlbum(
    jobId: string,
    onStatus: (status: AlbumDeleteStatus | null) => void,
    onDeleted: () => void,
  ): Promise<boolean> {
    onStatus('PENDING_USER');
    const confirmed = await confirmDialog({
      title: { key: 'albums.delete.confirmTitle' },
      body: { key: 'albums.delete.confirmBody' },
      confirmLabel: { key: 'albums.delete.confirm' },
      destructive: true,
    });
    if (!confirmed) {
      onStatus(null);
      return false;
    }
    const attempt = async (): Promise<boolean> => {
      onStatus('PENDING_SERVER');
      const ok = await withToasts({
        run: () => albumCalls.remove(jobId),
        progress: 'albums.delete.deleting',
        done: 'albums.delete.deleted',
        failed: 'albums.delete.failed',
        onRetry: () => void attempt().then((done) => done && onDeleted()),
      });
      onStatus(ok ? null : 'SERVER_ERROR');
      if (ok) {
        queryClient.removeQueries({ queryKey: ['jobs', jobId] });
        void queryClient.invalidateQueries({ queryKey: albumListQuery.queryKey });
      }
      return ok;
    };
    const done = await attempt();
    if (done) onDeleted();
    return done;
  },

  /** SPEC §6: a non-owner leaves, after the "unsubscribe from album" confirmation. */
  async leave(jobId: string): Promise<boolean> {
    const confirmed = await confirmDialog({
      title: { key: 'albums.leave.confirmTitle' },
      body: { key: 'albums.leave.confirmBody' },
      confirmLabel: { key: 'albums.leave.confirm' },
      destructive: true,
    });
    if (!confirmed) return false;
    const ok = await withToasts({
      run: () => albumCalls.unsubscribe(jobId),
      done: 'albums.leave.left',
      failed: 'albums.leave.failed',
    });
    if (ok) await refreshAlbum(jobId);
    return ok;
  },

  subscribe: (jobId: string) =>
    withToasts({
      run: async () => {
        await albumCalls.subscribe(jobId);
        await refreshAlbum(jobId);
      },
      done: 'albums.subscribe.done',
      failed: 'albums.subscribe.failed',
    }),

  /**
   * SPEC §8 copy to the timeline, the whole album or these of its files (the selection's
   * COPY_TO_TIMELINE, SPEC §4): 413 gives the out-of-storage popup; others "please try again".
   */
  async copyToTimeline(jobId: string, fileIds?: readonly string[]): Promise<boolean> {
    const end = longTaskStore.getState().begin('copy');
    const progress = showToast({
      kind: 'progress',
      message: { key: fileIds ? 'albums.copy.copyingFiles' : 'albums.copy.copying' },
      durationMs: null,
    });
    try {
      const { files } = await albumCalls.copyToTimeline(jobId, fileIds);
      storageQuotaStore.getState().storageChanged();
      trackEngaged('timeline_add_finish');
      showToast({ message: { key: 'albums.copy.done', values: { count: files.length } } });
      return true;
    } catch (failure) {
      const failed = fileIds ? 'albums.copy.filesFailed' : 'albums.copy.failed';
      showCopyFailure(failure, { key: failed }, ALBUM_COPY_FAILURE_TOAST_MS);
      return false;
    } finally {
      dismissToast(progress);
      end();
    }
  },
};
