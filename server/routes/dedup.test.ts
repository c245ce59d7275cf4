import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileDetailSchema } from '../../src/api/contract/media';
import { FilesDedupResponseSchema, UploadResponseSchema } from '../../src/api/contract/uploads';
import { cameraJpeg, login, multipart, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let jobId: string;
let otherJobId: string;

beforeAll(async () => {
  server = await testServer(300, 1);
  auth = (await login(server.app)).auth;
  otherAuth = (await login(server.app, 'user1@example.com')).auth;
  const def = (headers: Record<string, string>) =>
    server.app.inject({ url: '/jobs/default', headers }).then((r) => r.json<{ id: string }>().id);
  jobId = await def(auth);
  otherJobId = await def(otherAuth);
});
afterAll(() => server.close());

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

function upload(data: Buffer, fields: Record<string, string>) {
  const body = multipart(fields, [{ data, name: fields.path }]);
  return server.app.inject({
    method: 'POST',
    url: `/jobs/${jobId}/upload`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

describe('POST /jobs/{id}/files_dedup', () => {
  it('adds a file from content the caller already stored, else 404', async () => {
    const jpeg = await cameraJpeg(7);
    const original = UploadResponseSchema.parse(
      (await upload(jpeg, { path: 'f.jpg', mtime: '1' })).json(),
    );
    const albums = await server.app.inject({ url: '/jobs?stories=1', headers: auth });
    const albumId = albums
      .json<{ jobs: { id: string; owner: { email: string } }[] }>()
      .jobs.find((j) => j.owner.email === 'demo@example.com')!.id;
    const dedup = (job: string, payload: Record<string, unknown>, headers = auth) =>
      server.app.inject({
        method: 'POST',
        url: `/jobs/${job}/files_dedup`,
        headers,
        payload,
      });
    const fields = { path: 'album/f.jpg', checksum: sha1(jpeg), mtime: 5, want_json: '1' };
    const res = await dedup(albumId, {
      ...fields,
      group_type: 'burst',
      group_id: 'g1',
      master: '1',
    });
    expect(res.statusCode).toBe(200);
    const { uuid } = FilesDedupResponseSchema.parse(res.json());
    expect(uuid).not.toBe(original.id);
    const detail = FileDetailSchema.parse(
      (
        await server.app.inject({ url: `/jobs/${albumId}/files_by_id/${uuid}`, headers: auth })
      ).json(),
    );
    expect(detail).toMatchObject({
      width: 400,
      height: 600,
      group: { type: 'burst', master: true },
    });
    expect(detail.metadata.Make).toBe('Apple');
    // The same content again under no_duplicates is the existing file.
    const again = await dedup(albumId, { ...fields, policy: 'no_duplicates' });
    expect(FilesDedupResponseSchema.parse(again.json())).toEqual({ uuid, status: 'exists' });

    const unknown = await dedup(albumId, { ...fields, checksum: 'a'.repeat(40) });
    expect(unknown.statusCode).toBe(404);
    // Someone else's content is unknown to this caller (no probing other users' checksums).
    const theirs = await dedup(otherJobId, fields, otherAuth);
    expect(theirs.statusCode).toBe(404);
    for (const bad of [
      { ...fields, checksum: 'xyz' },
      { ...fields, path: '' },
      { ...fields, mtime: -1 },
      { ...fields, group_type: 'pair' },
    ]) {
      expect((await dedup(albumId, bad)).statusCode).toBe(400);
    }
  });
});
