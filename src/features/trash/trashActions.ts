import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import {
  MULTI_ROLLBACK_BATCH,
  MULTI_ROLLBACK_PARALLEL,
  MultiRollbackResponseSchema,
} from '../../api/contract/rollback';
import { EmptyTrashResponseSchema, TRASH_PAGE_MAX } from '../../api/contract/trash';
import { actionFailure, needsNetwork, OFFLINE_MESSAGE } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { longTaskStore } from '../../state/longTasks';
import { popupStore } from '../../state/popups';
import { storageQuotaStore } from '../../state/storageQuota';
import { limited } from '../../domain/concurrency';
import { dismissToast, showToast, updateToast } from '../../state/toasts';
import { STORAGE_POPUPS } from '../storage';

/** SPEC §7: what the trash's archives are called (a file name, the same in every language). */
export const TRASH_ZIP_NAME = 'deleted items';

/** A trashed file as the actions need it: its id and the job it was deleted from. */
export interface TrashedRef {
  id: string;
  job: string;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Restores trashed files to their jobs (SPEC §7 multi_rollback: batches of 200, 5 at a time),
 * with the SPEC §8 toasts: progress, "restored" with "go to timeline", "incomplete: N failed",
 * and the restored-more-than-storage popup on quota_exceeded_error. Resolves the restored ids.
 */
export async function restoreTrashed(
  client: ApiClient,
  files: readonly TrashedRef[],
  goToTimeline: () => void,
): Promise<string[]> {
  if (files.length === 0) return [];
  const end = longTaskStore.getState().begin('restore');
  const progress = showToast({
    kind: 'progress',
    message: { key: 'trash.restoring', values: { count: files.length } },
    durationMs: null,
  });
  const byJob = new Map<string, string[]>();
  for (const file of files) {
    const ids = byJob.get(file.job);
    if (ids) ids.push(file.id);
    else byJob.set(file.job, [file.id]);
  }
  const batches = [...byJob].flatMap(([job, ids]) =>
    chunks(ids, MULTI_ROLLBACK_BATCH).map((batch) => ({ job, batch })),
  );
  const restored: string[] = [];
  let failed = 0;
  let quota = false;
  /** A batch failed for want of the network: the failure says so (issue 19). */
  let offline = false;
  let settled = 0;
  async function restoreBatch(job: string, batch: readonly string[]): Promise<void> {
    try {
      const { data } = await client.request({
        call: callTo(CALLS.multiRollback, { id: job }),
        body: { file_uuids: batch },
        schema: MultiRollbackResponseSchema,
      });
      for (const result of data.results) {
        if (result.status === 'ok') restored.push(result.file_uuid);
        else {
          failed++;
          if (result.error_reason === 'quota_exceeded_error') quota = true;
        }
      }
    } catch (error) {
      failed += batch.length;
      if (needsNetwork(error)) offline = true;
    }
  }
  try {
    await limited(batches, MULTI_ROLLBACK_PARALLEL, async ({ job, batch }) => {
      try {
        await restoreBatch(job, batch);
      } finally {
        // SPEC §4 restore-all progress: the count moves as each batch of 200 comes back.
        settled += batch.length;
        if (settled < files.length) {
          updateToast(progress, {
            key: 'trash.restoringProgress',
            values: { done: settled, count: files.length },
          });
        }
      }
    });
  } finally {
    dismissToast(progress);
    end();
  }
  if (restored.length > 0) storageQuotaStore.getState().storageChanged();
  if (quota) popupStore.getState().enqueue(STORAGE_POPUPS.restoredMoreThanAvailable);
  if (failed === 0) {
    showToast({
      message: { key: 'trash.restored', values: { count: restored.length } },
      action: { label: { key: 'trash.goToTimeline' }, run: goToTimeline },
    });
  } else {
    showToast({
      kind: 'error',
      message: offline
        ? OFFLINE_MESSAGE
        : { key: 'trash.restoreIncomplete', values: { count: failed } },
    });
  }
  return restored;
}

/** Deletes trashed files for good (POST /empty_trash_can, 1,000 a call); resolves the ids gone. */
export async function purgeTrashed(client: ApiClient, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const end = longTaskStore.getState().begin('delete');
  const progress = showToast({
    kind: 'progress',
    message: { key: 'trash.deleting', values: { count: ids.length } },
    durationMs: null,
  });
  const gone: string[] = [];
  try {
    for (const chunk of chunks(ids, TRASH_PAGE_MAX)) {
      const { data } = await client.request({
        call: callTo(CALLS.emptyTrash),
        body: { fileid: chunk },
        schema: EmptyTrashResponseSchema,
      });
      gone.push(...data.deleted);
    }
    showToast({ message: { key: 'trash.deleted', values: { count: gone.length } } });
  } catch (error) {
    showToast({
      kind: 'error',
      message: actionFailure(error, {
        key: 'trash.deleteFailed',
        values: { count: ids.length - gone.length },
      }),
    });
  } finally {
    dismissToast(progress);
    end();
  }
  return gone;
}
