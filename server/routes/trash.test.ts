import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema } from '../../src/api/contract/files';
import {
  AlbumUuidsResponseSchema,
  EmptyTrashResponseSchema,
  TrashAlbumsResponseSchema,
  TrashListResponseSchema,
} from '../../src/api/contract/trash';
import { parseFileId } from '../db/ids';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let owner: Record<string, string>;
let other: Record<string, string>;
let job = '';
let ids: string[] = [];

const list = async (headers = owner, query = '') => {
  const res = await server.app.inject({ url: `/trash_can${query}`, headers });
  expect(res.statusCode).toBe(200);
  return {
    body: TrashListResponseSchema.parse(res.json()),
    header: res.headers['capture-total-items'],
  };
};

beforeAll(async () => {
  server = await testServer(200, 1);
  owner = (await login(server.app)).auth;
  other = (await login(server.app, 'user1@example.com')).auth;
  job = (await server.app.inject({ url: '/jobs/default', headers: owner })).json<{ id: string }>()
    .id;
  const files = FilesResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${job}/files`, headers: owner })).json(),
  ).files.filter((f) => f.type === 'picture' && !f.group);
  ids = files.slice(0, 5).map((f) => f.id);
  for (const id of ids) {
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${job}/files_by_id/${id}`,
      headers: owner,
    });
    expect(res.statusCode).toBeLessThan(300);
  }
});
afterAll(() => server.close());

