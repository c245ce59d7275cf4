import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema, type FileInfo } from '../../src/api/contract/files';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let token: string;
let jobId: string;
let files: FileInfo[];

beforeAll(async () => {
  server = await testServer(300, 1);
  ({ auth, token } = await login(server.app));
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  files = FilesResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${jobId}/files`, headers: auth })).json(),
  ).files;
});
afterAll(() => server.close());

describe('GET /th/3/{fileId}', () => {
  it('renders a JPEG with the file’s aspect ratio, caches it, and answers 304', async () => {
    const file = files.find((f) => f.type === 'picture' && f.width! > f.height!)!;
    const url = `/th/3/${file.id}?area=256&share=${jobId}`;
    const first = await server.app.inject({ url, headers: auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(256);
    expect(meta.height).toBe(Math.round((256 * file.height!) / file.width!));

    const cached = fs.readdirSync(path.join(server.ctx.dataDir, 'thumbs', '256'), {
      recursive: true,
    });
    expect(cached.some((name) => String(name).endsWith(`${file.id}.jpg`))).toBe(true);
    const second = await server.app.inject({ url, headers: auth });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const etag = first.headers.etag as string;
    const notModified = await server.app.inject({
      url,
      headers: { ...auth, 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('draws the large size and accepts the token as a query parameter', async () => {
    const file = files.find((f) => f.height! > f.width!)!;
    const res = await server.app.inject({ url: `/th/3/${file.id}?area=1280&token=${token}` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).height).toBe(1280);
  });

  it('is only for the owner', async () => {
    const other = await login(server.app, 'user1@example.com');
    const id = files[0].id;
    expect((await server.app.inject({ url: `/th/3/${id}`, headers: other.auth })).statusCode).toBe(
      404,
    );
    expect((await server.app.inject({ url: `/th/3/${id}` })).statusCode).toBe(401);
    const forged = id.replace(/-[0-9a-f]{4}$/, (tag) => (tag === '-0000' ? '-0001' : '-0000'));
    expect((await server.app.inject({ url: `/th/3/${forged}`, headers: auth })).statusCode).toBe(
      404,
    );
    const elsewhere = await server.app.inject({
      url: `/th/3/${id}?share=00000000-0000-0000-0000-000000000000`,
      headers: auth,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers bad ids and areas with 4xx JSON', async () => {
    for (const url of ['/th/3/nope', `/th/3/${files[0].id}?area=huge`, '/th/3/zzzzzzzzzzz-ffff']) {
      const res = await server.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json()).toHaveProperty('error');
    }
  });
});
