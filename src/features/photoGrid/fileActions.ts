import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import {
  MULTI_ROLLBACK_BATCH,
  MULTI_ROLLBACK_PARALLEL,
  MultiRollbackResponseSchema,
  type RollbackErrorReason,
} from '../../api/contract/rollback';
import { deleteFiles } from '../../api/deleteFiles';
import { needsNetwork, OFFLINE_MESSAGE } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { confirmDialog } from '../../state/dialogs';
import { popupStore } from '../../state/popups';
import { storageQuotaStore } from '../../state/storageQuota';
import { longTaskStore } from '../../state/longTasks';
import { dismissToast, showToast } from '../../state/toasts';
import { runLimited } from '../../domain/concurrency';
import { STORAGE_POPUPS } from '../storage';

/** What the actions need of the grid: dim, take out, and bring back files. */
export interface FileActionsGrid {
  setPendingDelete: (ids: Iterable<string>, pending: boolean) => void;
  removeFiles: (ids: Iterable<string>) => number;
  /** Restored files are back on the server: show them again (fresh sections). */
  refresh: () => void;
}

export interface FileActionsOptions {
  client: ApiClient;
  jobId: string;
  /**
   * Whether the deleted toast offers Undo, asked when the toast shows (a subscription bought
   * meanwhile counts): SPEC §6, see `domain/undoDelete`.
   */
  mayUndo: () => boolean;
  grid: FileActionsGrid;
  /** SPEC §8: the confirmation of a single file's delete words the timeline and an album apart. */
  wording?: 'timeline' | 'album';
}

export interface RestoreOutcome {
  restored: string[];
  /** `offline`: the call never reached the server (issue 19). */
  failed: { id: string; reason: RollbackErrorReason | 'request_failed' | 'offline' }[];
}

/**
 * Delete with undo (SPEC §4 File deletion, §8, §9) for one job's grid: confirm, mark pending
 * (dimmed), DELETE each file, then take them out or bring them back with the failure text and
 * a retry offer; undo restores through multi_rollback. Double requests for files already on
 * their way are ignored.
 */
