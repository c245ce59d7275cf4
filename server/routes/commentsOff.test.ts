// Issue 33 point 4: comments stayed editable after the owner turned them off — posting checked
// SPEC §6's allow_comments bit, editing only the author. The bit now holds for edits too, for
// everyone but the owner; deleting one's own comment stays allowed.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateJobResponseSchema } from '../../src/api/contract/albums';
import {
  CommentSchema,
  CommentsResponseSchema,
  VisitorTokenResponseSchema,
} from '../../src/api/contract/comments';
import { login, multipart, testServer, type TestServer } from '../testing';

let server: TestServer;
let owner: Record<string, string>;
let friend: Record<string, string>;
let guest: Record<string, string>;
let comments = '';

beforeAll(async () => {
  server = await testServer(10, 2);
  owner = (await login(server.app)).auth;
  friend = (await login(server.app, 'user1@example.com')).auth;
  const album = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Closing', public: true },
      })
    ).json(),
  ).id;
  const jpeg = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 3, g: 3, b: 3 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart({ path: 'c.jpg', mtime: '1700000000' }, [{ data: jpeg }]);
  const file = (
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/upload`,
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    })
  ).json<{ id: string }>().id;
  comments = `/jobs/${album}/files_by_id/${file}/comments`;
  await server.app.inject({ method: 'POST', url: `/jobs/${album}/subscribe`, headers: friend });
  const token = VisitorTokenResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: `/jobs/${album}/visitor_token`,
        payload: { name: 'Guest' },
      })
    ).json(),
  ).token;
  guest = { 'x-visitor-token': token };
  // Everyone comments while comments are on; then the owner turns them off.
  for (const [who, text] of [
    [owner, 'owner'],
    [friend, 'friend'],
    [guest, 'guest'],
  ] as const) {
    const made = await server.app.inject({
      method: 'POST',
      url: comments,
      headers: who,
      payload: { comment: text },
    });
    expect(made.statusCode, made.body).toBe(200);
  }
  await server.app.inject({
    method: 'POST',
    url: `/jobs/${album}/permissions`,
    headers: owner,
    payload: { allow_comments: false, allow_uploads: true },
  });
});
afterAll(() => server.close());

const list = async () =>
  CommentsResponseSchema.parse((await server.app.inject({ url: comments, headers: owner })).json())
    .comments;
const idOf = async (text: string) => (await list()).find((c) => c.text === text)!.comment_uuid;
const edit = async (headers: Record<string, string>, text: string) =>
  server.app.inject({
    method: 'PUT',
    url: `${comments}/${await idOf(text)}`,
    headers,
    payload: { comment: `${text}, edited` },
  });

describe('comments turned off', () => {
  it('refuses edits by a member and by a visitor, changing nothing', async () => {
    for (const [who, text] of [
      [friend, 'friend'],
      [guest, 'guest'],
    ] as const) {
      const refused = await edit(who, text);
      expect(refused.statusCode, text).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'comments_not_allowed' });
    }
    expect((await list()).map((c) => c.text).sort()).toEqual(['friend', 'guest', 'owner']);
  });

  it('refuses new comments the same way', async () => {
    const refused = await server.app.inject({
      method: 'POST',
      url: comments,
      headers: friend,
      payload: { comment: 'still here?' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'comments_not_allowed' });
  });

  it('lets the owner edit their own comment', async () => {
    const edited = await edit(owner, 'owner');
    expect(edited.statusCode).toBe(200);
    expect(CommentSchema.parse(edited.json()).text).toBe('owner, edited');
  });

  it('lets authors delete their own comments', async () => {
    for (const [who, text] of [
      [friend, 'friend'],
      [guest, 'guest'],
    ] as const) {
      const gone = await server.app.inject({
        method: 'DELETE',
        url: `${comments}/${await idOf(text)}`,
        headers: who,
      });
      expect(gone.statusCode, text).toBe(204);
    }
    expect((await list()).map((c) => c.text)).toEqual(['owner, edited']);
  });
});
