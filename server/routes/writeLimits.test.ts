// Issue 33 point 5: no limit on email shares (/jobs/{id}/publish took 20 calls × 50 recipients
// in 0.1 s) and none on comments by signed-in users (a signed-in non-member posted 60 comments
// on a shared album in 0.4 s; visitors were limited). Now a daily recipient budget per user,
// and the visitors' comment rate for signed-in users too; both answer 429 with Retry-After.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CreateJobResponseSchema } from '../../src/api/contract/albums';
import { PUBLISH_MAX_RECIPIENTS } from '../../src/api/contract/shares';
import { RateLimiter } from '../auth/rateLimit';
import { login, multipart, testServer, type TestServer } from '../testing';
import { PUBLISH_RECIPIENTS_PER_DAY } from './shares';

let server: TestServer;
let owner: Record<string, string>;
let stranger: Record<string, string>;
let album = '';
let comments = '';
let now = 0;

beforeAll(async () => {
  server = await testServer(10, 2);
  owner = (await login(server.app)).auth;
  stranger = (await login(server.app, 'user2@example.com')).auth;
  now = server.ctx.now();
  server.ctx.now = () => now;
  album = CreateJobResponseSchema.parse(
    (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Busy', public: true },
      })
    ).json(),
  ).id;
  const jpeg = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 5, g: 5, b: 5 } },
  })
    .jpeg()
    .toBuffer();
  const body = multipart({ path: 'busy.jpg', mtime: '1700000000' }, [{ data: jpeg }]);
  const file = (
    await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/upload`,
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    })
  ).json<{ id: string }>().id;
  comments = `/jobs/${album}/files_by_id/${file}/comments`;
});
afterAll(() => server.close());
beforeEach(() => {
  server.ctx.visitorLimits.comments = new RateLimiter({ limit: 10, windowSeconds: 60 }, () => now);
  server.ctx.visitorLimits.addresses = new RateLimiter({ limit: 30, windowSeconds: 60 }, () => now);
});

const outboxSize = () =>
  (server.ctx.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;

describe('email shares', () => {
  const recipients = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `r${from + i}@example.com`).join(',');
  const publish = (to: string) =>
    server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/publish`,
      headers: owner,
      payload: { to_email: to, subject: 'Look' },
    });

  it('have a daily recipient budget per user: past it, 429 with Retry-After and nothing kept', async () => {
    expect(PUBLISH_RECIPIENTS_PER_DAY).toBeLessThan(20 * PUBLISH_MAX_RECIPIENTS);
    let sent = 0;
    while (sent + PUBLISH_MAX_RECIPIENTS <= PUBLISH_RECIPIENTS_PER_DAY) {
      expect((await publish(recipients(sent, PUBLISH_MAX_RECIPIENTS))).statusCode).toBe(204);
      sent += PUBLISH_MAX_RECIPIENTS;
      now += 60;
    }
    const rest = PUBLISH_RECIPIENTS_PER_DAY - sent;
    if (rest > 0) expect((await publish(recipients(sent, rest))).statusCode).toBe(204);
    const kept = outboxSize();
    const refused = await publish(recipients(1000, 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(86_400);
    expect(outboxSize()).toBe(kept);
    // A day after the first ones, there is room again.
    now += wait;
    expect((await publish(recipients(2000, 1))).statusCode).toBe(204);
  });
});

describe('comments by signed-in users', () => {
  const post = (text: string) =>
    server.app.inject({
      method: 'POST',
      url: comments,
      headers: stranger,
      payload: { comment: text },
    });

  it('follow the visitors’ rate: past it, 429 with Retry-After, for posts and edits', async () => {
    const first = await post('comment 0');
    expect(first.statusCode).toBe(200);
    for (let i = 1; i < 10; i++) expect((await post(`comment ${i}`)).statusCode).toBe(200);
    const refused = await post('one too many');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const edit = await server.app.inject({
      method: 'PUT',
      url: `${comments}/${first.json<{ comment_uuid: string }>().comment_uuid}`,
      headers: stranger,
      payload: { comment: 'edited' },
    });
    expect(edit.statusCode).toBe(429);
    // The next minute, the user goes on.
    now += 60;
    expect((await post('later')).statusCode).toBe(200);
  });
});
