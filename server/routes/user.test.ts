import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { JobListResponseSchema } from '../../src/api/contract/albums';
import { JobInfoSchema } from '../../src/api/contract/jobs';
import {
  AccountAttributeResponseSchema,
  NameResponseSchema,
  OptionResponseSchema,
  UserGrantsResponseSchema,
} from '../../src/api/contract/user';
import { login, multipart, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let otherAuth: { authorization: string };

beforeAll(async () => {
  server = await testServer(300, 2);
  auth = (await login(server.app)).auth;
  otherAuth = (await login(server.app, 'user1@example.com')).auth;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = auth,
) =>
  server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const account = async (headers = auth) =>
  AccountInfoSchema.parse((await call('GET', '/account_info', undefined, headers)).json());

describe('POST /name', () => {
  it('sets the trimmed name, max 255', async () => {
    const res = await call('POST', '/name', { name: '  Ada Lovelace ' });
    expect(NameResponseSchema.parse(res.json())).toEqual({ name: 'Ada Lovelace' });
    expect((await account()).name).toBe('Ada Lovelace');
    for (const payload of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(256) },
      { name: 5 },
      {},
    ]) {
      expect((await call('POST', '/name', payload)).statusCode).toBe(400);
    }
    expect((await account()).name).toBe('Ada Lovelace');
    expect((await account(otherAuth)).name).toBe('User 1');
  });
});

describe('POST /profile_picture', () => {
  it('stores the picture (201) and account_info points at it', async () => {
    const crop = await sharp({
      create: { width: 310, height: 310, channels: 3, background: '#c33' },
    })
      .png()
      .toBuffer();
    const body = multipart({}, [{ data: crop, name: 'me.png', type: 'image/png' }]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/profile_picture?path=me.png',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const url = (await account()).profile_picture!;
    expect(url).toMatch(/^http:\/\/api\.test\/profile_picture\/[0-9a-f]{32}$/);
    const picture = await server.app.inject({ url: new URL(url).pathname });
    expect(picture.statusCode).toBe(200);
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 310, 310]);

    // A larger crop (cut from an original's pixels) is kept at the viewport's 310×310.
    const big = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#3c3' },
    })
      .jpeg()
      .toBuffer();
    const bigBody = multipart({}, [{ data: big, name: 'big.jpg', type: 'image/jpeg' }]);
    const bigRes = await server.app.inject({
      method: 'POST',
      url: '/profile_picture?path=big.jpg',
      headers: { ...auth, ...bigBody.headers },
      payload: bigBody.payload,
    });
    expect(bigRes.statusCode).toBe(201);
    const bigUrl = (await account()).profile_picture!;
    const bigMeta = await sharp(
      (await server.app.inject({ url: new URL(bigUrl).pathname })).rawPayload,
    ).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([310, 310]);

    const junk = multipart({}, [{ data: Buffer.from('not a picture') }]);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/profile_picture',
      headers: { ...auth, ...junk.headers },
      payload: junk.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect((await account()).profile_picture).toBe(bigUrl);
    expect((await server.app.inject({ url: '/profile_picture/nope' })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ url: `/profile_picture/${'0'.repeat(32)}` })).statusCode,
    ).toBe(404);
  });
});

describe('/options/{key}', () => {
  it('gets, puts and deletes per user', async () => {
    const url = '/options/view_mode:album-1';
    expect(OptionResponseSchema.parse((await call('GET', url)).json())).toEqual({
      key: 'view_mode:album-1',
      value: null,
    });
    const put = await call('PUT', url, { value: 'flow' });
    expect(OptionResponseSchema.parse(put.json()).value).toBe('flow');
    expect((await call('GET', url)).json()).toMatchObject({ value: 'flow' });
    expect((await call('GET', url, undefined, otherAuth)).json()).toMatchObject({ value: null });
    await call('PUT', '/options/count', { value: 3 });
    expect((await call('GET', '/options/count')).json()).toMatchObject({ value: 3 });
    expect((await call('DELETE', url)).statusCode).toBe(204);
    expect((await call('GET', url)).json()).toMatchObject({ value: null });
    for (const [key, payload] of [
      ['ok', { value: { nested: true } }],
      ['ok', { value: 'x'.repeat(5000) }],
      ['ok', {}],
      ['bad key!', { value: 1 }],
      ['x'.repeat(200), { value: 1 }],
    ] as const) {
      const res = await call('PUT', `/options/${encodeURIComponent(key)}`, payload);
      expect(res.statusCode, key).toBe(400);
    }
  });
});

