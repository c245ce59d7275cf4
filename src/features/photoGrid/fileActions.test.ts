import type { CallTarget } from '../../api/contract/callTarget';
/** A request as the fakes read it: its call's method, host, path and query beside the rest. */
const flat = <T>({ call, ...rest }: { call: CallTarget }): T =>
  ({ ...rest, method: call.method, host: call.host, path: call.path, query: call.query }) as T;
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { dialogStore } from '../../state/dialogs';
import { readString } from '../../state/persisted';
import { longTaskStore } from '../../state/longTasks';
import { popupStore } from '../../state/popups';
import { storageQuotaStore } from '../../state/storageQuota';
import { toastStore } from '../../state/toasts';
import { STORAGE_POPUPS } from '../storage';
import { createFileActions } from './fileActions';

interface Call {
  method: string;
  path: string;
  body?: { file_uuids: string[] };
}

function grid() {
  return {
    pending: new Set<string>(),
    removed: [] as string[],
    refreshed: 0,
    setPendingDelete(ids: Iterable<string>, on: boolean) {
      for (const id of ids) {
        if (on) this.pending.add(id);
        else this.pending.delete(id);
      }
    },
    removeFiles(ids: Iterable<string>) {
      const list = [...ids];
      this.removed.push(...list);
      return list.length;
    },
    refresh() {
      this.refreshed++;
    },
  };
}

function client(answer: (call: Call) => Promise<unknown>) {
  const calls: Call[] = [];
  let running = 0;
  let maxRunning = 0;
  const request = vi.fn(async (raw: { call: CallTarget }) => {
    const call = flat<Call>(raw);
    calls.push(call);
    running++;
    maxRunning = Math.max(maxRunning, running);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { data: await answer(call), headers: new Headers(), status: 200 };
    } finally {
      running--;
    }
  });
  return { api: { request } as unknown as ApiClient, calls, maxRunning: () => maxRunning };
}

const serverError = (message = 'boom') =>
  new ApiError({
    kind: 'server',
    method: 'DELETE',
    path: '/jobs/j/files_by_id/x',
    status: 500,
    body: JSON.stringify({ error: 'x', message }),
  });

/** Answers the next confirm dialog. */
async function answerConfirm(confirmed: boolean) {
  await vi.waitFor(() => expect(dialogStore.getState().queue.length).toBeGreaterThan(0));
  const dialog = dialogStore.getState().queue[0];
  dialogStore.getState().settle(dialog.id, confirmed);
  return dialog;
}

const toasts = () => toastStore.getState().toasts;

afterEach(() => {
  for (const toast of toasts()) toastStore.getState().dismiss(toast.id);
  popupStore.setState({ queue: [] });
});

