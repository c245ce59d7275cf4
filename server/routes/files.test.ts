import { parse as parseDisposition } from 'content-disposition';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { FilesResponseSchema, type FileInfo } from '../../src/api/contract/files';
import { TimelineMonthsResponseSchema } from '../../src/api/contract/jobs';
import { FileDetailSchema } from '../../src/api/contract/media';
import { ErrorBodySchema, UploadResponseSchema } from '../../src/api/contract/uploads';
import { login, multipart, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let token: string;
let jobId: string;
let files: FileInfo[];
let uploaded: { id: string; data: Buffer };

beforeAll(async () => {
  server = await testServer(400, 1);
  ({ auth, token } = await login(server.app));
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  files = FilesResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${jobId}/files`, headers: auth })).json(),
  ).files;
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#369' } })
    .jpeg()
    .toBuffer();
  const body = multipart({ path: 'photo.jpg', mtime: '1700000000' }, [{ data }]);
  const res = await server.app.inject({
    method: 'POST',
    url: `/jobs/${jobId}/upload`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  uploaded = { id: UploadResponseSchema.parse(res.json()).id, data };
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = auth) =>
  server.app.inject({ url, headers });
const content = (id: string) => `/st/4/jobs/${jobId}/files_by_id/${id}`;

describe('file content (GET /st/4/jobs/{id}/files_by_id/{fileId})', () => {
  it('serves the stored bytes whole and by Range', async () => {
    const { id, data } = uploaded;
    const whole = await get(content(id));
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    expect(whole.rawPayload.equals(data)).toBe(true);

    const first = await get(content(id), { ...auth, range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${data.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(data.subarray(0, 10))).toBe(true);
    const tail = await get(content(id), { ...auth, range: 'bytes=-5' });
    expect(tail.rawPayload.equals(data.subarray(-5))).toBe(true);
    // SPEC §7 video preview asks for 0–5,000,000 of a smaller file: the rest of it.
    const preview = await get(content(id), { ...auth, range: 'bytes=0-5000000' });
    expect(preview.statusCode).toBe(206);
    expect(preview.rawPayload.equals(data)).toBe(true);

    const beyond = await get(content(id), { ...auth, range: `bytes=${data.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(ErrorBodySchema.parse(beyond.json()).error).toBe('range_not_satisfiable');

    // <video src> sends no header: ?token= works here.
    expect((await get(`${content(id)}?token=${token}`, {})).statusCode).toBe(200);
    expect((await get(`${content(id)}?download=1`)).headers['content-disposition']).toBe(
      'attachment; filename=photo.jpg',
    );
  });

  it('names a download by its own name, whatever characters it holds (RFC 8187)', async () => {
    const name = "Bob's trip (1) ø*.jpg";
    const body = multipart({ path: name, mtime: '1700000000' }, [{ data: uploaded.data }]);
    const res = await server.app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/upload`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    const { id } = UploadResponseSchema.parse(res.json());
    for (const download of ['1', '0']) {
      const header = (await get(`${content(id)}?download=${download}`)).headers[
        'content-disposition'
      ] as string;
      expect(header).toContain(`filename*=UTF-8''Bob%27s%20trip%20%281%29%20%C3%B8%2A.jpg`);
      expect(parseDisposition(header)).toEqual({
        type: download === '1' ? 'attachment' : 'inline',
        parameters: { filename: name },
      });
    }
  });

  it('serves the 1280 rendering for a seeded file without content', async () => {
    const file = files.find((f) => f.type === 'picture')!;
    const res = await get(content(file.id));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(1280);
    const part = await get(content(file.id), { ...auth, range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(res.rawPayload.subarray(0, 100))).toBe(true);
  });
});

describe('DELETE /jobs/{id}/files_by_id/{fileId} (to the trash)', () => {
  it('trashes: counts, used space, serial and change log move; trash thumbnail appears', async () => {
    const victim = files.find((f) => f.type === 'picture' && !f.screenshot)!;
    const account = async () => AccountInfoSchema.parse((await get('/account_info')).json());
    const monthsTotal = async () =>
      TimelineMonthsResponseSchema.parse(
        (await get(`/jobs/${jobId}/timeline/months`)).json(),
      ).months.reduce((n, s) => n + s.counts.pictures, 0);
    const before = { account: await account(), pictures: await monthsTotal() };
    const serial = Number(
      (await get(`/jobs/${jobId}/files?start=0&end=1`)).headers['x-last-event-serial'],
    );

    expect(
      FileDetailSchema.parse((await get(`/jobs/${jobId}/files_by_id/${victim.id}`)).json()).id,
    ).toBe(victim.id);
    const del = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${jobId}/files_by_id/${victim.id}`,
      headers: auth,
    });
    expect(del.statusCode).toBe(204);

    const after = await account();
    expect(after.used_space).toBe(before.account.used_space - victim.size);
    expect(after.file_type_counters.picture_count).toBe(
      before.account.file_type_counters.picture_count - 1,
    );
    expect(await monthsTotal()).toBe(before.pictures - 1);
    const changes = (await get(`/jobs/${jobId}/changes?since=${serial}`)).json<unknown>();
    expect(changes).toMatchObject({ changes: [{ serial: serial + 1, type: 1, id: victim.id }] });
    const row = server.ctx.db
      .prepare('SELECT deleted, dtime FROM files WHERE id = ?')
      .get(parseInt(victim.id.split('-')[0], 36)) as { deleted: number; dtime: number };
    expect(row.deleted).toBe(1);
    expect(Math.abs(row.dtime - Date.now() / 1000)).toBeLessThan(60);

    // Gone from the live calls, present on the trash thumbnail call.
    expect((await get(`/jobs/${jobId}/files_by_id/${victim.id}`)).statusCode).toBe(404);
    expect((await get(`/th/3/${victim.id}`)).statusCode).toBe(404);
    expect((await get(content(victim.id))).statusCode).toBe(404);
    const again = await server.app.inject({
      method: 'DELETE',
      url: `/jobs/${jobId}/files_by_id/${victim.id}`,
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    const trashThumb = await get(`/th/3/trash/${jobId}/${victim.id}?area=256`);
    expect(trashThumb.statusCode).toBe(200);
    expect((await sharp(trashThumb.rawPayload).metadata()).format).toBe('jpeg');
    // A live file is not on the trash call.
    expect((await get(`/th/3/trash/${jobId}/${files[5].id}`)).statusCode).toBe(404);
  });
});