describe('GET /trash_can and POST /empty_trash_can (SPEC §7 Trash)', () => {
  it("lists the caller's trashed files with their job and deletion time, pages and a total", async () => {
    const { body, header } = await list();
    expect(body.total_item_count).toBeGreaterThanOrEqual(5);
    expect(header).toBe(String(body.total_item_count));
    expect(body.files.map((f) => f.id)).toEqual(expect.arrayContaining(ids));
    expect(body.files.every((f) => f.job === job && f.dtime > 0)).toBe(true);
    const page = (await list(owner, '?offset=1&limit=2')).body;
    expect(page.files.map((f) => f.id)).toEqual(body.files.slice(1, 3).map((f) => f.id));
    // Another user's trash holds none of them.
    expect((await list(other)).body.files.some((f) => ids.includes(f.id))).toBe(false);
    expect(
      (await server.app.inject({ url: '/trash_can?limit=0', headers: owner })).statusCode,
    ).toBe(400);
  });

  it('forgets files trashed over 90 days ago', async () => {
    const { rowId } = parseFileId(ids[4])!;
    server.ctx.db
      .prepare('UPDATE files SET dtime = ? WHERE id = ?')
      .run(server.ctx.now() - 91 * 86_400, rowId);
    expect((await list()).body.files.map((f) => f.id)).not.toContain(ids[4]);
  });

  it("deletes for good only the caller's trashed files; they can no longer be restored", async () => {
    const byOther = await server.app.inject({
      method: 'POST',
      url: '/empty_trash_can',
      headers: other,
      payload: { fileid: [ids[0]] },
    });
    expect(EmptyTrashResponseSchema.parse(byOther.json()).deleted).toEqual([]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/empty_trash_can',
      headers: owner,
      payload: { fileid: [ids[0], ids[1], 'nonsense'] },
    });
    expect(EmptyTrashResponseSchema.parse(res.json()).deleted).toEqual([ids[0], ids[1]]);
    const left = (await list()).body.files.map((f) => f.id);
    expect(left).not.toContain(ids[0]);
    expect(left).toContain(ids[2]);
    const restore = await server.app.inject({
      method: 'POST',
      url: `/jobs/${job}/multi_rollback`,
      headers: owner,
      payload: { file_uuids: [ids[0], ids[2]] },
    });
    const results = restore.json<{
      results: { file_uuid: string; status: string; error_reason?: string }[];
    }>().results;
    expect(results).toEqual([
      { file_uuid: ids[0], status: 'error', error_reason: 'file_not_found_error' },
      { file_uuid: ids[2], status: 'ok' },
    ]);
    const empty = await server.app.inject({
      method: 'POST',
      url: '/empty_trash_can',
      headers: owner,
      payload: { fileid: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('trash albums (SPEC §7 trash_can_albums, rollback_albums, delete_albums_from_trash_can)', () => {
  it('lists a deleted album with its count and cover, restores it, and deletes it for good', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/jobs',
      headers: owner,
      payload: { type: 'story', name: 'Holiday', public: false },
    });
    const album = created.json<{ id: string }>().id;
    const source = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${job}/files`, headers: owner })).json(),
    ).files.slice(0, 2);
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/copy_files`,
      headers: owner,
      payload: { source_job: job, file_ids: source.map((f) => f.id) },
    });
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/jobs/${album}`, headers: owner }))
        .statusCode,
    ).toBe(204);

    const listed = TrashAlbumsResponseSchema.parse(
      (await server.app.inject({ url: '/trash_can_albums', headers: owner })).json(),
    ).albums;
    const entry = listed.find((a) => a.id === album)!;
    expect(entry).toMatchObject({ name: 'Holiday', media_count: 2 });
    expect(entry.cover_id).not.toBeNull();
    const cover = await server.app.inject({
      url: `/th/3/trash/${album}/${entry.cover_id}?area=256`,
      headers: owner,
    });
    expect(cover.statusCode).toBe(200);
    // Its owner can still export it: its files, and their archive.
    const files = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/trash_can_albums/${album}/files`, headers: owner })).json(),
    ).files;
    expect(files.map((f) => f.path).sort()).toEqual(source.map((f) => f.path).sort());
    const archive = await server.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${album}/files_as_archive?flattened=1&zip_filename=Holiday`,
      headers: { ...owner, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ file_ids: files.map((f) => f.id).join(',') }).toString(),
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    expect(
      (await server.app.inject({ url: `/trash_can_albums/${album}/files`, headers: other }))
        .statusCode,
    ).toBe(404);
    const foreignArchive = await server.app.inject({
      method: 'POST',
      url: `/st/4/jobs/${album}/files_as_archive`,
      headers: { ...other, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ file_ids: files[0].id }).toString(),
    });
    expect(foreignArchive.statusCode).toBe(404);
    // Nobody else sees it, restores it or deletes it.
    expect(
      TrashAlbumsResponseSchema.parse(
        (await server.app.inject({ url: '/trash_can_albums', headers: other })).json(),
      ).albums,
    ).toEqual([]);
    const byOther = await server.app.inject({
      method: 'POST',
      url: '/rollback_albums',
      headers: other,
      payload: { job_uuids: [album] },
    });
    expect(AlbumUuidsResponseSchema.parse(byOther.json()).success).toEqual([]);

    const restored = await server.app.inject({
      method: 'POST',
      url: '/rollback_albums',
      headers: owner,
      payload: { job_uuids: [album, 'nope'] },
    });
    expect(AlbumUuidsResponseSchema.parse(restored.json()).success).toEqual([{ uuid: album }]);
    expect(
      (await server.app.inject({ url: `/jobs/${album}/info`, headers: owner })).statusCode,
    ).toBe(200);

    await server.app.inject({ method: 'DELETE', url: `/jobs/${album}`, headers: owner });
    const gone = await server.app.inject({
      method: 'DELETE',
      url: '/delete_albums_from_trash_can',
      headers: owner,
      payload: { job_uuids: [album] },
    });
    expect(AlbumUuidsResponseSchema.parse(gone.json()).success).toEqual([{ uuid: album }]);
    const again = await server.app.inject({
      method: 'POST',
      url: '/rollback_albums',
      headers: owner,
      payload: { job_uuids: [album] },
    });
    expect(AlbumUuidsResponseSchema.parse(again.json()).success).toEqual([]);
  });
});