describe('delete with undo', () => {
  it('asks with the single-file wording, dims, deletes, takes the file out and offers undo', async () => {
    const g = grid();
    const during: unknown[] = [];
    const c = client(() => {
      during.push(
        g.pending.has('a'),
        readString('filesAreBeingDeleted') !== null,
        toasts().some((t) => t.kind === 'progress' && t.durationMs === null),
      );
      return Promise.resolve(undefined);
    });
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    const freed = storageQuotaStore.getState().freedSerial;
    const done = actions.requestDelete(['a']);
    const dialog = await answerConfirm(true);
    expect(dialog.title).toEqual({ key: 'timeline.delete.confirmTitleOne' });
    await done;
    expect(c.calls).toEqual([
      {
        method: 'DELETE',
        host: 'app',
        path: '/jobs/job/files_by_id/a',
        query: {},
        responseType: 'none',
      },
    ]);
    // While the call ran: dimmed, marker set, a progress toast without dismiss.
    expect(during).toEqual([true, true, true]);
    expect(g.removed).toEqual(['a']);
    expect(storageQuotaStore.getState().freedSerial).toBe(freed + 1);
    expect(readString('filesAreBeingDeleted')).toBeNull();
    const success = toasts().find((t) => t.kind === 'success');
    expect(success?.message).toEqual({ key: 'timeline.delete.deleted', values: { count: 1 } });
    expect(success?.action?.label.key).toBe('timeline.delete.undo');
    expect(toasts().some((t) => t.kind === 'progress')).toBe(false);
  });

  it('uses the count wording and runs at most five deletes at once', async () => {
    const g = grid();
    const c = client(() => Promise.resolve(undefined));
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    const ids = Array.from({ length: 12 }, (_, i) => `f${i}`);
    const done = actions.requestDelete(ids);
    const dialog = await answerConfirm(true);
    expect(dialog.title).toEqual({
      key: 'timeline.delete.confirmTitleMany',
      values: { count: 12 },
    });
    await done;
    expect(c.calls).toHaveLength(12);
    expect(c.maxRunning()).toBe(5);
  });

  it('a cancelled confirmation deletes nothing; a second request while asking asks nothing more', async () => {
    const g = grid();
    const c = client(() => Promise.resolve(undefined));
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    const first = actions.requestDelete(['a']);
    const second = actions.requestDelete(['a']);
    await second;
    expect(dialogStore.getState().queue).toHaveLength(1);
    await answerConfirm(false);
    await first;
    expect(c.calls).toHaveLength(0);
    expect(g.pending.size).toBe(0);
  });

  it('failures come back undimmed with the failure text and a retry', async () => {
    const g = grid();
    const c = client((call) =>
      call.path.endsWith('/b') ? Promise.reject(serverError()) : Promise.resolve(undefined),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    await actions.deleteNow(['a', 'b']);
    expect(g.removed).toEqual(['a']);
    expect(g.pending.has('b')).toBe(false);
    const error = toasts().find((t) => t.kind === 'error');
    expect(error?.message).toEqual({ key: 'timeline.delete.failed', values: { count: 1 } });
    expect(error?.action?.label.key).toBe('common.retry');
  });

  it('offline, the deletion says it needs the network and the files stay (issue 19)', async () => {
    const g = grid();
    const c = client((call) =>
      Promise.reject(new ApiError({ kind: 'offline', method: 'DELETE', path: call.path })),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    await actions.deleteNow(['a', 'b']);
    expect(g.removed).toEqual([]);
    expect(g.pending.size).toBe(0);
    const error = toasts().find((t) => t.kind === 'error');
    expect(error?.message).toEqual({ key: 'errors.api.offline' });
    expect(error?.action?.label.key).toBe('common.retry');
  });

  it('a file already gone (404) is taken out like a deleted one, as on /documents', async () => {
    const g = grid();
    const c = client((call) =>
      call.path.endsWith('/b')
        ? Promise.reject(
            new ApiError({ kind: 'notFound', status: 404, method: 'DELETE', path: call.path }),
          )
        : Promise.resolve(undefined),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    await actions.deleteNow(['a', 'b']);
    expect(g.removed.sort()).toEqual(['a', 'b']);
    expect(toasts().find((t) => t.kind === 'error')).toBeUndefined();
  });

  it('no retry when the server says Forbidden (SPEC §8); no undo for a non-owner', async () => {
    const g = grid();
    const c = client((call) =>
      call.path.endsWith('/b')
        ? Promise.reject(serverError('Forbidden'))
        : Promise.resolve(undefined),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => false,
      grid: g,
    });
    await actions.deleteNow(['a', 'b']);
    expect(toasts().find((t) => t.kind === 'error')?.action).toBeUndefined();
    expect(toasts().find((t) => t.kind === 'success')?.action).toBeUndefined();
  });
});

describe('the undo offer (SPEC §6)', () => {
  it('is asked when the deleted toast shows, so a role changed since is honoured', async () => {
    let mayUndo = true;
    const c = client(() => Promise.resolve(undefined));
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => mayUndo,
      grid: grid(),
    });
    await actions.deleteNow(['a']);
    expect(toasts().find((t) => t.kind === 'success')?.action?.label).toEqual({
      key: 'timeline.delete.undo',
    });
    for (const toast of toasts()) toastStore.getState().dismiss(toast.id);
    mayUndo = false;
    await actions.deleteNow(['b']);
    const deleted = toasts().find((t) => t.kind === 'success');
    expect(deleted?.message).toEqual({ key: 'timeline.delete.deleted', values: { count: 1 } });
    expect(deleted?.action).toBeUndefined();
  });
});

