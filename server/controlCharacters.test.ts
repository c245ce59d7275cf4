// Issue 23: control characters were accepted in names (user name, album names, file names). Every
// text the server stores goes through src/api/contract/text.ts; a file name answers its own code
// (invalid_file_name) so the upload panel can say what is wrong.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../src/api/contract/uploads';
import { login, multipart, testServer, type TestServer } from './testing';

let server: TestServer;
let auth: { authorization: string };
let jobId: string;
const BAD = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009b'];

beforeAll(async () => {
  server = await testServer(50, 1);
  auth = (await login(server.app)).auth;
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
});
afterAll(() => server.close());

const count = (sql: string) => (server.ctx.db.prepare(sql).get() as { n: number }).n;

describe('control characters in stored names', () => {
  it('refuses them in the user name and album names (400, nothing stored)', async () => {
    const albums = count("SELECT COUNT(*) AS n FROM jobs WHERE type = 'story'");
    for (const c of BAD) {
      const name = await server.app.inject({
        method: 'POST',
        url: '/name',
        headers: auth,
        payload: { name: `Ann${c}e` },
      });
      expect(name.statusCode, JSON.stringify(c)).toBe(400);
      expect(name.json<{ message: string }>().message).toContain('control characters');
      const album = await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: auth,
        payload: { type: 'story', name: `Trip${c}` },
      });
      expect(album.statusCode, JSON.stringify(c)).toBe(400);
    }
    expect(count("SELECT COUNT(*) AS n FROM jobs WHERE type = 'story'")).toBe(albums);
    expect(count("SELECT COUNT(*) AS n FROM users WHERE name LIKE 'Ann%'")).toBe(0);
  });

  it('refuses them in file names of uploads and files_dedup with invalid_file_name', async () => {
    const files = count('SELECT COUNT(*) AS n FROM files');
    const data = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .jpeg()
      .toBuffer();
    for (const c of BAD) {
      const body = multipart({ path: `a${c}.jpg`, mtime: '1' }, [{ data }]);
      const up = await server.app.inject({
        method: 'POST',
        url: `/jobs/${jobId}/upload`,
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, JSON.stringify(c)).toBe(400);
      expect(ErrorBodySchema.parse(up.json())).toMatchObject({ error: 'invalid_file_name' });
      const dedup = await server.app.inject({
        method: 'POST',
        url: `/jobs/${jobId}/files_dedup`,
        headers: auth,
        payload: { path: `a${c}.jpg`, checksum: 'a'.repeat(40), mtime: 1 },
      });
      expect(dedup.statusCode, JSON.stringify(c)).toBe(400);
      expect(ErrorBodySchema.parse(dedup.json())).toMatchObject({ error: 'invalid_file_name' });
    }
    expect(count('SELECT COUNT(*) AS n FROM files')).toBe(files);
  });
});
