import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlbumInfoSchema, CreateJobResponseSchema } from '../../src/api/contract/albums';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { FileMetadataResponseSchema } from '../../src/api/contract/media';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { login, multipart, testServer, type TestServer } from '../testing';

// SPEC §6 Visitor: a shared album's link opens it to anyone, signed in or not; with a password,
// only to its owner, its members, and a request whose basic auth is the password.

let server: TestServer;
let owner: Record<string, string>;
let friend: Record<string, string>;
let friendToken = '';
/** A visitor's request headers: the album's transformed password as basic auth (SPEC §6). */
const password = (value: string) => ({ authorization: basicAuthHeader(value) });

beforeAll(async () => {
  server = await testServer(50, 2);
  owner = (await login(server.app)).auth;
  const signedIn = await login(server.app, 'user1@example.com');
  friend = signedIn.auth;
  friendToken = signedIn.token;
});
afterAll(() => server.close());

async function sharedAlbum(title: string, privacy: 'shared' | 'private' = 'shared') {
  const created = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: title, public: privacy === 'shared' },
      })
    ).json(),
  );
  const jpeg = await sharp({
    create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart(
    { path: `${title}.jpg`, mtime: '1700000000', policy: 'allow_duplicates' },
    [{ data: jpeg, name: `${title}.jpg`, type: 'image/jpeg' }],
  );
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/jobs/${created.id}/upload`,
    headers: { ...owner, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  return { id: created.id, file: uploaded.json<{ id: string }>().id };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ url, headers });

describe('a shared album through its link', () => {
  it('opens to a visitor without an account: info, months, files, thumbnail, original', async () => {
    const album = await sharedAlbum('open');
    const info = AlbumInfoSchema.parse((await get(`/jobs/${album.id}/info`)).json());
    expect(info.role).toBe('visitor');
    expect(info.title).toBe('open');
    expect((await get(`/jobs/${album.id}/timeline/months`)).statusCode).toBe(200);
    const files = FilesResponseSchema.parse((await get(`/jobs/${album.id}/files`)).json());
    expect(files.files.map((f) => f.id)).toEqual([album.file]);
    expect((await get(`/th/3/${album.file}?area=256&share=${album.id}`)).statusCode).toBe(200);
    expect((await get(`/st/4/jobs/${album.id}/files_by_id/${album.file}`)).statusCode).toBe(200);
    expect((await get(`/st/4/jobs/${album.id}/service`)).statusCode).toBe(200);
    // The viewer's info panel (SPEC §7 metadata): the file's displayed size, no EXIF here.
    const metadata = await get(`/jobs/${album.id}/metadata/${album.file}`);
    expect(metadata.statusCode).toBe(200);
    expect(FileMetadataResponseSchema.strict().parse(metadata.json())).toEqual({
      width: 30,
      height: 20,
    });
    // Nothing but reading: no upload, no rename without an account.
    const rename = await server.app.inject({
      method: 'POST',
      url: `/jobs/${album.id}/name`,
      payload: { name: 'taken' },
    });
    expect(rename.statusCode).toBe(401);
  });

  it('a private album stays closed: SPEC §7 secured job without an account, 404 for a stranger', async () => {
    const album = await sharedAlbum('closed', 'private');
    const visitor = await get(`/jobs/${album.id}/info`);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.body).toContain('User does not have access to secured job');
    expect((await get(`/jobs/${album.id}/info`, friend)).statusCode).toBe(404);
    expect((await get(`/th/3/${album.file}?area=256&share=${album.id}`)).statusCode).toBe(401);
    expect((await get(`/jobs/${album.id}/metadata/${album.file}`)).statusCode).toBe(401);
    expect((await get(`/jobs/${album.id}/metadata/${album.file}`, friend)).statusCode).toBe(404);
    // A dead link is not found (no sign-in would help).
    expect((await get('/jobs/no-such-album/info')).statusCode).toBe(404);
  });

  it('with a password: 403 "public job auth failed" until it is the basic auth; the owner needs none', async () => {
    const album = await sharedAlbum('guarded');
    const set = await server.app.inject({
      method: 'POST',
      url: `/jobs/${album.id}/password`,
      headers: owner,
      payload: { password: 'transformed-secret' },
    });
    expect(set.statusCode).toBe(204);
    for (const headers of [{}, friend]) {
      const locked = await get(`/jobs/${album.id}/info`, headers);
      expect(locked.statusCode).toBe(403);
      // SPEC §7: the body the client maps to its password form.
      expect(locked.body).toContain('public job auth failed');
      expect(
        (await get(`/th/3/${album.file}?area=256&share=${album.id}`, headers)).statusCode,
      ).toBe(403);
    }
    expect((await get(`/jobs/${album.id}/info`, owner)).statusCode).toBe(200);

    // SPEC §6: the password (as the client transformed it) is the visitor's basic auth.
    const wrong = await get(`/jobs/${album.id}/info`, password('nope'));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('public job auth failed');
    expect((await get(`/jobs/${album.id}/info`, password('transformed-secret'))).statusCode).toBe(
      200,
    );
    // Media URLs carry it as ?token=.
    expect(
      (await get(`/th/3/${album.file}?area=256&share=${album.id}&token=transformed-secret`))
        .statusCode,
    ).toBe(200);
    expect((await get(`/jobs/${album.id}/files`, password('forged'))).statusCode).toBe(403);

    // A new password makes the old one useless; taking it off opens the link again.
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album.id}/password`,
      headers: owner,
      payload: { password: 'another' },
    });
    expect((await get(`/jobs/${album.id}/info`, password('transformed-secret'))).statusCode).toBe(
      403,
    );
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album.id}/password`,
      headers: owner,
      payload: { password: null },
    });
    expect((await get(`/jobs/${album.id}/info`)).statusCode).toBe(200);
    // Joining from the link: with a password, the password is needed, the user as foreign_auth.
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album.id}/password`,
      headers: owner,
      payload: { password: 'join-secret' },
    });
    const subscribe = (headers: Record<string, string>, query = '') =>
      server.app.inject({ method: 'POST', url: `/jobs/${album.id}/subscribe${query}`, headers });
    expect((await subscribe(friend)).statusCode).toBe(403);
    const asFriend = `?foreign_auth=${encodeURIComponent(friendToken)}`;
    expect((await subscribe(password('wrong'), asFriend)).statusCode).toBe(403);
    expect((await subscribe(password('join-secret'), asFriend)).statusCode).toBe(204);
    // A member needs no password from then on.
    expect((await get(`/jobs/${album.id}/info`, friend)).statusCode).toBe(200);
    // Only the owner sets it.
    const notOwner = await server.app.inject({
      method: 'POST',
      url: `/jobs/${album.id}/password`,
      headers: friend,
      payload: { password: 'mine now' },
    });
    expect(notOwner.statusCode).toBe(404);
  });
});