describe('restore (undo)', () => {
  it('sends batches of 200, at most 5 at once, and refreshes the grid', async () => {
    const g = grid();
    const c = client((call) =>
      Promise.resolve({
        results: call.body!.file_uuids.map((id) => ({ file_uuid: id, status: 'ok' })),
        quota: { used_space: 10, max_space: 100 },
      }),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    const ids = Array.from({ length: 1234 }, (_, i) => `f${i}`);
    const restoring = actions.restore(ids);
    expect(longTaskStore.getState().running.restore).toBe(1);
    expect(readString('filesAreBeingRestored')).not.toBeNull();
    const outcome = await restoring;
    expect(c.calls.map((call) => call.body!.file_uuids.length)).toEqual([
      200, 200, 200, 200, 200, 200, 34,
    ]);
    expect(c.calls[0].path).toBe('/jobs/job/multi_rollback');
    expect(c.maxRunning()).toBe(5);
    expect(outcome.restored).toHaveLength(1234);
    expect(g.refreshed).toBe(1);
    expect(storageQuotaStore.getState().usedSpace).toBe(10);
    expect(readString('filesAreBeingRestored')).toBeNull();
    expect(toasts().find((t) => t.kind === 'success')?.message).toEqual({
      key: 'timeline.restore.restored',
      values: { count: 1234 },
    });
  });

  it('reports per-file failures with the count, and the storage popup on quota errors', async () => {
    const g = grid();
    const c = client((call) =>
      Promise.resolve({
        results: call.body!.file_uuids.map((id, i) =>
          i === 0
            ? { file_uuid: id, status: 'ok' }
            : { file_uuid: id, status: 'error', error_reason: 'quota_exceeded_error' },
        ),
        quota: { used_space: 100, max_space: 100 },
      }),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    const outcome = await actions.restore(['a', 'b', 'c']);
    expect(outcome.failed.map((f) => f.reason)).toEqual([
      'quota_exceeded_error',
      'quota_exceeded_error',
    ]);
    expect(popupStore.getState().queue.map((p) => p.kind)).toEqual([
      STORAGE_POPUPS.restoredMoreThanAvailable,
    ]);
    expect(toasts().find((t) => t.kind === 'error')?.message).toEqual({
      key: 'timeline.restore.partial',
      values: { failed: 2, count: 3 },
    });
  });

  it('offline, the undo says it needs the network and still offers to retry (issue 19)', async () => {
    const g = grid();
    const c = client((call) =>
      Promise.reject(new ApiError({ kind: 'offline', method: 'POST', path: call.path })),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    const outcome = await actions.restore(['a', 'b']);
    expect(outcome.failed.map((f) => f.reason)).toEqual(['offline', 'offline']);
    const error = toasts().find((t) => t.kind === 'error');
    expect(error?.message).toEqual({ key: 'errors.api.offline' });
    expect(error?.action?.label.key).toBe('common.retry');
  });

  it('undo from the success toast restores once, however often it is clicked', async () => {
    const g = grid();
    const c = client((call) =>
      call.method === 'DELETE'
        ? Promise.resolve(undefined)
        : Promise.resolve({
            results: call.body!.file_uuids.map((id) => ({ file_uuid: id, status: 'ok' })),
            quota: { used_space: 1, max_space: 2 },
          }),
    );
    const actions = createFileActions({
      client: c.api,
      jobId: 'job',
      mayUndo: () => true,
      grid: g,
    });
    await actions.deleteNow(['a']);
    const undo = toasts().find((t) => t.kind === 'success')!.action!;
    undo.run();
    undo.run();
    await vi.waitFor(() => expect(g.refreshed).toBe(1));
    expect(c.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
