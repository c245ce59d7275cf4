import type { CallTarget } from './contract/callTarget';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import type { ApiClient } from './http';
import { deleteFiles, isForbiddenDeletion } from './deleteFiles';

function fakeClient(answer: (id: string) => ApiError | null) {
  let active = 0;
  let maxActive = 0;
  const paths: string[] = [];
  const client = {
    request: async ({ call: opts }: { call: CallTarget }) => {
      paths.push(`${opts.method} ${opts.path}`);
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 1));
      active--;
      const error = answer(opts.path.split('/').pop() ?? '');
      if (error) throw error;
      return { data: undefined, headers: new Headers(), status: 204 };
    },
  } as unknown as ApiClient;
  return { client, paths, maxActive: () => maxActive };
}

const error = (status: number, kind: ApiError['kind'], body = '') =>
  new ApiError({ kind, status, method: 'DELETE', path: '/x', body });

describe('deleteFiles', () => {
  it('deletes every file with DELETE files_by_id, at most 5 at once', async () => {
    const fake = fakeClient(() => null);
    const ids = Array.from({ length: 12 }, (_, i) => `f-${i}`);
    const outcome = await deleteFiles(fake.client, 'job 1', ids);
    expect(outcome).toEqual({
      deleted: expect.arrayContaining(ids) as string[],
      failed: [],
      forbidden: false,
      offline: false,
    });
    expect(outcome.deleted).toHaveLength(12);
    expect(fake.paths[0]).toBe('DELETE /jobs/job%201/files_by_id/f-0');
    expect(fake.maxActive()).toBe(5);
  });

  it('collects failures and counts an already deleted file as deleted', async () => {
    const fake = fakeClient((id) =>
      id === 'gone' ? error(404, 'notFound') : id === 'bad' ? error(500, 'server') : null,
    );
    const outcome = await deleteFiles(fake.client, 'j', ['ok', 'gone', 'bad']);
    expect(outcome.deleted.sort()).toEqual(['gone', 'ok']);
    expect(outcome.failed).toEqual(['bad']);
    expect(outcome.forbidden).toBe(false);
    expect(outcome.offline).toBe(false);
  });

  it('flags failures for want of the network (refused offline, or the network failed)', async () => {
    const refused = fakeClient(
      () => new ApiError({ kind: 'offline', method: 'DELETE', path: '/x' }),
    );
    expect(await deleteFiles(refused.client, 'j', ['a'])).toEqual({
      deleted: [],
      failed: ['a'],
      forbidden: false,
      offline: true,
    });
    const dropped = fakeClient(
      () => new ApiError({ kind: 'network', method: 'DELETE', path: '/x' }),
    );
    expect((await deleteFiles(dropped.client, 'j', ['a'])).offline).toBe(true);
  });

  it('flags a Forbidden refusal so no retry is offered', async () => {
    const fake = fakeClient(() =>
      error(403, 'forbidden', '{"error":"forbidden","message":"Forbidden"}'),
    );
    expect((await deleteFiles(fake.client, 'j', ['a'])).forbidden).toBe(true);
    const byMessage = fakeClient(() => error(400, 'badRequest', '{"message":"Forbidden"}'));
    expect((await deleteFiles(byMessage.client, 'j', ['a'])).forbidden).toBe(true);
  });

  it('reads Forbidden from the status, the JSON message or a plain-text body, nothing else', () => {
    expect(isForbiddenDeletion(error(403, 'forbidden'))).toBe(true);
    expect(isForbiddenDeletion(error(500, 'server', 'Forbidden'))).toBe(true);
    expect(isForbiddenDeletion(error(500, 'server', '{"message":"Forbidden"}'))).toBe(true);
    expect(isForbiddenDeletion(error(500, 'server', '{"message":"Not found"}'))).toBe(false);
    expect(isForbiddenDeletion(error(500, 'server', 'Forbidden fruit'))).toBe(false);
    expect(isForbiddenDeletion(new Error('Forbidden'))).toBe(false);
  });
});
