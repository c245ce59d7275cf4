import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlbumInfoSchema, CreateJobResponseSchema } from '../../src/api/contract/albums';
import { CommentSchema, CommentsResponseSchema } from '../../src/api/contract/comments';
import { login, multipart, testServer, type TestServer } from '../testing';

// SPEC §3 Comment, §5 "cannot be empty", §6 who comments, edits and deletes.

let server: TestServer;
let owner: Record<string, string>;
let friend: Record<string, string>;
let album = '';
let file = '';

beforeAll(async () => {
  server = await testServer(50, 2);
  owner = (await login(server.app)).auth;
  friend = (await login(server.app, 'user1@example.com')).auth;
  album = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Talk', public: true },
      })
    ).json(),
  ).id;
  const jpeg = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 9, g: 9, b: 9 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart({ path: 'talk.jpg', mtime: '1700000000' }, [
    { data: jpeg, name: 'talk.jpg', type: 'image/jpeg' },
  ]);
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/jobs/${album}/upload`,
    headers: { ...owner, ...body.headers },
    payload: body.payload,
  });
  file = uploaded.json<{ id: string }>().id;
  await server.app.inject({ method: 'POST', url: `/jobs/${album}/subscribe`, headers: friend });
});
afterAll(() => server.close());

const url = () => `/jobs/${album}/files_by_id/${file}/comments`;
const post = (headers: Record<string, string>, comment: unknown) =>
  server.app.inject({ method: 'POST', url: url(), headers, payload: { comment } });
const list = async () =>
  CommentsResponseSchema.parse((await server.app.inject({ url: url() })).json());

describe('comments', () => {
  it('are posted trimmed, never empty, at most 255 characters, without control characters', async () => {
    const made = CommentSchema.parse(
      (await post(friend, '  Nice <script>x</script>\nphoto  ')).json(),
    );
    expect(made.text).toBe('Nice <script>x</script>\nphoto');
    expect(made.name).toBe('User 1');
    expect(made.lastEditTimestamp).toBeNull();
    for (const bad of ['', '   ', 'x'.repeat(256), 'bell\u0007', 5]) {
      expect((await post(friend, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Anyone with the link reads them, oldest first.
    await post(owner, 'Thanks!');
    expect((await list()).comments.map((c) => c.text)).toEqual([
      'Nice <script>x</script>\nphoto',
      'Thanks!',
    ]);
    const info = AlbumInfoSchema.parse(
      (await server.app.inject({ url: `/jobs/${album}/info`, headers: owner })).json(),
    );
    expect(info.counts.comments).toBe(2);
    const changes = (
      await server.app.inject({ url: `/jobs/${album}/changes?since=0`, headers: owner })
    ).json<{ changes: { type: number; id: string }[] }>().changes;
    expect(changes.filter((c) => c.type === 10).map((c) => c.id)).toContain(made.comment_uuid);
  });

  it('are edited only by their author; deleted by the author or the album owner', async () => {
    const mine = CommentSchema.parse((await post(friend, 'first try')).json());
    const one = `${url()}/${mine.comment_uuid}`;
    const put = (headers: Record<string, string>, comment: string) =>
      server.app.inject({ method: 'PUT', url: one, headers, payload: { comment } });
    expect((await put(owner, 'not yours')).statusCode).toBe(403);
    const edited = CommentSchema.parse((await put(friend, 'second try')).json());
    expect(edited.text).toBe('second try');
    expect(edited.lastEditTimestamp).not.toBeNull();
    expect((await put(friend, '  ')).statusCode).toBe(400);

    const owners = CommentSchema.parse((await post(owner, 'owner says')).json());
    const theirs = `${url()}/${owners.comment_uuid}`;
    expect(
      (await server.app.inject({ method: 'DELETE', url: theirs, headers: friend })).statusCode,
    ).toBe(403);
    // The owner deletes anyone's comment.
    expect(
      (await server.app.inject({ method: 'DELETE', url: one, headers: owner })).statusCode,
    ).toBe(204);
    expect((await list()).comments.map((c) => c.comment_uuid)).not.toContain(mine.comment_uuid);
    expect((await put(friend, 'too late')).statusCode).toBe(404);
  });

  it('respect allow_comments: members may not, the owner still may', async () => {
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/permissions`,
      headers: owner,
      payload: { allow_comments: false, allow_uploads: true },
    });
    expect((await post(friend, 'hello?')).statusCode).toBe(403);
    expect((await post(owner, 'closed for comments')).statusCode).toBe(200);
    // Without an account nobody comments (a visitor signs in first).
    expect(
      (await server.app.inject({ method: 'POST', url: url(), payload: { comment: 'hi' } }))
        .statusCode,
    ).toBe(401);
  });
});
