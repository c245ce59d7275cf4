import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { ChangesResponseSchema } from '../../src/api/contract/changes';
import { FilesResponseSchema, type FileInfo } from '../../src/api/contract/files';
import { TimelineMonthsResponseSchema } from '../../src/api/contract/jobs';
import { MultiRollbackResponseSchema } from '../../src/api/contract/rollback';
import { parseFileId } from '../db/ids';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let memberAuth: { authorization: string };
let jobId: string;
let media: FileInfo[];

beforeAll(async () => {
  server = await testServer(400, 1);
  ({ auth } = await login(server.app));
  ({ auth: memberAuth } = await login(server.app, 'user1@example.com'));
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  media = FilesResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${jobId}/files`, headers: auth })).json(),
  ).files.filter((f) => f.type !== 'document' && !f.group);
});
afterAll(() => server.close());

const account = async () =>
  AccountInfoSchema.parse(
    (await server.app.inject({ url: '/account_info', headers: auth })).json(),
  );
const monthsTotal = async () =>
  TimelineMonthsResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${jobId}/timeline/months`, headers: auth })).json(),
  ).months.reduce((n, m) => n + m.counts.pictures + m.counts.videos + m.counts.screenshots, 0);
const serialNow = async () =>
  z
    .number()
    .parse(
      ChangesResponseSchema.parse(
        (await server.app.inject({ url: `/jobs/${jobId}/changes?since=0`, headers: auth })).json(),
      ).info.last_serial,
    );
const trash = async (id: string) => {
  const res = await server.app.inject({
    method: 'DELETE',
    url: `/jobs/${jobId}/files_by_id/${id}`,
    headers: auth,
  });
  expect(res.statusCode).toBe(204);
};
const rollback = (ids: string[], headers: Record<string, string> = auth, job = jobId) =>
  server.app.inject({
    method: 'POST',
    url: `/jobs/${job}/multi_rollback`,
    headers,
    payload: { file_uuids: ids },
  });
const setMaxSpace = (bytes: number) =>
  server.ctx.db
    .prepare('UPDATE users SET max_space = ? WHERE id = ?')
    .run(bytes, server.seed.demoUserId);

describe('DELETE /jobs/{id}/files_by_id/{fileId}', () => {
  it('trashes the file: change type 1, counts and used space drop', async () => {
    const file = media[0];
    const before = {
      account: await account(),
      months: await monthsTotal(),
      serial: await serialNow(),
    };
    await trash(file.id);
    const after = await account();
    expect(after.used_space).toBe(before.account.used_space - file.size);
    expect(await monthsTotal()).toBe(before.months - 1);
    const changes = ChangesResponseSchema.parse(
      (
        await server.app.inject({
          url: `/jobs/${jobId}/changes?since=${before.serial}`,
          headers: auth,
        })
      ).json(),
    ).changes;
    expect(changes).toEqual([{ serial: before.serial + 1, type: 1, id: file.id }]);
    // Back for the next tests.
    expect(
      MultiRollbackResponseSchema.parse((await rollback([file.id])).json()).results[0].status,
    ).toBe('ok');
  });

  it('is not a member’s for the owner’s files: Forbidden (SPEC §6, §8)', async () => {
    const album = server.ctx.db
      .prepare(
        `SELECT j.uuid FROM jobs j JOIN job_members m ON m.job = j.id
         WHERE j.owner_id = ? LIMIT 1`,
      )
      .get(server.seed.demoUserId) as { uuid: string };
    const files = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${album.uuid}/files`, headers: memberAuth })).json(),
    ).files;
    expect(files.length).toBeGreaterThan(0);
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${album.uuid}/files_by_id/${files[0].id}`,
      headers: memberAuth,
    });
    expect(res.statusCode).toBe(403);
    // Nor restore there (undo of a deletion is the owner's).
    expect((await rollback([files[0].id], memberAuth, album.uuid)).statusCode).toBe(404);
  });
});

