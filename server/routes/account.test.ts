import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
beforeAll(async () => {
  server = await testServer(1000, 1);
});
afterAll(() => server.close());

describe('GET /account_info', () => {
  // Counts are what the timeline shows (a live photo's movie is not a video of its own, SPEC §5);
  // used space is every file's bytes.
  it('answers AccountInfoSchema with totals computed from the files', async () => {
    const { auth } = await login(server.app);
    const res = await server.app.inject({ url: '/account_info', headers: auth });
    expect(res.statusCode).toBe(200);
    const info = AccountInfoSchema.strict().parse(res.json());
    expect(info.logged_in_as).toBe('demo@example.com');
    const expected = server.ctx.db
      .prepare(
        `SELECT SUM(size) AS bytes, SUM(kind = 0 AND screenshot = 0) AS pictures,
           SUM(kind = 1 AND NOT (group_type != 0 AND master = 0)) AS videos, SUM(screenshot) AS screenshots, SUM(kind = 2) AS documents
         FROM files f JOIN jobs j ON j.id = f.job WHERE j.owner_id = ? AND f.deleted = 0`,
      )
      .get(server.seed.demoUserId) as Record<string, number>;
    expect(info.used_space).toBe(expected.bytes);
    expect(info.file_type_counters).toEqual({
      picture_count: expected.pictures,
      video_count: expected.videos,
      screenshot_count: expected.screenshots,
      document_count: expected.documents,
    });
    expect(info.has_files_not_media).toBe(expected.documents > 0);
    expect(info.tos_to_approve).toBeNull();
  });

  it('counts the albums of others the user joined, and says when the account is being shut down', async () => {
    const { auth } = await login(server.app);
    const info = async () =>
      AccountInfoSchema.parse(
        (await server.app.inject({ url: '/account_info', headers: auth })).json(),
      );
    const first = await info();
    // The seed's "Shared with you" album, owned by user1, joined by demo.
    expect(first.number_of_subscribed_albums).toBe(1);
    expect(first.isBeingShutDown).toBe(false);
    const db = server.ctx.db;
    const joined = db
      .prepare(
        `SELECT m.job AS id FROM job_members m JOIN jobs j ON j.id = m.job
         WHERE m.user_id = ? AND j.owner_id != m.user_id`,
      )
      .get(server.seed.demoUserId) as { id: number };
    db.prepare('UPDATE jobs SET deleted = 1 WHERE id = ?').run(joined.id);
    expect((await info()).number_of_subscribed_albums).toBe(0);
    db.prepare('UPDATE jobs SET deleted = 0 WHERE id = ?').run(joined.id);

    // isBeingShutDown is the paid-service transition's (sessionModals.test), not a deletion's.
    db.prepare('UPDATE users SET deletion_requested_at = ? WHERE id = ?').run(
      server.ctx.now(),
      server.seed.demoUserId,
    );
    expect((await info()).isBeingShutDown).toBe(false);
    db.prepare('UPDATE users SET deletion_requested_at = NULL WHERE id = ?').run(
      server.seed.demoUserId,
    );
  });

  it('answers 403 user_disabled for a disabled account, and logout still works', async () => {
    const { auth } = await login(server.app, 'user1@example.com');
    server.ctx.db.prepare("UPDATE users SET disabled = 1 WHERE email = 'user1@example.com'").run();
    const res = await server.app.inject({ url: '/account_info', headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('user_disabled');
    const out = await server.app.inject({ method: 'POST', url: '/logout', headers: auth });
    expect(out.statusCode).toBe(204);
  });

  it('lists supported extensions', async () => {
    const res = await server.app.inject({ url: '/supported_extensions' });
    const body = res.json<{ pictures: string[]; videos: string[] }>();
    expect(body.pictures).toContain('heic');
    expect(body.videos).toContain('mp4');
  });

  it('answers unknown calls with 404 JSON', async () => {
    const res = await server.app.inject({ url: '/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('error', 'not_found');
  });
});
