import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateJobResponseSchema,
  JobListResponseSchema,
  type CreateJobRequest,
} from '../../src/api/contract/albums';
import { ChangesResponseSchema } from '../../src/api/contract/changes';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { JobInfoSchema } from '../../src/api/contract/jobs';
import { ErrorBodySchema, UploadResponseSchema } from '../../src/api/contract/uploads';
import { login, multipart, TEST_NOW, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let readOnlyAuth: { authorization: string };

beforeAll(async () => {
  server = await testServer(100, 3);
  server.ctx.now = () => TEST_NOW + 60;
  auth = (await login(server.app)).auth;
  otherAuth = (await login(server.app, 'user1@example.com')).auth;
  server.ctx.db.prepare("UPDATE users SET read_only = 1 WHERE email = 'user2@example.com'").run();
  readOnlyAuth = (await login(server.app, 'user2@example.com')).auth;
});
afterAll(() => server.close());

const create = (
  payload: NonNullable<InjectOptions['payload']>,
  headers: Record<string, string> = auth,
) => server.app.inject({ method: 'POST', url: '/jobs?app_key=k&client_v=1', payload, headers });

const jobCount = () =>
  (server.ctx.db.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n;

const storedRow = (uuid: string) =>
  server.ctx.db
    .prepare('SELECT title, permissions, privacy_mode, password, type FROM jobs WHERE uuid = ?')
    .get(uuid);

const listed = async (headers = auth) =>
  JobListResponseSchema.parse(
    (await server.app.inject({ url: '/jobs?stories=1&include_details=1', headers })).json(),
  ).jobs;

async function jpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 90, b: 20 } },
  })
    .jpeg()
    .toBuffer();
}

