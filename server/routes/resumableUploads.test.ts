// Issue 32: resumable uploads (tus) on the contract server. Every point of "server side safe":
// partials count toward nothing until complete, abandoned ones expire with their bytes, a partial
// is its uploader's alone (404 to anyone else and to no one), offsets neither go back nor past
// the declared length, a declared length over 200 GiB or the free quota is refused up front; and
// a finished upload becomes a file through the multipart path's own code.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { ChangesResponseSchema } from '../../src/api/contract/changes';
import {
  ErrorBodySchema,
  RESUMABLE_ERRORS,
  UploadResponseSchema,
} from '../../src/api/contract/uploads';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import { PARTIAL_IDLE_SECONDS } from '../media/partials';
import { cameraJpeg, login, multipart, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: Record<string, string>;
let other: Record<string, string>;
let jobId: string;
let otherJob: string;
/** The demo user's seeded storage limit, put back after a test changes it. */
let seededMax: number;

beforeAll(async () => {
  server = await testServer(200, 1);
  auth = (await login(server.app)).auth;
  other = (await login(server.app, 'user1@example.com')).auth;
  const def = (headers: Record<string, string>) =>
    server.app.inject({ url: '/jobs/default', headers }).then((r) => r.json<{ id: string }>().id);
  jobId = await def(auth);
  otherJob = await def(other);
  seededMax = (
    server.ctx.db
      .prepare("SELECT max_space AS n FROM users WHERE email = 'demo@example.com'")
      .get() as {
      n: number;
    }
  ).n;
});
afterAll(() => server.close());

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');
const partialsDir = () => path.join(server.ctx.dataDir, 'partials');
/** The partials on disk: id → bytes held. */
function partialsOnDisk(): Map<string, number> {
  const found = new Map<string, number>();
  for (const name of fs.readdirSync(partialsDir())) {
    if (name.endsWith('.json')) continue;
    found.set(name, fs.statSync(path.join(partialsDir(), name)).size);
  }
  return found;
}
const fileCount = () =>
  (server.ctx.db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number }).n;
const account = async (headers = auth) =>
  AccountInfoSchema.parse((await server.app.inject({ url: '/account_info', headers })).json());
const setMaxSpace = (email: string, bytes: number) =>
  server.ctx.db.prepare('UPDATE users SET max_space = ? WHERE email = ?').run(bytes, email);

function create(
  size: number | null,
  options: { job?: string; headers?: Record<string, string>; name?: string } = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/resumable_uploads',
    headers: {
      ...TUS,
      ...(options.headers ?? auth),
      ...(size === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(size) }),
      'upload-metadata': `job ${b64(options.job ?? jobId)},filename ${b64(options.name ?? 'x.jpg')}`,
    },
  });
}