describe('loves (SPEC §3 Reaction)', () => {
  it('counts each user once, says whether the caller loves it, and logs a change', async () => {
    const album = await sharedAlbum('loved');
    const url = `/jobs/${album.id}/files_by_id/${album.file}/reaction`;
    const detail = async (headers: Record<string, string> = {}) =>
      (await get(`/jobs/${album.id}/files_by_id/${album.file}`, headers)).json<{
        loves: { count: number; loved: boolean };
      }>().loves;
    expect(await detail()).toEqual({ count: 0, loved: false });
    // A visitor without an account signs in first.
    expect(
      (await server.app.inject({ method: 'POST', url, payload: { reaction: 'love' } })).statusCode,
    ).toBe(401);
    const love = (headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url, headers, payload: { reaction: 'love' } });
    expect((await love(friend)).json()).toEqual({ count: 1, loved: true });
    expect((await love(friend)).json()).toEqual({ count: 1, loved: true });
    expect((await love(owner)).json()).toEqual({ count: 2, loved: true });
    expect(await detail()).toEqual({ count: 2, loved: false });
    expect(await detail(friend)).toEqual({ count: 2, loved: true });
    const unlove = await server.app.inject({ method: 'DELETE', url, headers: friend });
    expect(unlove.json()).toEqual({ count: 1, loved: false });
    const changes = await get(`/jobs/${album.id}/changes?since=0`, owner);
    const types = changes.json<{ changes: { type: number }[] }>().changes.map((c) => c.type);
    // Three real changes (the repeated love changed nothing).
    expect(types.filter((type) => type === 12)).toHaveLength(3);
    const info = AlbumInfoSchema.parse((await get(`/jobs/${album.id}/info`, owner)).json());
    expect(info.counts.loves).toBe(1);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url,
          headers: friend,
          payload: { reaction: 'hate' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