describe('POST /jobs/{id}/multi_rollback', () => {
  it('restores trashed files in place with per-file reasons and the quota', async () => {
    const [a, b, live] = [media[1], media[2], media[3]];
    const before = { account: await account(), months: await monthsTotal() };
    await trash(a.id);
    await trash(b.id);
    const serial = await serialNow();
    const waiting = server.app.inject({
      url: `/poll?seq=${serial}&event=job_changed:${jobId}`,
      headers: auth,
    });
    const res = await rollback([a.id, 'zzzzzz-0000', live.id, b.id, 'not an id']);
    expect(res.statusCode).toBe(200);
    const answer = MultiRollbackResponseSchema.parse(res.json());
    expect(answer.results).toEqual([
      { file_uuid: a.id, status: 'ok' },
      { file_uuid: 'zzzzzz-0000', status: 'error', error_reason: 'file_not_found_error' },
      { file_uuid: live.id, status: 'error', error_reason: 'unable_to_rollback_error' },
      { file_uuid: b.id, status: 'ok' },
      { file_uuid: 'not an id', status: 'error', error_reason: 'file_not_found_error' },
    ]);
    const after = await account();
    expect(after.used_space).toBe(before.account.used_space);
    expect(answer.quota).toEqual({ used_space: after.used_space, max_space: after.max_space });
    expect(await monthsTotal()).toBe(before.months);
    // One change type 0 per restored file; the poll woke with the last serial.
    const changes = ChangesResponseSchema.parse(
      (
        await server.app.inject({ url: `/jobs/${jobId}/changes?since=${serial}`, headers: auth })
      ).json(),
    ).changes;
    expect(changes).toEqual([
      { serial: serial + 1, type: 0, id: a.id },
      { serial: serial + 2, type: 0, id: b.id },
    ]);
    const woke = await waiting;
    expect(woke.statusCode).toBe(200);
    expect(Number(woke.body.split('\n')[0])).toBeGreaterThan(serial);
    // The same ids come back in the listing (same id, same place).
    const listed = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${jobId}/files`, headers: auth })).json(),
    ).files.map((f) => f.id);
    expect(listed).toContain(a.id);
    expect(listed).toContain(b.id);
  });

  it('checks the quota cumulatively within one call', async () => {
    // first fits; the larger one would pass the limit on top of it; the smaller one still fits.
    const [first, x, y] = [media[4], media[5], media[6]];
    const [larger, smaller] = x.size > y.size ? [x, y] : [y, x];
    for (const f of [first, larger, smaller]) await trash(f.id);
    const used = (await account()).used_space;
    const limit = used + first.size + smaller.size;
    setMaxSpace(limit);
    try {
      const answer = MultiRollbackResponseSchema.parse(
        (await rollback([first.id, larger.id, smaller.id])).json(),
      );
      expect(answer.results.map((r) => r.error_reason ?? r.status)).toEqual([
        'ok',
        'quota_exceeded_error',
        'ok',
      ]);
      expect(answer.quota).toEqual({ used_space: limit, max_space: limit });
    } finally {
      setMaxSpace(2 * 1024 ** 4);
    }
    // With room again the refused file restores.
    const again = MultiRollbackResponseSchema.parse((await rollback([larger.id])).json());
    expect(again.results).toEqual([{ file_uuid: larger.id, status: 'ok' }]);
  });

  it('treats files trashed over 90 days ago as permanently deleted', async () => {
    const file = media[7];
    await trash(file.id);
    const rowId = parseFileId(file.id)?.rowId;
    server.ctx.db
      .prepare('UPDATE files SET dtime = ? WHERE id = ?')
      .run(server.ctx.now() - 91 * 86_400, rowId);
    const answer = MultiRollbackResponseSchema.parse((await rollback([file.id])).json());
    expect(answer.results[0]).toEqual({
      file_uuid: file.id,
      status: 'error',
      error_reason: 'file_not_found_error',
    });
  });

  it('validates the body: 1 to 200 ids', async () => {
    const ids = media.slice(0, 1).map((f) => f.id);
    for (const payload of [
      {},
      { file_uuids: [] },
      { file_uuids: Array(201).fill(ids[0]) },
      { file_uuids: 'x' },
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/jobs/${jobId}/multi_rollback`,
        headers: auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