describe('POST /jobs', () => {
  it('creates a private story album of the caller with the SPEC §5 defaults', async () => {
    const request: CreateJobRequest = { type: 'story', name: 'Summer' };
    const res = await create(request);
    expect(res.statusCode).toBe(200);
    const job = CreateJobResponseSchema.strict().parse(res.json());
    const me = (await server.app.inject({ url: '/account_info', headers: auth })).json<{
      uuid: string;
    }>();
    expect(job).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      type: 'story',
      ctime: TEST_NOW + 60,
      mtime: TEST_NOW + 60,
      owner: me.uuid,
      title: 'Summer',
      last_update: TEST_NOW + 60,
      size: 0,
      allow_comments: true,
      allow_uploads: true,
      coverPhoto: null,
      isShared: false,
      sort_order: 'NEWEST_TAKEN',
      has_heic: false,
      permissions: 3,
      privacy_mode: 'private',
    });
    expect(storedRow(job.id)).toEqual({
      title: 'Summer',
      permissions: 3,
      privacy_mode: 'private',
      password: null,
      type: 'story',
    });

    // The job info call answers the same album; GET /jobs lists it first (newest activity).
    const info = JobInfoSchema.parse(
      (await server.app.inject({ url: `/jobs/${job.id}/info`, headers: auth })).json(),
    );
    expect(info).toMatchObject({ id: job.id, type: 'story', title: 'Summer', owner: me.uuid });
    const [first] = await listed();
    expect(first).toMatchObject({
      id: job.id,
      name: 'Summer',
      cover_id: null,
      permissions: 3,
      privacy_mode: 'private',
      size: 0,
      owner: { uuid: me.uuid, email: 'demo@example.com' },
    });
    // Nobody else sees it.
    expect((await listed(otherAuth)).map((j) => j.id)).not.toContain(job.id);
    const theirs = await server.app.inject({ url: `/jobs/${job.id}/info`, headers: otherAuth });
    expect(theirs.statusCode).toBe(404);
  });

  it('maps public and the permission flags (JSON booleans and numbers)', async () => {
    const cases: [CreateJobRequest, number, string][] = [
      [{ type: 'story', name: 'A', public: true, allow_comments: false }, 2, 'shared'],
      [{ type: 'story', name: 'B', public: 1, allow_uploads: 0 }, 1, 'shared'],
      [{ type: 'story', name: 'C', allow_comments: false, allow_uploads: false }, 0, 'private'],
      [{ type: 'story', name: 'D', public: false, allow_sharing: true }, 3, 'private'],
    ];
    for (const [request, permissions, privacy] of cases) {
      const job = CreateJobResponseSchema.parse((await create(request)).json());
      expect(job).toMatchObject({
        permissions,
        privacy_mode: privacy,
        isShared: privacy === 'shared',
        allow_comments: (permissions & 1) === 1,
        allow_uploads: (permissions & 2) === 2,
      });
      expect(storedRow(job.id)).toMatchObject({ permissions, privacy_mode: privacy });
    }
  });

  it('takes a form body with text flags', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/jobs',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        type: 'story',
        name: 'Form album',
        public: '1',
        allow_sharing: 'true',
        allow_comments: '0',
        allow_uploads: 'true',
      }).toString(),
    });
    const job = CreateJobResponseSchema.parse(res.json());
    expect(job).toMatchObject({ title: 'Form album', permissions: 2, privacy_mode: 'shared' });
  });

  it('stores the name as given; empty or absent stays null', async () => {
    const titles: [string | null | undefined, string | null][] = [
      ['__new_album__', '__new_album__'],
      ['  Spaced  ', '  Spaced  '],
      ['', null],
      ['   ', null],
      [null, null],
      [undefined, null],
      ['x'.repeat(255), 'x'.repeat(255)],
    ];
    for (const [name, title] of titles) {
      const job = CreateJobResponseSchema.parse((await create({ type: 'story', name })).json());
      expect(job.title).toBe(title);
      expect(storedRow(job.id)).toMatchObject({ title });
      const item = (await listed()).find((j) => j.id === job.id);
      expect(item?.name).toBe(title);
    }
  });

  it('stores the transformed password as given and never answers it', async () => {
    const password = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f=';
    const res = await create({ type: 'story', name: 'Locked', public: true, password });
    const job = CreateJobResponseSchema.parse(res.json());
    expect(res.body).not.toContain(password);
    expect(storedRow(job.id)).toMatchObject({ password });
    const list = await server.app.inject({ url: '/jobs?include_details=1', headers: auth });
    expect(list.body).not.toContain(password);
    const info = await server.app.inject({ url: `/jobs/${job.id}/info`, headers: auth });
    expect(info.body).not.toContain(password);
    // An empty password is no password.
    const open = CreateJobResponseSchema.parse(
      (await create({ type: 'story', name: 'Open', password: '' })).json(),
    );
    expect(storedRow(open.id)).toMatchObject({ password: null });
    // A rejected password is not echoed in the error either.
    const tooLong = 'secret-'.repeat(60);
    const bad = await create({ type: 'story', password: tooLong });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('secret-');
  });

  it('rejects bad input with 4xx JSON and creates nothing', async () => {
    const before = jobCount();
    const bad: (object | string)[] = [
      { type: 'timeline', name: 'No' },
      { type: 'share', name: 'No' },
      { name: 'no type' },
      { type: 'story', name: 'x'.repeat(256) },
      { type: 'story', name: 7 },
      { type: 'story', public: 'yes' },
      { type: 'story', allow_comments: 2 },
      [{ type: 'story' }],
      'type=story',
    ];
    for (const payload of bad) {
      const res = await create(payload);
      // A text/plain body is Fastify's 415; everything else is the schema's 400.
      const status = typeof payload === 'string' ? 415 : 400;
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(ErrorBodySchema.safeParse(res.json()).success).toBe(true);
    }
    const noBody = await server.app.inject({ method: 'POST', url: '/jobs', headers: auth });
    expect(noBody.statusCode).toBe(400);
    expect(jobCount()).toBe(before);
  });

  it('refuses read-only users (SPEC §6) with 403 and creates nothing', async () => {
    const before = jobCount();
    const res = await create({ type: 'story', name: 'Mine' }, readOnlyAuth);
    expect(res.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(res.json())).toMatchObject({ error: 'read_only_user' });
    expect(jobCount()).toBe(before);
    expect(await listed(readOnlyAuth)).toEqual([]);
  });

  it('the new album takes uploads by its owner only and lists them', async () => {
    const job = CreateJobResponseSchema.parse(
      (await create({ type: 'story', name: '__new_album__' })).json(),
    );
    const upload = async (headers: Record<string, string>, seed: number) => {
      const body = multipart({ path: `p${seed}.jpg`, mtime: '1700000000' }, [
        { data: await jpeg(seed), name: `p${seed}.jpg`, type: 'image/jpeg' },
      ]);
      return server.app.inject({
        method: 'POST',
        url: `/jobs/${job.id}/upload`,
        headers: { ...body.headers, ...headers },
        payload: body.payload,
      });
    };
    const res = await upload(auth, 1);
    expect(res.statusCode, res.body).toBe(200);
    const file = UploadResponseSchema.parse(res.json());
    expect(file.status).toBe('done');
    expect((await upload(otherAuth, 2)).statusCode).toBe(404);

    const files = FilesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${job.id}/files`, headers: auth })).json(),
    ).files;
    expect(files.map((f) => f.id)).toEqual([file.id]);
    const changes = ChangesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${job.id}/changes?since=0`, headers: auth })).json(),
    );
    expect(changes.changes).toEqual([expect.objectContaining({ type: 0, id: file.id })]);
    const item = (await listed()).find((j) => j.id === job.id);
    expect(item).toMatchObject({ size: 1, cover_id: file.id });
  });
});
