import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { ChangesResponseSchema } from '../../src/api/contract/changes';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { FileDetailSchema, FileMetadataResponseSchema } from '../../src/api/contract/media';
import {
  ErrorBodySchema,
  FileWasDeletedSchema,
  UploadResponseSchema,
} from '../../src/api/contract/uploads';
import { cameraJpeg, login, multipart, testServer, tinyMp4, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let jobId: string;

beforeAll(async () => {
  server = await testServer(300, 1);
  auth = (await login(server.app)).auth;
  otherAuth = (await login(server.app, 'user1@example.com')).auth;
  const def = (headers: Record<string, string>) =>
    server.app.inject({ url: '/jobs/default', headers }).then((r) => r.json<{ id: string }>().id);
  jobId = await def(auth);
});
afterAll(() => server.close());

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');
const count = (sql: string, ...params: unknown[]) =>
  (server.ctx.db.prepare(sql).get(...params) as { n: number }).n;
const fileCount = () => count('SELECT COUNT(*) AS n FROM files');
const tempFiles = () => {
  const dir = path.join(server.ctx.dataDir, 'blobs', 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

function upload(
  data: Buffer,
  fields: Record<string, string>,
  headers: Record<string, string> = auth,
  job = jobId,
) {
  const body = multipart(fields, [{ data, name: fields.path ?? 'x' }]);
  return server.app.inject({
    method: 'POST',
    url: `/jobs/${job}/upload?app_key=k&client_v=1`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const usedSpace = async () =>
  AccountInfoSchema.parse((await server.app.inject({ url: '/account_info', headers: auth })).json())
    .used_space;

describe('POST /jobs/{id}/upload', () => {
  it('stores a photo by checksum with oriented size, EXIF, thumbnails, counts and a change', async () => {
    const jpeg = await cameraJpeg(1);
    const before = { used: await usedSpace(), files: fileCount() };
    const serialBefore = count('SELECT last_serial AS n FROM jobs WHERE uuid = ?', jobId);
    const res = await upload(jpeg, { path: 'Camera/IMG_1.JPG', mtime: '1700000000' });
    expect(res.statusCode).toBe(200);
    const { id, status } = UploadResponseSchema.parse(res.json());
    expect(status).toBe('done');

    // Content on disk under its sha1; thumbnails were written before the answer.
    const checksum = sha1(jpeg);
    const blob = path.join(server.ctx.dataDir, 'blobs', checksum.slice(0, 2), checksum);
    expect(fs.readFileSync(blob).equals(jpeg)).toBe(true);
    for (const area of [256, 1280]) {
      const thumb = path.join(
        server.ctx.dataDir,
        'thumbs',
        String(area),
        'b',
        checksum.slice(0, 2),
      );
      expect(fs.existsSync(path.join(thumb, `${checksum}.jpg`)), String(area)).toBe(true);
    }
    const small = await server.app.inject({ url: `/th/3/${id}?area=256`, headers: auth });
    expect(small.statusCode).toBe(200);
    const smallMeta = await sharp(small.rawPayload).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([171, 256]); // turned upright

    const detail = FileDetailSchema.parse(
      (await server.app.inject({ url: `/jobs/${jobId}/files_by_id/${id}`, headers: auth })).json(),
    );
    expect(detail).toMatchObject({
      id,
      jobID: jobId,
      path: 'Camera/IMG_1.JPG',
      type: 'picture',
      width: 400,
      height: 600,
      size: jpeg.length,
      checksum,
      mtime: 1700000000,
      ctime: Date.UTC(2023, 7, 14, 10, 20, 30) / 1000,
      encodingStatus: 'done',
    });
    const metadata = FileMetadataResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${jobId}/metadata/${id}`, headers: auth })).json(),
    );
    expect(metadata).toEqual({
      Make: 'Apple',
      Model: 'iPhone 15',
      ISOSpeedRatings: 64,
      ApertureValue: 1.6,
      ExposureTime: 0.008333,
      FocalLength: 6,
      width: 400,
      height: 600,
    });

    // Day counts (so timeline and used space), the serial and the change log moved together.
    expect(await usedSpace()).toBe(before.used + jpeg.length);
    expect(fileCount()).toBe(before.files + 1);
    const day = count(
      'SELECT pictures AS n FROM day_counts WHERE day = 20230814 AND job = (SELECT id FROM jobs WHERE uuid = ?)',
      jobId,
    );
    expect(day).toBeGreaterThanOrEqual(1);
    const changes = ChangesResponseSchema.parse(
      (
        await server.app.inject({
          url: `/jobs/${jobId}/changes?since=${serialBefore}`,
          headers: auth,
        })
      ).json(),
    );
    expect(changes.changes).toEqual([{ serial: serialBefore + 1, type: 0, id }]);
    const listed = FilesResponseSchema.parse(
      (
        await server.app.inject({
          url: `/jobs/${jobId}/files?start=${detail.ctime}&end=${detail.ctime! + 1}`,
          headers: auth,
        })
      ).json(),
    );
    expect(listed.files.map((f) => f.id)).toContain(id);
    expect(tempFiles()).toBe(0);
  });

  it('applies the duplicate policies by checksum', async () => {
    const jpeg = await cameraJpeg(2);
    const first = UploadResponseSchema.parse(
      (await upload(jpeg, { path: 'a.jpg', mtime: '1', policy: 'no_duplicates' })).json(),
    );
    const files = fileCount();
    const again = await upload(jpeg, { path: 'b.jpg', mtime: '1', policy: 'no_duplicates' });
    expect(UploadResponseSchema.parse(again.json())).toEqual({ id: first.id, status: 'exists' });
    expect(fileCount()).toBe(files);
    const copy = UploadResponseSchema.parse(
      (await upload(jpeg, { path: 'c.jpg', mtime: '1', policy: 'allow_duplicates' })).json(),
    );
    expect(copy.id).not.toBe(first.id);
    expect(fileCount()).toBe(files + 1);

    // once_only: content trashed before is refused with its status (SPEC §8 FileWasDeleted).
    const other = await cameraJpeg(3);
    const trashed = UploadResponseSchema.parse(
      (await upload(other, { path: 'd.jpg', mtime: '1' })).json(),
    );
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${jobId}/files_by_id/${trashed.id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(204);
    const refused = await upload(other, { path: 'd.jpg', mtime: '1', policy: 'once_only' });
    expect(refused.statusCode).toBe(409);
    expect(FileWasDeletedSchema.parse(refused.json())).toMatchObject({
      status: 'trashed',
      id: trashed.id,
    });
    // Permanently deleted content is remembered per job.
    const gone = await cameraJpeg(4);
    server.ctx.db
      .prepare(
        'INSERT INTO deleted_checksums (job, checksum, dtime) SELECT id, ?, 0 FROM jobs WHERE uuid = ?',
      )
      .run(sha1(gone), jobId);
    const purged = await upload(gone, { path: 'e.jpg', mtime: '1', policy: 'once_only' });
    expect(FileWasDeletedSchema.parse(purged.json()).status).toBe('deleted');
    expect(tempFiles()).toBe(0);
  });

  it('classifies by SPEC §5: screenshots, documents, and undecodable pictures', async () => {
    const png = await sharp({ create: { width: 30, height: 60, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const shot = UploadResponseSchema.parse(
      (await upload(png, { path: 'Screenshots/Screenshot_2024.png', mtime: '1700000000' })).json(),
    );
    const doc = UploadResponseSchema.parse(
      (
        await upload(Buffer.from('%PDF-1.4 tiny'), { path: 'notes.pdf', mtime: '1700000000' })
      ).json(),
    );
    const heic = UploadResponseSchema.parse(
      (
        await upload(Buffer.from('not really heic'), { path: 'IMG.HEIC', mtime: '1700000000' })
      ).json(),
    );
    const get = async (id: string) =>
      FileDetailSchema.parse(
        (
          await server.app.inject({ url: `/jobs/${jobId}/files_by_id/${id}`, headers: auth })
        ).json(),
      );
    expect(await get(shot.id)).toMatchObject({ type: 'picture', screenshot: true, width: 30 });
    expect(await get(doc.id)).toMatchObject({ type: 'document', ctime: null });
    expect(await get(heic.id)).toMatchObject({ type: 'picture', width: 0, height: 0 });
    // Still drawn: the synthetic thumbnail stands in.
    const thumb = await server.app.inject({ url: `/th/3/${heic.id}`, headers: auth });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('gives videos a poster and moves them from processing to done', async () => {
    const created = Date.UTC(2021, 3, 5, 9) / 1000;
    const mp4 = tinyMp4({ seconds: 12, width: 1920, height: 1080, rotated: true, created });
    const res = await upload(mp4, { path: 'Camera/VID_1.mp4', mtime: '1700000000' });
    const { id, status } = UploadResponseSchema.parse(res.json());
    expect(status).toBe('processing');
    await server.ctx.media.idle();
    const detail = FileDetailSchema.parse(
      (await server.app.inject({ url: `/jobs/${jobId}/files_by_id/${id}`, headers: auth })).json(),
    );
    expect(detail).toMatchObject({
      type: 'movie',
      duration: 12,
      width: 1080,
      height: 1920,
      ctime: created,
      encodingStatus: 'done',
    });
    const check = await server.app.inject({
      url: `/st/4/jobs/${jobId}/files_by_id/${id}/v-check`,
      headers: auth,
    });
    expect(check.json()).toEqual({ result: 'ready' });
    const poster = await server.app.inject({ url: `/th/3/${id}?area=1280`, headers: auth });
    const meta = await sharp(poster.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([720, 1280]);
  });

  it('places a video with a crafted creation time by its mtime, never a 500 (issue 23)', async () => {
    for (const [i, raw] of [2n ** 64n - 1n, 2n ** 63n, BigInt(2_199_999_999_999)].entries()) {
      const mp4 = tinyMp4({
        seconds: 1,
        width: 64,
        height: 48,
        createdRaw1904: raw,
        filler: `crafted ${i}`,
      });
      const res = await upload(mp4, { path: `Crafted/${i}.mp4`, mtime: '1700000000' });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = UploadResponseSchema.parse(res.json());
      const detail = FileDetailSchema.parse(
        (
          await server.app.inject({ url: `/jobs/${jobId}/files_by_id/${id}`, headers: auth })
        ).json(),
      );
      expect(detail.ctime ?? detail.mtime).toBe(1_700_000_000);
    }
    await server.ctx.media.idle();
    const months = await server.app.inject({
      url: `/jobs/${jobId}/timeline/months`,
      headers: auth,
    });
    expect(months.statusCode).toBe(200);
    expect(months.body).not.toContain('71654');
  });

  it('answers 413 when the quota would be exceeded, before or while storing, leaving nothing', async () => {
    const jpeg = await cameraJpeg(5);
    const used = await usedSpace();
    const setMax = (max: number) =>
      server.ctx.db
        .prepare("UPDATE users SET max_space = ? WHERE email = 'demo@example.com'")
        .run(max);
    const files = fileCount();
    try {
      // Declared (Content-Length) far above what is left: refused before a byte is read.
      setMax(used + 10);
      const big = await upload(Buffer.alloc(200_000, 1), { path: 'big.jpg', mtime: '1' });
      expect(big.statusCode).toBe(413);
      expect(ErrorBodySchema.parse(big.json()).error).toBe('out_of_storage');
      // Declared within the multipart allowance, but the bytes run over while streaming.
      setMax(used + 1000);
      const over = await upload(jpeg, { path: 'over.jpg', mtime: '1' });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({ error: 'out_of_storage' });
    } finally {
      setMax(2 * 1024 ** 4);
    }
    expect(fileCount()).toBe(files);
    expect(tempFiles()).toBe(0);
    const stored = fs
      .readdirSync(path.join(server.ctx.dataDir, 'blobs'), { recursive: true })
      .map(String);
    expect(stored.some((name) => name.endsWith(sha1(jpeg)))).toBe(false);
  });

  it('refuses bad uploads with 4xx JSON and stores nothing', async () => {
    const jpeg = await cameraJpeg(6);
    const files = fileCount();
    const cases: [string, () => ReturnType<typeof upload>][] = [
      ['folder path', () => upload(jpeg, { path: 'Camera/', mtime: '1' })],
      ['empty path', () => upload(jpeg, { path: '  ', mtime: '1' })],
      ['no path', () => upload(jpeg, { mtime: '1' })],
      ['mtime in ms', () => upload(jpeg, { path: 'a.jpg', mtime: '1700000000000' })],
      ['negative mtime', () => upload(jpeg, { path: 'a.jpg', mtime: '-5' })],
      ['bad policy', () => upload(jpeg, { path: 'a.jpg', mtime: '1', policy: 'sometimes' })],
      ['long path', () => upload(jpeg, { path: `${'a'.repeat(5000)}.jpg`, mtime: '1' })],
      ['control chars', () => upload(jpeg, { path: 'a\u0001.jpg', mtime: '1' })],
      [
        'no file',
        () => {
          const body = multipart({ path: 'a.jpg', mtime: '1' });
          return server.app.inject({
            method: 'POST',
            url: `/jobs/${jobId}/upload`,
            headers: { ...auth, ...body.headers },
            payload: body.payload,
          });
        },
      ],
      [
        'two files',
        () => {
          const body = multipart({ path: 'a.jpg', mtime: '1' }, [{ data: jpeg }, { data: jpeg }]);
          return server.app.inject({
            method: 'POST',
            url: `/jobs/${jobId}/upload`,
            headers: { ...auth, ...body.headers },
            payload: body.payload,
          });
        },
      ],
      [
        'wrong field',
        () => {
          const body = multipart({ path: 'a.jpg', mtime: '1' }, [{ data: jpeg, field: 'photo' }]);
          return server.app.inject({
            method: 'POST',
            url: `/jobs/${jobId}/upload`,
            headers: { ...auth, ...body.headers },
            payload: body.payload,
          });
        },
      ],
      [
        'JSON body',
        () =>
          server.app.inject({
            method: 'POST',
            url: `/jobs/${jobId}/upload`,
            headers: auth,
            payload: { path: 'a.jpg' },
          }),
      ],
      [
        'broken multipart',
        () =>
          server.app.inject({
            method: 'POST',
            url: `/jobs/${jobId}/upload`,
            headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' },
            payload:
              '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
          }),
      ],
      ['another user’s job', () => upload(jpeg, { path: 'a.jpg', mtime: '1' }, otherAuth)],
      ['no token', () => upload(jpeg, { path: 'a.jpg', mtime: '1' }, {})],
    ];
    for (const [label, send] of cases) {
      const res = await send();
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expect(ErrorBodySchema.safeParse(res.json()).success, label).toBe(true);
    }
    expect(fileCount()).toBe(files);
    // A refused body's temp file goes once its stream has ended, which on a busy machine was seen
    // to be just after the answer (1 temp file left at this line in 1 of 3 full runs).
    await vi.waitFor(() => expect(tempFiles()).toBe(0));
  });
});