export function createFileActions({
  client,
  jobId,
  mayUndo,
  grid,
  wording = 'timeline',
}: FileActionsOptions) {
  const inFlight = new Set<string>();
  /** Files whose confirmation is showing: a second Delete for them asks nothing more. */
  const asking = new Set<string>();

  /** Deletes at once; resolves with the ids the server deleted. */
  async function deleteNow(ids: readonly string[]): Promise<string[]> {
    const todo = ids.filter((id) => !inFlight.has(id));
    if (todo.length === 0) return [];
    for (const id of todo) inFlight.add(id);
    const end = longTaskStore.getState().begin('delete');
    grid.setPendingDelete(todo, true);
    const progress = showToast({
      kind: 'progress',
      message: { key: 'timeline.delete.deleting', values: { count: todo.length } },
    });
    try {
      const { deleted, failed, forbidden, offline } = await deleteFiles(client, jobId, todo);
      if (deleted.length > 0) {
        grid.removeFiles(deleted);
        storageQuotaStore.getState().storageChanged();
        showToast({
          message: { key: 'timeline.delete.deleted', values: { count: deleted.length } },
          ...(mayUndo() ? { action: undoAction(deleted) } : {}),
        });
      }
      if (failed.length > 0) {
        grid.setPendingDelete(failed, false);
        showToast({
          kind: 'error',
          message: offline
            ? OFFLINE_MESSAGE
            : { key: 'timeline.delete.failed', values: { count: failed.length } },
          ...(forbidden
            ? {}
            : {
                action: {
                  label: { key: 'common.retry' },
                  run: () => void deleteNow(failed),
                },
              }),
        });
      }
      return deleted;
    } finally {
      for (const id of todo) inFlight.delete(id);
      dismissToast(progress);
      end();
    }
  }

  function undoAction(ids: readonly string[]) {
    let used = false;
    return {
      label: { key: 'timeline.delete.undo' as const },
      run: () => {
        if (used) return;
        used = true;
        void restore(ids);
      },
    };
  }

  async function restoreBatches(ids: readonly string[]): Promise<RestoreOutcome> {
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += MULTI_ROLLBACK_BATCH) {
      batches.push(ids.slice(i, i + MULTI_ROLLBACK_BATCH));
    }
    const outcome: RestoreOutcome = { restored: [], failed: [] };
    let quota: { used_space: number; max_space: number } | null = null;
    const results = await runLimited(batches, MULTI_ROLLBACK_PARALLEL, (batch) =>
      client.request({
        call: callTo(CALLS.multiRollback, { id: jobId }),
        body: { file_uuids: batch },
        schema: MultiRollbackResponseSchema,
      }),
    );
    results.forEach((result, b) => {
      if (result.status === 'rejected') {
        const reason = needsNetwork(result.reason) ? 'offline' : 'request_failed';
        for (const id of batches[b]) outcome.failed.push({ id, reason });
        return;
      }
      quota = result.value.data.quota;
      const answered = new Map(result.value.data.results.map((r) => [r.file_uuid, r]));
      for (const id of batches[b]) {
        const r = answered.get(id);
        if (r?.status === 'ok') outcome.restored.push(id);
        else outcome.failed.push({ id, reason: r?.error_reason ?? 'unable_to_rollback_error' });
      }
    });
    const last = quota as { used_space: number; max_space: number } | null;
    if (outcome.restored.length > 0) {
      storageQuotaStore
        .getState()
        .storageChanged(
          last ? { usedSpace: last.used_space, maxSpace: last.max_space } : undefined,
        );
    }
    return outcome;
  }

  /** Undo: puts the files back (SPEC §7 multi_rollback) and shows them in place again. */
  async function restore(ids: readonly string[]): Promise<RestoreOutcome> {
    const end = longTaskStore.getState().begin('restore');
    const progress = showToast({
      kind: 'progress',
      message: { key: 'timeline.restore.restoring', values: { count: ids.length } },
    });
    try {
      const outcome = await restoreBatches(ids);
      if (outcome.restored.length > 0) grid.refresh();
      if (outcome.failed.some((f) => f.reason === 'quota_exceeded_error')) {
        popupStore.getState().enqueue(STORAGE_POPUPS.restoredMoreThanAvailable);
      }
      const offline = outcome.failed.some((f) => f.reason === 'offline');
      if (outcome.failed.length === 0) {
        showToast({
          message: { key: 'timeline.restore.restored', values: { count: outcome.restored.length } },
        });
      } else if (outcome.restored.length > 0) {
        showToast({
          kind: 'error',
          message: offline
            ? OFFLINE_MESSAGE
            : {
                key: 'timeline.restore.partial',
                values: { failed: outcome.failed.length, count: ids.length },
              },
        });
      } else {
        showToast({
          kind: 'error',
          message: offline
            ? OFFLINE_MESSAGE
            : { key: 'timeline.restore.failed', values: { count: ids.length } },
          action: { label: { key: 'common.retry' }, run: () => void restore(ids) },
        });
      }
      return outcome;
    } finally {
      dismissToast(progress);
      end();
    }
  }

  return {
    /**
     * Asks with the timeline's or the album's wording (one file or a count), then deletes; resolves with the ids
     * deleted (none when cancelled).
     */
    async requestDelete(ids: readonly string[]): Promise<string[]> {
      const todo = [...new Set(ids)].filter((id) => !inFlight.has(id) && !asking.has(id));
      if (todo.length === 0) return [];
      for (const id of todo) asking.add(id);
      const one = todo.length === 1;
      const confirmed = await confirmDialog({
        title: one
          ? { key: 'timeline.delete.confirmTitleOne' }
          : { key: 'timeline.delete.confirmTitleMany', values: { count: todo.length } },
        body:
          wording === 'album'
            ? { key: 'albums.removeFiles.confirmBody', values: { count: todo.length } }
            : one
              ? { key: 'timeline.delete.confirmBodyOne' }
              : { key: 'timeline.delete.confirmBodyMany', values: { count: todo.length } },
        confirmLabel: { key: 'timeline.delete.confirm' },
        destructive: true,
      }).finally(() => {
        for (const id of todo) asking.delete(id);
      });
      return confirmed ? deleteNow(todo) : [];
    },
    deleteNow,
    restore,
  };
}

export type FileActions = ReturnType<typeof createFileActions>;
