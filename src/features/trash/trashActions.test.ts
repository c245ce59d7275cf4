import type { CallTarget } from '../../api/contract/callTarget';
/** A request as the fakes read it: its call's method, host, path and query beside the rest. */
const flat = <T>({ call, ...rest }: { call: CallTarget }): T =>
  ({ ...rest, method: call.method, host: call.host, path: call.path, query: call.query }) as T;
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { readString } from '../../state/persisted';
import { toastStore } from '../../state/toasts';
import { purgeTrashed, restoreTrashed } from './trashActions';

afterEach(() => toastStore.setState({ toasts: [] }));

/** A client whose multi_rollback restores every file, and records the progress toast it saw. */
function fakeClient(seen: string[]) {
  return {
    request: (options: { body: { file_uuids: string[] } }) => {
      const progress = toastStore.getState().toasts.find((t) => t.kind === 'progress');
      if (progress) seen.push(JSON.stringify(progress.message.values));
      return Promise.resolve({
        data: {
          results: options.body.file_uuids.map((id) => ({ file_uuid: id, status: 'ok' })),
          quota: { used_space: 0, max_space: 1 },
        },
      });
    },
  } as unknown as ApiClient;
}

describe('restoreTrashed', () => {
  it('restores in batches of 200 and counts the progress up as batches come back', async () => {
    const files = Array.from({ length: 2_000 }, (_, i) => ({ id: `f-${i}`, job: 'j' }));
    const seen: string[] = [];
    const restored = await restoreTrashed(fakeClient(seen), files, () => undefined);
    expect(restored).toHaveLength(2_000);
    // The first batches start under "Restoring 2,000 items"; later ones see the count move.
    const counts = seen.map((v) => (JSON.parse(v) as { done?: number }).done ?? 0);
    expect(counts[0]).toBe(0);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(1_000);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // Done: the progress toast is gone, the "restored" toast says how many.
    const toasts = toastStore.getState().toasts;
    expect(toasts.some((t) => t.kind === 'progress')).toBe(false);
    expect(toasts.at(-1)?.message).toMatchObject({
      key: 'trash.restored',
      values: { count: 2_000 },
    });
  });

  it('offline, the restore says it needs the network instead of its own failure (issue 19)', async () => {
    const offline = {
      request: () => Promise.reject(new ApiError({ kind: 'offline', method: 'POST', path: '/x' })),
    } as unknown as ApiClient;
    const files = [{ id: 'a', job: 'j' }];
    expect(await restoreTrashed(offline, files, () => undefined)).toEqual([]);
    const toasts = toastStore.getState().toasts;
    expect(toasts.at(-1)).toMatchObject({ kind: 'error', message: { key: 'errors.api.offline' } });
  });
});

describe('the long-running task markers (SPEC §9)', () => {
  it('filesAreBeingRestored while a restore runs, filesAreBeingDeleted while a purge runs', async () => {
    const seen: (string | null)[] = [];
    const client = {
      request: (raw: { call: CallTarget }) => {
        const options = flat<{ path: string; body: { file_uuids?: string[]; fileid?: string[] } }>(
          raw,
        );
        seen.push(
          readString(
            options.path === '/empty_trash_can' ? 'filesAreBeingDeleted' : 'filesAreBeingRestored',
          ),
        );
        return Promise.resolve({
          data: options.body.fileid
            ? { deleted: options.body.fileid }
            : {
                results: options.body.file_uuids!.map((id) => ({ file_uuid: id, status: 'ok' })),
                quota: { used_space: 0, max_space: 1 },
              },
        });
      },
    } as unknown as ApiClient;
    await restoreTrashed(client, [{ id: 'a', job: 'j' }], () => undefined);
    expect(readString('filesAreBeingRestored')).toBeNull();
    await purgeTrashed(client, ['b']);
    expect(readString('filesAreBeingDeleted')).toBeNull();
    expect(seen).toHaveLength(2);
    expect(seen.every((marker) => marker !== null)).toBe(true);
  });
});
