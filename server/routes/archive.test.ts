import { parse as parseDisposition } from 'content-disposition';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, UploadResponseSchema } from '../../src/api/contract/uploads';
import { ARCHIVE_MAX_FILES } from '../../src/api/contract/archive';
import type { FileRow } from '../db/files';
import { fileIdOf } from '../db/ids';
import { login, multipart, testServer, unzip, type TestServer } from '../testing';
import { EntryNames, entryPath, zipDisposition } from './archive';

let server: TestServer;
let owner: { token: string; auth: { authorization: string } };
let member: { token: string; auth: { authorization: string } };
let stranger: { token: string; auth: { authorization: string } };
let jobId: string;
const up: Record<string, { id: string; data: Buffer }> = {};

const jpeg = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();

async function upload(path: string, data: Buffer): Promise<{ id: string; data: Buffer }> {
  const body = multipart({ path, mtime: '1700000000' }, [{ data }]);
  const res = await server.app.inject({
    method: 'POST',
    url: `/jobs/${jobId}/upload`,
    headers: { ...owner.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: UploadResponseSchema.parse(res.json()).id, data };
}

beforeAll(async () => {
  server = await testServer(600, 2);
  owner = await login(server.app);
  member = await login(server.app, 'user1@example.com');
  stranger = await login(server.app, 'user2@example.com');
  jobId = (await server.app.inject({ url: '/jobs/default', headers: owner.auth })).json<{
    id: string;
  }>().id;
  up.a = await upload('Trip/a/dup.jpg', await jpeg(10));
  up.b = await upload('/Trip/b/dup.jpg', await jpeg(20));
  up.c = await upload('../odd/DUP.JPG', await jpeg(30));
  // JPEG bytes named .heic (sharp decodes it) and bytes no decoder reads, named .heic.
  up.heic = await upload('Phone/IMG_1.HEIC', await jpeg(40));
  up.junk = await upload('Phone/IMG_2.heic', Buffer.from('not a decodable heic file at all'));
  up.trashed = await upload('gone.jpg', await jpeg(50));
});
afterAll(() => server.close());

type Form = { file_ids: string; auth_token?: string };

function post(
  form: Form,
  query = '',
  options: { trash?: boolean; job?: string; headers?: Record<string, string> } = {},
) {
  const route = options.trash ? 'files_from_trash_as_archive' : 'files_as_archive';
  return server.app.inject({
    method: 'POST',
    url: `/st/4/jobs/${options.job ?? jobId}/${route}${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams(form).toString(),
  });
}

async function archive(form: Form, query = '', options: Parameters<typeof post>[2] = {}) {
  const res = await post(form, query, options);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return { res, entries: await unzip(res.rawPayload) };
}

/** What GET /st/4/jobs/{id}/files_by_id/{fileId} serves for a live file. */
async function served(fileId: string, job = jobId, auth = owner.auth): Promise<Buffer> {
  const res = await server.app.inject({
    url: `/st/4/jobs/${job}/files_by_id/${fileId}`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const seeded = (where: string): FileRow[] =>
  server.ctx.db
    .prepare(`SELECT * FROM files WHERE job = ? AND blob IS NULL AND ${where} ORDER BY id LIMIT 3`)
    .all(server.seed.demoTimelineJob) as FileRow[];
const idOf = (row: FileRow) => fileIdOf(row.id, row.tag);

describe('helpers', () => {
  it('numbers repeated names case-insensitively before the extension', () => {
    const names = new EntryNames();
    expect(
      ['a.jpg', 'A.JPG', 'a.jpg', 'x/.hidden', 'x/.hidden', 'noext', 'noext'].map((n) =>
        names.take(n),
      ),
    ).toEqual([
      'a.jpg',
      'A (1).JPG',
      'a (2).jpg',
      'x/.hidden',
      'x/.hidden (1)',
      'noext',
      'noext (1)',
    ]);
  });

  it('makes paths safe entry names', () => {
    expect(entryPath('/a/./b/../c.jpg')).toBe('a/b/c.jpg');
    expect(entryPath('..\\..\\win.jpg')).toBe('win.jpg');
    expect(entryPath('/')).toBe('file');
  });

  it('names the zip, with an RFC 8187 name for non-ASCII', () => {
    expect(zipDisposition(undefined)).toBe('attachment; filename=Capture.zip');
    expect(zipDisposition('Ferie på "Svalbard"')).toBe(
      `attachment; filename="Ferie p? \\"Svalbard\\".zip"; filename*=UTF-8''Ferie%20p%C3%A5%20%22Svalbard%22.zip`,
    );
    // RFC 8187 attr-chars leave out ' ( ) *: they are percent-encoded, or the name is cut short.
    expect(zipDisposition("Bob's trip (1) ø*")).toBe(
      `attachment; filename="Bob's trip (1) ?*.zip"; filename*=UTF-8''Bob%27s%20trip%20%281%29%20%C3%B8%2A.zip`,
    );
    expect(parseDisposition(zipDisposition("Bob's trip (1) ø")).parameters.filename).toBe(
      "Bob's trip (1) ø.zip",
    );
    expect(zipDisposition('2021.zip')).toBe('attachment; filename=2021.zip');
  });
});

describe('POST /st/4/jobs/{id}/files_as_archive', () => {
  it('streams the selected originals, flattened with numbered repeats', async () => {
    const ids = [up.a.id, up.b.id, up.c.id];
    const { res, entries } = await archive(
      { file_ids: ids.join(','), auth_token: owner.token },
      '?flattened=1&master_only=1&zip_filename=Trip',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename=Trip.zip');
    expect(entries.map((e) => e.name)).toEqual(['dup.jpg', 'dup (1).jpg', 'DUP (2).JPG']);
    expect(entries.map((e) => e.data)).toEqual([up.a.data, up.b.data, up.c.data]);
  });

  it('keeps paths when not flattened, and holds the same bytes as the content route', async () => {
    const pictures = seeded('kind = 0 AND group_type = 0 AND deleted = 0');
    const docs = seeded('kind = 2 AND deleted = 0');
    const ids = [up.a.id, up.b.id, up.c.id, ...pictures.map(idOf), ...docs.map(idOf)];
    const { entries } = await archive({ file_ids: ids.join(','), auth_token: owner.token });
    expect(entries.map((e) => e.name)).toEqual([
      'Trip/a/dup.jpg',
      'Trip/b/dup.jpg',
      'odd/DUP.JPG',
      ...[...pictures, ...docs].map((f) => f.path),
    ]);
    for (const [i, id] of ids.entries()) {
      expect(entries[i].data.equals(await served(id)), entries[i].name).toBe(true);
    }
  });

  it('master_only leaves out the non-master members of live and burst groups', async () => {
    const group = server.ctx.db
      .prepare(
        `SELECT group_id FROM files WHERE job = ? AND group_type != 0 AND deleted = 0
         GROUP BY group_id HAVING COUNT(*) > 1 AND SUM(master) = 1 LIMIT 1`,
      )
      .get(server.seed.demoTimelineJob) as { group_id: string };
    const members = server.ctx.db
      .prepare('SELECT * FROM files WHERE group_id = ? AND job = ? ORDER BY id')
      .all(group.group_id, server.seed.demoTimelineJob) as FileRow[];
    const form = { file_ids: members.map(idOf).join(','), auth_token: owner.token };
    const all = await archive(form, '?flattened=1');
    const masters = await archive(form, '?flattened=1&master_only=1&include_subrevisions=1');
    expect(all.entries).toHaveLength(members.length);
    expect(masters.entries.map((e) => e.name)).toEqual(
      members.filter((m) => m.master === 1).map((m) => m.path.split('/').pop()),
    );
  });

  it('heic_to_jpeg converts what sharp decodes and keeps the rest', async () => {
    const heic = seeded("path LIKE '%.HEIC' AND deleted = 0").slice(0, 1);
    expect(heic).toHaveLength(1);
    const ids = [up.heic.id, up.junk.id, idOf(heic[0])];
    const { entries } = await archive(
      { file_ids: ids.join(','), auth_token: owner.token },
      '?flattened=1&heic_to_jpeg=1',
    );
    expect(entries.map((e) => e.name)).toEqual([
      'IMG_1.jpg',
      'IMG_2.heic',
      heic[0].path.split('/').pop()?.replace(/HEIC$/, 'jpg'),
    ]);
    expect((await sharp(entries[0].data).metadata()).format).toBe('jpeg');
    expect(entries[1].data.equals(up.junk.data)).toBe(true);
    expect(entries[2].data.equals(await served(ids[2]))).toBe(true);
    // Without the flag the names and bytes are the originals.
    const plain = await archive({ file_ids: up.heic.id, auth_token: owner.token }, '?flattened=1');
    expect(plain.entries).toEqual([{ name: 'IMG_1.HEIC', data: up.heic.data }]);
  });

  it('file_ids=all is every live file of the job (takeout), documents included', async () => {
    // The album user1 shares with the demo user: small enough to render every seeded file.
    const album = server.ctx.db
      .prepare("SELECT id, uuid FROM jobs WHERE title = 'Shared with you'")
      .get() as { id: number; uuid: string };
    const rows = server.ctx.db
      .prepare('SELECT * FROM files WHERE job = ? AND deleted = 0 ORDER BY capture_time, id')
      .all(album.id) as FileRow[];
    expect(rows.length).toBeGreaterThan(10);
    // The member (demo user) may read the album, so may download it.
    const { entries } = await archive(
      { file_ids: 'all', auth_token: owner.token },
      '?flattened=1',
      { job: album.uuid },
    );
    expect(entries).toHaveLength(rows.length);
    expect(entries[0].data.equals(await served(idOf(rows[0]), album.uuid))).toBe(true);
    expect(new Set(entries.map((e) => e.name)).size).toBe(rows.length);
  });

  it('takes the token from the form body or the Authorization header', async () => {
    const form = { file_ids: up.a.id };
    expect((await post(form)).statusCode).toBe(401);
    expect((await post({ ...form, auth_token: 'forged' })).statusCode).toBe(401);
    const byHeader = await post(form, '', { headers: owner.auth });
    expect(byHeader.statusCode).toBe(200);
    expect((await unzip(byHeader.rawPayload))[0].data.equals(up.a.data)).toBe(true);
    // Not the caller's job: 404, same as unknown.
    const other = await post({ ...form, auth_token: stranger.token });
    expect(other.statusCode).toBe(404);
  });

  it('validates everything before streaming: one bad id is a 404 JSON answer', async () => {
    const trashedSeed = server.ctx.db
      .prepare('SELECT * FROM files WHERE job = ? AND deleted = 1 LIMIT 1')
      .get(server.seed.demoTimelineJob) as FileRow;
    for (const file_ids of [`${up.a.id},zzzzzz-0000`, `${up.a.id},nonsense`, idOf(trashedSeed)]) {
      const res = await post({ file_ids, auth_token: owner.token });
      expect(res.statusCode, file_ids).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(ErrorBodySchema.safeParse(res.json()).success).toBe(true);
    }
    const tooMany = Array.from({ length: ARCHIVE_MAX_FILES + 1 }, (_, i) =>
      fileIdOf(i + 1, 0),
    ).join(',');
    for (const [form, query] of [
      [{ file_ids: tooMany, auth_token: owner.token }, ''],
      [{ file_ids: ',,', auth_token: owner.token }, ''],
      [{ auth_token: owner.token } as Form, ''],
      [{ file_ids: up.a.id, auth_token: owner.token }, '?flattened=yes'],
    ] as const) {
      const res = await post(form, query);
      expect(res.statusCode, JSON.stringify(form).slice(0, 80) + query).toBe(400);
    }
  });
});

describe('POST /st/4/jobs/{id}/files_from_trash_as_archive', () => {
  it('streams trashed files of the job for the owner only', async () => {
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${jobId}/files_by_id/${up.trashed.id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(204);
    const trashedSeed = server.ctx.db
      .prepare(
        'SELECT * FROM files WHERE job = ? AND deleted = 1 AND blob IS NULL ORDER BY id LIMIT 1',
      )
      .get(server.seed.demoTimelineJob) as FileRow;
    const ids = [up.trashed.id, idOf(trashedSeed)];
    const { entries } = await archive(
      { file_ids: ids.join(','), auth_token: owner.token },
      '?flattened=1&zip_filename=deleted%20items',
      { trash: true },
    );
    expect(entries.map((e) => e.name)).toEqual(['gone.jpg', trashedSeed.path.split('/').pop()]);
    expect(entries[0].data.equals(up.trashed.data)).toBe(true);
    const rendering = await server.ctx.thumbnails.get(trashedSeed, 1280);
    expect(entries[1].data.equals(fs.readFileSync(rendering.file))).toBe(true);

    // A live file is not in the trash; all = every trashed file of the job.
    expect(
      (await post({ file_ids: up.a.id, auth_token: owner.token }, '', { trash: true })).statusCode,
    ).toBe(404);
    const all = await archive({ file_ids: 'all', auth_token: owner.token }, '', { trash: true });
    const trashedCount = server.ctx.db
      .prepare('SELECT COUNT(*) AS n FROM files WHERE job = ? AND deleted = 1')
      .get(server.seed.demoTimelineJob) as { n: number };
    expect(all.entries).toHaveLength(trashedCount.n);
  });

  it('is the owner’s: an album member cannot download the album’s trash', async () => {
    const album = server.ctx.db
      .prepare('SELECT j.uuid FROM jobs j JOIN job_members m ON m.job = j.id WHERE j.owner_id = ?')
      .get(server.seed.demoUserId) as { uuid: string };
    const live = await post({ file_ids: 'all', auth_token: member.token }, '', { job: album.uuid });
    expect(live.statusCode).toBe(200);
    const trash = await post({ file_ids: 'all', auth_token: member.token }, '', {
      job: album.uuid,
      trash: true,
    });
    expect(trash.statusCode).toBe(404);
  });
});

describe('streaming over HTTP', () => {
  it('sends a big archive in pieces and survives a download abandoned midway', async () => {
    const big = await upload('big.mp4', Buffer.alloc(24 * 1024 * 1024, 7));
    const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const body = new URLSearchParams({
      file_ids: [big.id, big.id, up.a.id].join(','),
      auth_token: owner.token,
    });
    const url = `${origin}/st/4/jobs/${jobId}/files_as_archive?flattened=1`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };

    const whole = await fetch(url, { method: 'POST', headers, body });
    expect(whole.headers.get('transfer-encoding')).toBe('chunked');
    const entries = await unzip(Buffer.from(await whole.arrayBuffer()));
    // The same id twice is one entry.
    expect(entries.map((e) => e.name)).toEqual(['big.mp4', 'dup.jpg']);
    expect(entries[0].data.equals(big.data)).toBe(true);

    const gone = new AbortController();
    const partial = await fetch(url, { method: 'POST', headers, body, signal: gone.signal });
    const reader = partial.body!.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    gone.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await fetch(`${origin}/supported_extensions`);
    expect(after.status).toBe(200);
  });
});