/** A new upload of `size` bytes; its URL path. */
async function created(size: number, options: Parameters<typeof create>[1] = {}) {
  const res = await create(size, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

const head = (url: string, headers: Record<string, string> = auth) =>
  server.app.inject({ method: 'HEAD', url, headers: { ...TUS, ...headers } });

function patch(url: string, offset: number, data: Buffer, headers: Record<string, string> = auth) {
  return server.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...TUS,
      ...headers,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
}

function finish(
  url: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = auth,
  job = jobId,
) {
  const body = multipart({
    path: 'resumed.jpg',
    mtime: '1700000000',
    ...fields,
    resumable_upload: url,
  });
  return server.app.inject({
    method: 'POST',
    url: `/jobs/${job}/upload`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const errorOf = (res: { json: () => unknown }) => ErrorBodySchema.parse(res.json()).error;

describe('resumable uploads (tus)', () => {
  it('are advertised in account_info', async () => {
    expect((await account()).resumable_uploads).toEqual({
      protocol: 'tus',
      version: '1.0.0',
      endpoint: '/resumable_uploads',
      max_size: MAX_UPLOAD_BYTES,
    });
  });

  it('resume from the offset the server holds and finish as a multipart upload would', async () => {
    const jpeg = await cameraJpeg(32);
    const before = { used: (await account()).used_space, files: fileCount() };
    const serialBefore = server.ctx.db
      .prepare('SELECT last_serial AS n FROM jobs WHERE uuid = ?')
      .get(jobId) as { n: number };
    const url = await created(jpeg.length);
    expect(url).toMatch(/^\/resumable_uploads\/[0-9a-f]{32}$/);

    const half = Math.floor(jpeg.length / 2);
    const first = await patch(url, 0, jpeg.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    expect(first.headers['upload-expires']).toBeDefined();
    // A connection lost here: the client asks where to go on from.
    const probe = await head(url);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe(String(half));
    expect(probe.headers['upload-length']).toBe(String(jpeg.length));
    expect(probe.headers['cache-control']).toBe('no-store');

    // Partials count toward nothing: no file, no used space.
    expect(fileCount()).toBe(before.files);
    expect((await account()).used_space).toBe(before.used);

    const rest = await patch(url, half, jpeg.subarray(half));
    expect(rest.headers['upload-offset']).toBe(String(jpeg.length));
    expect(fileCount()).toBe(before.files);

    const done = await finish(url, { checksum: sha1(jpeg) });
    expect(done.statusCode, done.body).toBe(200);
    const answer = UploadResponseSchema.parse(done.json());
    expect(answer.status).toBe('done');
    // The multipart path's own result: content under its sha1, thumbnails, counts, a change.
    const blob = path.join(server.ctx.dataDir, 'blobs', sha1(jpeg).slice(0, 2), sha1(jpeg));
    expect(fs.readFileSync(blob).equals(jpeg)).toBe(true);
    expect(fileCount()).toBe(before.files + 1);
    expect((await account()).used_space).toBe(before.used + jpeg.length);
    const changes = ChangesResponseSchema.parse(
      (
        await server.app.inject({
          url: `/jobs/${jobId}/changes?since=${serialBefore.n}`,
          headers: auth,
        })
      ).json(),
    ).changes;
    expect(changes.map((c) => [c.type, c.id])).toContainEqual([0, answer.id]);
    const detail = await server.app.inject({
      url: `/th/3/${answer.id}?area=256`,
      headers: auth,
    });
    expect(detail.statusCode).toBe(200);
    // The partial is gone: its bytes moved, its URL unknown.
    expect((await head(url)).statusCode).toBe(404);
    expect(partialsOnDisk().has(url.split('/').pop()!)).toBe(false);
    // Finishing again (a lost answer) is a 404 the client answers with files_dedup.
    expect(errorOf(await finish(url))).toBe(RESUMABLE_ERRORS.notFound);
  });

  it('belong to their uploader: anyone else, no one and a bad token get 404 and change nothing', async () => {
    const url = await created(10);
    expect((await patch(url, 0, Buffer.from('12345'))).statusCode).toBe(204);
    const id = url.split('/').pop()!;
    const strangers: Record<string, string>[] = [
      other,
      {},
      { authorization: 'Basic Zm9yZ2VkOg==' },
    ];
    for (const headers of strangers) {
      const seen = await head(url, headers);
      expect(seen.statusCode).toBe(404);
      const written = await patch(url, 5, Buffer.from('67890'), headers);
      expect(written.statusCode).toBe(404);
      expect(errorOf(written)).toBe(RESUMABLE_ERRORS.notFound);
      const removed = await server.app.inject({
        method: 'DELETE',
        url,
        headers: { ...TUS, ...headers },
      });
      expect(removed.statusCode).toBe(404);
      expect(partialsOnDisk().get(id)).toBe(5);
    }
    // Nor can another user finish it into their own job, or the owner into another job.
    expect(errorOf(await finish(url, {}, other, otherJob))).toBe(RESUMABLE_ERRORS.notFound);
    expect(partialsOnDisk().get(id)).toBe(5);
    // Its uploader cancels it: the bytes go.
    const cancelled = await server.app.inject({
      method: 'DELETE',
      url,
      headers: { ...TUS, ...auth },
    });
    expect(cancelled.statusCode).toBe(204);
    expect(partialsOnDisk().has(id)).toBe(false);
  });

  it('never move the offset backwards, forwards or past the declared length', async () => {
    const url = await created(10);
    const id = url.split('/').pop()!;
    expect((await patch(url, 0, Buffer.from('abcd'))).statusCode).toBe(204);
    for (const offset of [0, 2, 5, 9]) {
      const res = await patch(url, offset, Buffer.from('zz'));
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toBe(RESUMABLE_ERRORS.offsetMismatch);
    }
    const tooMuch = await patch(url, 4, Buffer.from('0123456789'));
    expect(tooMuch.statusCode).toBe(413);
    expect(errorOf(tooMuch)).toBe(RESUMABLE_ERRORS.lengthExceeded);
    const nan = await patch(url, Number.NaN, Buffer.from('x'));
    expect(nan.statusCode).toBeGreaterThanOrEqual(400);
    expect(nan.statusCode).toBeLessThan(500);
    expect(partialsOnDisk().get(id)).toBe(4);
    expect(fs.readFileSync(path.join(partialsDir(), id)).toString()).toBe('abcd');
    expect((await head(url)).headers['upload-offset']).toBe('4');
  });

  it('refuse up front a length over 200 GiB, over the free quota, or not declared', async () => {
    const before = partialsOnDisk().size;
    const huge = await create(MAX_UPLOAD_BYTES + 1);
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge)).toBe('file_too_large');
    // Exactly the SPEC's maximum is fine when the quota has room for it.
    setMaxSpace('demo@example.com', 2 * MAX_UPLOAD_BYTES);
    try {
      expect((await create(MAX_UPLOAD_BYTES)).statusCode).toBe(201);
      const { used_space } = await account();
      setMaxSpace('demo@example.com', used_space + 1000);
      const full = await create(1001);
      expect(full.statusCode).toBe(413);
      expect(errorOf(full)).toBe('out_of_storage');
      expect((await create(1000)).statusCode).toBe(201);
    } finally {
      setMaxSpace('demo@example.com', seededMax);
    }
    const deferred = await create(null);
    expect(deferred.statusCode).toBe(400);
    expect(errorOf(deferred)).toBe(RESUMABLE_ERRORS.lengthRequired);
    // Nothing stored for the refusals (the two accepted ones hold no bytes).
    expect(partialsOnDisk().size).toBe(before + 2);
    expect([...partialsOnDisk().values()].every((bytes) => bytes >= 0)).toBe(true);
  });

  it('are refused into a job the caller may not add to, and to a read-only user', async () => {
    const hidden = await create(10, { job: otherJob });
    expect(hidden.statusCode).toBe(404);
    const unknown = await create(10, { job: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await create(10, { headers: {} });
    expect(anonymous.statusCode).toBe(401);
    server.ctx.db.prepare("UPDATE users SET read_only = 1 WHERE email = 'demo@example.com'").run();
    try {
      const readOnly = await create(10);
      expect(readOnly.statusCode).toBe(403);
      expect(errorOf(readOnly)).toBe('read_only_user');
    } finally {
      server.ctx.db
        .prepare("UPDATE users SET read_only = 0 WHERE email = 'demo@example.com'")
        .run();
    }
  });

  it('finish only when complete, and only as the bytes the client hashed', async () => {
    const jpeg = await cameraJpeg(33);
    const url = await created(jpeg.length);
    const id = url.split('/').pop()!;
    await patch(url, 0, jpeg.subarray(0, 100));
    const early = await finish(url, { checksum: sha1(jpeg) });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(RESUMABLE_ERRORS.incomplete);
    await patch(url, 100, jpeg.subarray(100));

    // The free space shrank meanwhile: 413, and the upload waits for space to be freed.
    const { used_space } = await account();
    setMaxSpace('demo@example.com', used_space + 10);
    try {
      const full = await finish(url, { checksum: sha1(jpeg) });
      expect(full.statusCode).toBe(413);
      expect(errorOf(full)).toBe('out_of_storage');
      expect(partialsOnDisk().get(id)).toBe(jpeg.length);
    } finally {
      setMaxSpace('demo@example.com', seededMax);
    }

    const files = fileCount();
    const wrong = await finish(url, { checksum: 'f'.repeat(40) });
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong)).toBe(RESUMABLE_ERRORS.checksumMismatch);
    // Never stitched into a file: the upload is dropped, nothing is stored.
    expect(partialsOnDisk().has(id)).toBe(false);
    expect(fileCount()).toBe(files);
    const both = multipart({ path: 'a.jpg', mtime: '1', resumable_upload: url }, [
      { data: jpeg, name: 'a.jpg' },
    ]);
    const mixed = await server.app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/upload`,
      headers: { ...auth, ...both.headers },
      payload: both.payload,
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('go through the upload policy: content the job has is that file, the copy dropped', async () => {
    const jpeg = await cameraJpeg(34);
    const first = await created(jpeg.length);
    await patch(first, 0, jpeg);
    const stored = UploadResponseSchema.parse(
      (await finish(first, { policy: 'no_duplicates' })).json(),
    );
    const files = fileCount();
    const again = await created(jpeg.length);
    await patch(again, 0, jpeg);
    const res = await finish(again, { policy: 'no_duplicates' });
    expect(UploadResponseSchema.parse(res.json())).toEqual({ id: stored.id, status: 'exists' });
    expect(fileCount()).toBe(files);
    expect(partialsOnDisk().has(again.split('/').pop()!)).toBe(false);
    expect(fs.readdirSync(path.join(server.ctx.dataDir, 'blobs', 'tmp'))).toEqual([]);
  });

  it('expire a day after their last byte, bytes and all', async () => {
    const stale = await created(10);
    await patch(stale, 0, Buffer.from('stale'));
    const fresh = await created(10);
    await patch(fresh, 0, Buffer.from('fresh'));
    const now = server.ctx.now();
    const staleId = stale.split('/').pop()!;
    const freshId = fresh.split('/').pop()!;
    const age = (id: string, seconds: number) => {
      const when = new Date((now - seconds) * 1000);
      for (const name of [id, `${id}.json`])
        fs.utimesSync(path.join(partialsDir(), name), when, when);
    };
    age(staleId, PARTIAL_IDLE_SECONDS + 60);
    age(freshId, PARTIAL_IDLE_SECONDS - 60);
    fs.writeFileSync(path.join(partialsDir(), 'stray.tmp'), 'not a partial');
    await server.ctx.media.partials.sweep(now);
    const left = partialsOnDisk();
    expect(left.has(staleId)).toBe(false);
    expect(fs.existsSync(path.join(partialsDir(), `${staleId}.json`))).toBe(false);
    expect(left.get(freshId)).toBe(5);
    expect(left.has('stray.tmp')).toBe(false);
    // The expired upload is unknown to its uploader now: the client starts again.
    expect((await head(stale)).statusCode).toBe(404);
  });
});

describe('a connection cut mid-upload (real sockets, the test controls)', () => {
  it('keeps the bytes that arrived, resumes from there and finishes with the same checksum', async () => {
    const live = await testServer(0, 1, { testControls: true });
    try {
      await live.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = live.app.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      const me = (await login(live.app)).auth;
      const job = (await live.app.inject({ url: '/jobs/default', headers: me })).json<{
        id: string;
      }>().id;
      const control = (url: string, body: unknown) =>
        fetch(`${base}/__test/${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ id: number }>);
      // 8 MiB of varied bytes; the connection drops after 60% of them reached the server.
      const data = Buffer.alloc(8 * 1024 * 1024);
      for (let i = 0; i < data.length; i += 4) data.writeUInt32LE((i * 2654435761) >>> 0, i);
      const cutAt = Math.floor(data.length * 0.6);
      await control('faults', {
        method: 'PATCH',
        path: '^/resumable_uploads/',
        cutAfterBytes: cutAt,
        times: 1,
      });
      const meter = await control('meters', { method: 'PATCH', path: '^/resumable_uploads/' });

      const createdRes = await fetch(`${base}/resumable_uploads`, {
        method: 'POST',
        headers: {
          ...me,
          ...TUS,
          'upload-length': String(data.length),
          'upload-metadata': `job ${b64(job)},filename ${b64('cut.mp4')}`,
        },
      });
      expect(createdRes.status).toBe(201);
      const url = `${base}${createdRes.headers.get('location')!}`;
      const send = (offset: number) =>
        fetch(url, {
          method: 'PATCH',
          headers: {
            ...me,
            ...TUS,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: data.subarray(offset),
        });
      await expect(send(0)).rejects.toThrow();

      const probe = await fetch(url, { method: 'HEAD', headers: { ...me, ...TUS } });
      const offset = Number(probe.headers.get('upload-offset'));
      // What arrived is kept (all but what was still in the server's buffers when it dropped).
      expect(offset).toBeLessThanOrEqual(cutAt);
      expect(offset).toBeGreaterThan(cutAt - 1024 * 1024);
      const rest = await send(offset);
      expect(rest.status).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(data.length));
      const sent = await fetch(`${base}/__test/meters/${meter.id}`).then(
        (r) => r.json() as Promise<{ requests: number; bytes: number }>,
      );
      expect(sent.requests).toBe(2);
      // Bytes that reached the server twice: those it had not written yet when the line dropped.
      expect(sent.bytes - data.length).toBe(cutAt - offset);

      const body = multipart({
        path: 'cut.mp4',
        mtime: '1700000000',
        resumable_upload: url,
        checksum: sha1(data),
      });
      const done = await fetch(`${base}/jobs/${job}/upload`, {
        method: 'POST',
        headers: { ...me, ...body.headers },
        body: new Uint8Array(body.payload),
      });
      expect(done.status, await done.clone().text()).toBe(200);
      const stored = live.ctx.media.blobs.pathOf(sha1(data));
      expect(sha1(fs.readFileSync(stored))).toBe(sha1(data));
    } finally {
      await live.close();
    }
  }, 30_000);
});
