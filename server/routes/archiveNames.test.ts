// Issue 23: file names like `C:holiday.jpg`, `..` or `..\photo.jpg` were accepted at upload and
// then cut zip downloads and takeout off after a 200 (yazl refuses such entry names mid-stream).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResponseSchema } from '../../src/api/contract/uploads';
import { login, multipart, testServer, unzip, type TestServer } from '../testing';
import { entryFileName, entryPath } from './archive';

let server: TestServer;
let owner: { token: string; auth: { authorization: string } };
let albumId: string;

/** Stored as uploaded; only the archive has to make them safe. */
const HOSTILE = [
  'C:holiday.jpg',
  '..',
  '..\\photo.jpg',
  'a/../../b.jpg',
  '/etc/passwd.jpg',
  'C:\\Users\\me\\x.jpg',
  '\\\\server\\share\\y.jpg',
  'D:',
  './.././z.jpg',
  'clip.jpg:stream',
  'same.jpg',
  'SAME.JPG',
  'dir\\same.jpg',
];
/** Rows from before control characters were refused at upload (written straight to the db). */
const LEGACY = ['ctl\u0001\u0085.jpg', 'nul\u0000/../x.jpg', '\u001b[31mred.jpg'];
const ids: string[] = [];

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** What any unzip tool on any system takes as a plain relative name inside the target folder. */
function isSafeEntryName(name: string): boolean {
  return (
    name.length > 0 &&
    !name.startsWith('/') &&
    !name.includes('\\') &&
    !name.includes(':') &&
    !CONTROL.test(name) &&
    name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

beforeAll(async () => {
  server = await testServer(50, 1);
  owner = await login(server.app);
  albumId = (
    await server.app.inject({
      method: 'POST',
      url: '/jobs',
      headers: owner.auth,
      payload: { type: 'story', name: 'Hostile names' },
    })
  ).json<{ id: string }>().id;
  const paths = [...HOSTILE, ...LEGACY.map((_, i) => `legacy-${i}.jpg`)];
  for (const [i, path] of paths.entries()) {
    const data = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: i * 9, g: 3, b: 4 } },
    })
      .jpeg()
      .toBuffer();
    const body = multipart({ path, mtime: String(1_700_000_000 + i) }, [{ data }]);
    const res = await server.app.inject({
      method: 'POST',
      url: `/jobs/${albumId}/upload`,
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    ids.push(UploadResponseSchema.parse(res.json()).id);
  }
  for (const [i, path] of LEGACY.entries()) {
    server.ctx.db.prepare('UPDATE files SET path = ? WHERE path = ?').run(path, `legacy-${i}.jpg`);
  }
});
afterAll(() => server.close());

async function download(query: string, fileIds: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/st/4/jobs/${albumId}/files_as_archive${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ file_ids: fileIds, auth_token: owner.token }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return unzip(res.rawPayload);
}

describe('archive entry names of hostile file names', () => {
  it.each([
    ['paths kept', ''],
    ['flattened', '?flattened=1'],
  ])('the whole archive arrives and every name is safe and unique (%s)', async (_label, query) => {
    for (const fileIds of [ids.join(','), 'all']) {
      const entries = await download(query, fileIds);
      expect(entries).toHaveLength(HOSTILE.length + LEGACY.length);
      for (const { name } of entries)
        expect(isSafeEntryName(name), JSON.stringify(name)).toBe(true);
      const lower = entries.map((e) => e.name.toLowerCase());
      expect(new Set(lower).size).toBe(entries.length);
      if (query) expect(entries.every((e) => !e.name.includes('/'))).toBe(true);
    }
  });

  it('keeps what can be kept of each name', () => {
    expect(entryPath('C:holiday.jpg')).toBe('C_holiday.jpg');
    expect(entryPath('..\\photo.jpg')).toBe('photo.jpg');
    expect(entryPath('a/../../b.jpg')).toBe('a/b.jpg');
    expect(entryPath('C:\\Users\\me\\x.jpg')).toBe('C_/Users/me/x.jpg');
    expect(entryPath('ctl\u0001\u0085.jpg')).toBe('ctl.jpg');
    expect(entryPath('..')).toBe('file');
    expect(entryFileName('C:\\Users\\me\\x.jpg')).toBe('x.jpg');
    expect(entryFileName('..\\photo.jpg')).toBe('photo.jpg');
    expect(entryFileName('D:')).toBe('D_');
    expect(entryFileName('..')).toBe('file');
  });
});
