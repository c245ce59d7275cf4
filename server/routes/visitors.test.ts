import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateJobResponseSchema } from '../../src/api/contract/albums';
import { ChangesResponseSchema } from '../../src/api/contract/changes';
import {
  CommentSchema,
  CommentsResponseSchema,
  VisitorTokenResponseSchema,
} from '../../src/api/contract/comments';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { ErrorBodySchema } from '../../src/api/contract/uploads';
import { RateLimiter } from '../auth/rateLimit';
import { VISITOR_TOKEN_SECONDS } from '../db/visitors';
import { login, multipart, testServer, type TestServer } from '../testing';

// SPEC §1/§6 Visitor (issue 14): a visitor without an account comments on a shared album under
// a typed name; the token proves their comments are theirs, for that album only.

let server: TestServer;
let owner: Record<string, string>;
let friend: Record<string, string>;
let now = 0;

beforeAll(async () => {
  server = await testServer(50, 2);
  owner = (await login(server.app)).auth;
  friend = (await login(server.app, 'user1@example.com')).auth;
  now = server.ctx.now();
  server.ctx.now = () => now;
});
afterAll(() => server.close());
beforeEach(() => {
  // Fresh limits per test (the limits themselves are tested below with small ones).
  server.ctx.visitorLimits = {
    tokens: new RateLimiter({ limit: 20, windowSeconds: 3600 }, () => now),
    comments: new RateLimiter({ limit: 10, windowSeconds: 60 }, () => now),
    addresses: new RateLimiter({ limit: 30, windowSeconds: 60 }, () => now),
  };
});