describe('/account_attribute', () => {
  it('stores the body as the value and answers { result }', async () => {
    const url = '/account_attribute?account_attribute_key=hasSeenSunsetDeletionPrompt';
    expect(AccountAttributeResponseSchema.parse((await call('GET', url)).json())).toEqual({
      result: null,
    });
    const post = await server.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'true',
    });
    expect(post.json()).toEqual({ result: 'true' });
    expect((await call('GET', url)).json()).toEqual({ result: 'true' });
    await call('POST', url, { seen: 1 });
    expect((await call('GET', url)).json()).toEqual({ result: '{"seen":1}' });
    expect((await call('GET', url, undefined, otherAuth)).json()).toEqual({ result: null });
    expect((await call('DELETE', url)).json()).toEqual({ result: null });
    expect((await call('GET', url)).json()).toEqual({ result: null });
    expect((await call('GET', '/account_attribute')).statusCode).toBe(400);
    expect((await call('POST', url)).statusCode).toBe(400);
  });
});

describe('GET /user_grants', () => {
  it('lists the seeded free grant', async () => {
    const res = await call('GET', '/user_grants');
    const { grants } = UserGrantsResponseSchema.parse(res.json()).result;
    expect(grants).toEqual([
      {
        source: 'capture',
        size: 2048,
        renews_at: null,
        expires_at: null,
        stripe_product_id: null,
      },
    ]);
    expect((await call('GET', '/user_grants', undefined, {})).statusCode).toBe(401);
  });
});

describe('GET /jobs (stories, include_details)', () => {
  it('lists the caller’s albums and the albums shared with them', async () => {
    const res = await call('GET', '/jobs?stories=1&include_details=1');
    const { jobs } = JobListResponseSchema.strict().parse(res.json());
    const own = jobs.filter((j) => j.owner.email === 'demo@example.com');
    const shared = jobs.filter((j) => j.owner.email !== 'demo@example.com');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ type: 'story', privacy_mode: 'shared', permissions: 3 });
    expect(own[0].cover_id).toMatch(/^[0-9a-z]{6,}-[0-9a-f]{4}$/);
    expect(own[0].size).toBeGreaterThan(0);
    expect(own[0].attributes.sort_order).toBe('NEWEST_TAKEN');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({
      name: 'Shared with you',
      owner: { email: 'user1@example.com', name: 'User 1' },
      privacy_mode: 'shared',
    });
    // Without stories the timeline is listed too; user2 sees only their own timeline.
    const all = JobListResponseSchema.parse((await call('GET', '/jobs')).json()).jobs;
    expect(all.map((j) => j.type).sort()).toEqual(['story', 'story', 'timeline']);
    const loner = await login(server.app, 'user2@example.com');
    const theirs = JobListResponseSchema.parse(
      (await call('GET', '/jobs?stories=1', undefined, loner.auth)).json(),
    ).jobs;
    expect(theirs).toEqual([]);

    // A member reads the shared album and its thumbnails, but cannot write to it.
    const album = shared[0];
    const info = await call('GET', `/jobs/${album.id}/info`);
    expect(JobInfoSchema.parse(info.json()).id).toBe(album.id);
    const thumb = await call('GET', `/th/3/${album.cover_id}?share=${album.id}`);
    expect(thumb.statusCode).toBe(200);
    expect((await call('GET', `/th/3/${album.cover_id}`)).statusCode).toBe(404);
    // SPEC §6 visitors: a shared album (no password) is seen by anyone with its link; a private
    // one by its owner and members only.
    expect((await call('GET', `/jobs/${album.id}/info`, undefined, loner.auth)).statusCode).toBe(
      200,
    );
    server.ctx.db.prepare("UPDATE jobs SET privacy_mode = 'private' WHERE uuid = ?").run(album.id);
    expect((await call('GET', `/jobs/${album.id}/info`, undefined, loner.auth)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/jobs/${album.id}/info`)).statusCode).toBe(200);
    server.ctx.db.prepare("UPDATE jobs SET privacy_mode = 'shared' WHERE uuid = ?").run(album.id);
    // SPEC §6/§8: a member may not delete the owner's file: "Forbidden" (no retry offered).
    const del = await call('DELETE', `/jobs/${album.id}/files_by_id/${album.cover_id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toMatchObject({ message: 'Forbidden' });
    for (const query of ['stories=2', 'include_details=yes']) {
      expect((await call('GET', `/jobs?${query}`)).statusCode).toBe(400);
    }
  });
});