async function album(options: { shared?: boolean; password?: string } = {}) {
  const created = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Guests', public: options.shared ?? true },
      })
    ).json(),
  );
  const jpeg = await sharp({
    create: { width: 20, height: 20, channels: 3, background: { r: 9, g: 90, b: 9 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart({ path: 'guest.jpg', mtime: '1700000000' }, [
    { data: jpeg, name: 'guest.jpg', type: 'image/jpeg' },
  ]);
  const uploaded = await server.app.inject({
    method: 'POST',
    url: `/jobs/${created.id}/upload`,
    headers: { ...owner, ...body.headers },
    payload: body.payload,
  });
  if (options.password) {
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${created.id}/password`,
      headers: owner,
      payload: { password: options.password },
    });
  }
  const file = uploaded.json<{ id: string }>().id;
  return {
    id: created.id,
    file,
    comments: `/jobs/${created.id}/files_by_id/${file}/comments`,
  };
}

const tokenFor = (id: string, name: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/jobs/${id}/visitor_token`,
    headers,
    payload: { name },
  });

async function visitor(id: string, name: string, headers: Record<string, string> = {}) {
  const answer = await tokenFor(id, name, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  const parsed = VisitorTokenResponseSchema.parse(answer.json());
  return { ...parsed, headers: { ...headers, 'x-visitor-token': parsed.token } };
}

const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  comment?: string,
) =>
  server.app.inject({
    method,
    url,
    headers,
    ...(comment === undefined ? {} : { payload: { comment } }),
  });

describe('visitor tokens', () => {
  it('a visitor names themselves, comments under that name as a guest, edits and deletes only their own', async () => {
    const a = await album();
    const guest = await visitor(a.id, '  Grandma <b>Ann</b>  ');
    expect(guest.name).toBe('Grandma <b>Ann</b>');
    expect(guest.expires).toBe(now + VISITOR_TOKEN_SECONDS);
    const made = CommentSchema.parse(
      (await send('POST', a.comments, guest.headers, 'Lovely!\nSo nice')).json(),
    );
    expect(made).toMatchObject({
      name: 'Grandma <b>Ann</b>',
      userUUID: guest.visitor_uuid,
      visitor: true,
      profile_url: null,
      text: 'Lovely!\nSo nice',
    });
    const listed = CommentsResponseSchema.parse(
      (await server.app.inject({ url: a.comments })).json(),
    );
    expect(listed.comments.map((c) => [c.name, c.visitor])).toEqual([['Grandma <b>Ann</b>', true]]);
    const one = `${a.comments}/${made.comment_uuid}`;
    const edited = CommentSchema.parse((await send('PUT', one, guest.headers, 'Lovely')).json());
    expect(edited.lastEditTimestamp).toBe(now);
    expect(edited.text).toBe('Lovely');

    // Another visitor of the same album, and a member, touch none of it.
    const other = await visitor(a.id, 'Someone else');
    expect((await send('PUT', one, other.headers, 'mine now')).statusCode).toBe(403);
    expect((await send('DELETE', one, other.headers)).statusCode).toBe(403);
    await server.app.inject({ method: 'POST', url: `/jobs/${a.id}/subscribe`, headers: friend });
    expect((await send('PUT', one, friend, 'mine now')).statusCode).toBe(403);
    expect((await send('DELETE', one, friend)).statusCode).toBe(403);
    // …and the visitor touches no one else's.
    const friends = CommentSchema.parse((await send('POST', a.comments, friend, 'hi')).json());
    const theirs = `${a.comments}/${friends.comment_uuid}`;
    expect((await send('PUT', theirs, guest.headers, 'hijack')).statusCode).toBe(403);
    expect((await send('DELETE', theirs, guest.headers)).statusCode).toBe(403);

    expect((await send('DELETE', one, guest.headers)).statusCode).toBe(204);
    const after = CommentsResponseSchema.parse(
      (await server.app.inject({ url: a.comments })).json(),
    );
    expect(after.comments.map((c) => c.comment_uuid)).toEqual([friends.comment_uuid]);
    // Each is a type-10 change on the album's stream.
    const changes = ChangesResponseSchema.parse(
      (await server.app.inject({ url: `/jobs/${a.id}/changes?since=0` })).json(),
    ).changes;
    expect(changes.filter((c) => c.type === 10 && c.id === made.comment_uuid)).toHaveLength(3);
  });

  it('the owner deletes a visitor’s comment; nobody edits it but the visitor', async () => {
    const a = await album();
    const guest = await visitor(a.id, 'Guest');
    const made = CommentSchema.parse((await send('POST', a.comments, guest.headers, 'hi')).json());
    const one = `${a.comments}/${made.comment_uuid}`;
    expect((await send('PUT', one, owner, 'owner edit')).statusCode).toBe(403);
    expect((await send('DELETE', one, owner)).statusCode).toBe(204);
  });

  it('names are one line, 255 at most, not empty; bad bodies are 400 and store nothing', async () => {
    const a = await album();
    for (const bad of [
      '',
      '   ',
      'x'.repeat(256),
      'bell\u0007',
      'two\nlines',
      'rtl\u0085',
      5,
      null,
    ]) {
      const answer = await tokenFor(a.id, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(ErrorBodySchema.safeParse(answer.json()).success).toBe(true);
    }
    expect((await tokenFor(a.id, 'x'.repeat(255))).statusCode).toBe(200);
    const count = server.ctx.db
      .prepare(
        'SELECT COUNT(*) AS n FROM visitors WHERE job = (SELECT id FROM jobs WHERE uuid = ?)',
      )
      .get(a.id) as { n: number };
    expect(count.n).toBe(1);
  });

  it('a token opens one album: another album, a private one or a share answers no', async () => {
    const a = await album();
    const b = await album();
    const guest = await visitor(a.id, 'Guest');
    const onB = await send('POST', b.comments, guest.headers, 'cross-album');
    expect(onB.statusCode).toBe(401);
    expect(onB.json()).toMatchObject({ error: 'visitor_token_invalid' });
    // No other route takes it: loving, joining, reading a private album.
    const love = await server.app.inject({
      method: 'POST',
      url: `/jobs/${a.id}/files_by_id/${a.file}/reaction`,
      headers: guest.headers,
      payload: { reaction: 'love' },
    });
    expect(love.statusCode).toBe(401);
    const join = await server.app.inject({
      method: 'POST',
      url: `/jobs/${a.id}/subscribe`,
      headers: guest.headers,
    });
    expect(join.statusCode).toBe(401);
    const hidden = await album({ shared: false });
    // A private album makes no visitors; its comments ask for an account (SPEC §4 LOGIN_REQUIRED).
    expect((await tokenFor(hidden.id, 'Guest')).statusCode).toBe(404);
    expect((await send('POST', hidden.comments, guest.headers, 'hi')).statusCode).toBe(401);
    // A share's link reads files but makes no visitors (shares have no comments).
    const share = await server.app.inject({
      method: 'POST',
      url: '/shares',
      headers: owner,
      payload: { job: a.id, files: [a.file] },
    });
    expect(share.statusCode, share.body).toBe(200);
    expect((await tokenFor(share.json<{ id: string }>().id, 'Guest')).statusCode).toBe(404);
    // A made-up token is refused; no token at all is a plain 401.
    expect((await send('POST', a.comments, { 'x-visitor-token': 'forged' }, 'hi')).statusCode).toBe(
      401,
    );
    expect((await send('POST', a.comments, {}, 'hi')).statusCode).toBe(401);
    // Once the album turns private its visitors' tokens open nothing.
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${a.id}/privacy_mode`,
      headers: owner,
      payload: { mode: 'private' },
    });
    expect((await send('POST', a.comments, guest.headers, 'still here?')).statusCode).toBe(401);
  });

  it('a password-protected album: its password is needed to get a token and to use it; a new password ends it', async () => {
    const a = await album({ password: 'transformed-1' });
    expect((await tokenFor(a.id, 'Guest')).statusCode).toBe(403);
    // SPEC §6: the visitor's basic auth is the album's transformed password.
    const password = (value: string) => ({ authorization: basicAuthHeader(value) });
    const guest = await visitor(a.id, 'Guest', password('transformed-1'));
    expect((await send('POST', a.comments, guest.headers, 'with password')).statusCode).toBe(200);
    // The token without the password is not enough.
    const tokenOnly = { 'x-visitor-token': guest.token };
    expect((await send('POST', a.comments, tokenOnly, 'no password')).statusCode).toBe(403);
    // The owner changes the password: the old one and the token are over, even with the new one.
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${a.id}/password`,
      headers: owner,
      payload: { password: 'transformed-2' },
    });
    const answer = await send(
      'POST',
      a.comments,
      { ...tokenOnly, ...password('transformed-2') },
      'after change',
    );
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ error: 'visitor_token_invalid' });
  });

  it('comments turned off: no tokens, and the tokens given before post nothing', async () => {
    const a = await album();
    const guest = await visitor(a.id, 'Guest');
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${a.id}/permissions`,
      headers: owner,
      payload: { allow_comments: false, allow_uploads: true },
    });
    const refused = await tokenFor(a.id, 'Late guest');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'comments_not_allowed' });
    expect((await send('POST', a.comments, guest.headers, 'hi')).statusCode).toBe(403);
  });

  it('tokens end after 30 days', async () => {
    const a = await album();
    const guest = await visitor(a.id, 'Guest');
    const start = now;
    now = start + VISITOR_TOKEN_SECONDS;
    try {
      expect((await send('POST', a.comments, guest.headers, 'late')).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });

  it('are rate limited: names per address, comments per visitor and per address', async () => {
    const a = await album();
    server.ctx.visitorLimits.tokens = new RateLimiter({ limit: 2, windowSeconds: 3600 }, () => now);
    server.ctx.visitorLimits.comments = new RateLimiter({ limit: 2, windowSeconds: 60 }, () => now);
    const first = await visitor(a.id, 'One', {});
    await visitor(a.id, 'Two');
    const third = await tokenFor(a.id, 'Three');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('3600');
    // Another address still may.
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: `/jobs/${a.id}/visitor_token`,
      payload: { name: 'Elsewhere' },
      remoteAddress: '10.9.9.9',
    });
    expect(elsewhere.statusCode).toBe(200);

    expect((await send('POST', a.comments, first.headers, '1')).statusCode).toBe(200);
    expect((await send('POST', a.comments, first.headers, '2')).statusCode).toBe(200);
    const flood = await send('POST', a.comments, first.headers, '3');
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toMatchObject({ error: 'too_many_requests' });
    const stored = CommentsResponseSchema.parse(
      (await server.app.inject({ url: a.comments })).json(),
    );
    expect(stored.comments).toHaveLength(2);
    // Signed-in users are not limited by visitors' floods.
    expect((await send('POST', a.comments, owner, 'owner')).statusCode).toBe(200);
    now += 60;
    expect((await send('POST', a.comments, first.headers, '3')).statusCode).toBe(200);

    // Per address: many visitors from one address share one allowance.
    server.ctx.visitorLimits.addresses = new RateLimiter(
      { limit: 1, windowSeconds: 60 },
      () => now,
    );
    server.ctx.visitorLimits.tokens = new RateLimiter({ limit: 9, windowSeconds: 60 }, () => now);
    const x = await visitor(a.id, 'X');
    const y = await visitor(a.id, 'Y');
    expect((await send('POST', a.comments, x.headers, 'x')).statusCode).toBe(200);
    expect((await send('POST', a.comments, y.headers, 'y')).statusCode).toBe(429);
  });
});

describe('a visitor follows a shared album live', () => {
  it('changes and the long poll answer through the link (with its password), without storage figures', async () => {
    const a = await album({ password: 'pw' });
    const changes = `/jobs/${a.id}/changes?since=0`;
    const poll = `/poll?seq=0&event=job_changed:${a.id}`;
    expect((await server.app.inject({ url: changes })).statusCode).toBe(403);
    expect((await server.app.inject({ url: poll })).statusCode).toBe(403);
    const password = { authorization: basicAuthHeader('pw') };
    const seen = await server.app.inject({ url: changes, headers: password });
    expect(seen.statusCode).toBe(200);
    const parsed = ChangesResponseSchema.parse(seen.json());
    expect(parsed.changes.length).toBeGreaterThan(0);
    expect(parsed.info.used_space).toBeUndefined();
    expect(parsed.info).not.toHaveProperty('max_space');
    const polled = await server.app.inject({ url: poll, headers: password });
    expect(polled.statusCode).toBe(200);
    expect(Number(polled.body.split('\n')[0])).toBeGreaterThan(0);
    // The owner still gets the figures.
    const mine = ChangesResponseSchema.parse(
      (await server.app.inject({ url: changes, headers: owner })).json(),
    );
    expect(mine.info.used_space).toBeGreaterThan(0);
    // A private album's changes stay closed to a visitor.
    const hidden = await album({ shared: false });
    expect((await server.app.inject({ url: `/jobs/${hidden.id}/changes` })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ url: `/poll?seq=0&event=job_changed:${hidden.id}` })).statusCode,
    ).toBe(401);
    expect(
      (await server.app.inject({ url: `/jobs/${hidden.id}/changes`, headers: friend })).statusCode,
    ).toBe(404);
  });
});
