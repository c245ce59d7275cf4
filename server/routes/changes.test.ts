import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChangesResponseSchema } from '../../src/api/contract/changes';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let auth: { authorization: string };
let otherAuth: { authorization: string };
let jobId: string;
let fileIds: string[];

beforeAll(async () => {
  server = await testServer(200, 1, { pollTimeoutMs: 200 });
  auth = (await login(server.app)).auth;
  otherAuth = (await login(server.app, 'user1@example.com')).auth;
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
  fileIds = FilesResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${jobId}/files`, headers: auth })).json(),
  ).files.map((f) => f.id);
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = auth) =>
  server.app.inject({ url, headers });
const trash = (id: string) =>
  server.app.inject({ method: 'DELETE', url: `/jobs/${jobId}/files_by_id/${id}`, headers: auth });
const serialNow = async () =>
  Number((await get(`/jobs/${jobId}/files?start=0&end=1`)).headers['x-last-event-serial']);

describe('GET /jobs/{id}/changes', () => {
  it('lists changes after since, oldest first, with used space, on both calls', async () => {
    const start = await serialNow();
    await trash(fileIds[0]);
    await trash(fileIds[1]);
    for (const path of ['changes', 'changes_and_async_upload_status']) {
      const res = await get(`/jobs/${jobId}/${path}?since=${start}&app_key=k`);
      expect(res.statusCode).toBe(200);
      const body = ChangesResponseSchema.parse(res.json());
      expect(body.changes).toEqual([
        { serial: start + 1, type: 1, id: fileIds[0] },
        { serial: start + 2, type: 1, id: fileIds[1] },
      ]);
      expect(body.info.used_space).toBeGreaterThan(0);
      const later = ChangesResponseSchema.parse(
        (await get(`/jobs/${jobId}/${path}?since=${start + 1}`)).json(),
      );
      expect(later.changes.map((c) => c.serial)).toEqual([start + 2]);
    }
    // SPEC §4: a client that failed asks from -1.
    expect((await get(`/jobs/${jobId}/changes?since=-1`)).statusCode).toBe(200);
  });

  it('refuses bad since values and other users', async () => {
    for (const since of ['-2', 'abc', '1e3', '99999999999999999999', '1.5', '']) {
      const res = await get(`/jobs/${jobId}/changes?since=${since}`);
      expect(res.statusCode, since).toBe(400);
    }
    expect((await get(`/jobs/${jobId}/changes?since=0`, otherAuth)).statusCode).toBe(404);
    expect((await get(`/jobs/${jobId}/changes?since=0`, {})).statusCode).toBe(401);
  });
});

describe('GET /poll (long poll)', () => {
  const poll = (seq: number, headers: Record<string, string> = auth, job = jobId) =>
    get(`/poll?seq=${seq}&event=job_changed:${job}&app_key=k`, headers);

  it('answers at once when the job is already past seq', async () => {
    const serial = await serialNow();
    const res = await poll(serial - 1);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toBe(String(serial));
  });

  it('waits, then answers 204 after the timeout without holding the event loop', async () => {
    const serial = await serialNow();
    const started = performance.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const res = await poll(serial);
    clearInterval(timer);
    expect(res.statusCode).toBe(204);
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
    expect(ticks).toBeGreaterThan(5); // timers kept running while it waited
    expect(server.ctx.events.waiting).toBe(0);
  });

  it('wakes as soon as the job changes, with the new serial first', async () => {
    const serial = await serialNow();
    const started = performance.now();
    const waiting = poll(serial);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.ctx.events.waiting).toBe(1);
    await trash(fileIds[2]);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toBe(String(serial + 1));
    expect(performance.now() - started).toBeLessThan(180);
  });

  it('stops waiting when the client goes away (real HTTP)', async () => {
    const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const gone = new AbortController();
    const request = fetch(`${origin}/poll?seq=${await serialNow()}&event=job_changed:${jobId}`, {
      headers: auth,
      signal: gone.signal,
    }).catch(() => null);
    // Polled, not slept: a loaded machine takes its time to deliver the request and the close.
    await expect.poll(() => server.ctx.events.waiting).toBe(1);
    gone.abort();
    await request;
    await expect.poll(() => server.ctx.events.waiting).toBe(0);
  });

  it('is for readers of the job only, with valid parameters', async () => {
    expect((await poll(0, otherAuth)).statusCode).toBe(404);
    expect((await poll(0, {})).statusCode).toBe(401);
    for (const query of [
      `seq=x&event=job_changed:${jobId}`,
      `seq=-2&event=job_changed:${jobId}`,
      `seq=1&event=job_deleted:${jobId}`,
      `seq=1&event=job_changed:`,
      `event=job_changed:${jobId}`,
      `seq=1`,
    ]) {
      const res = await get(`/poll?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });
});

describe('album events (SPEC §3 change type 11)', () => {
  const post = (url: string, payload: unknown, headers = auth) =>
    server.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('an album edit, a join and a leave each log an event that wakes the long poll', async () => {
    const album = (
      await post('/jobs', { type: 'story', name: 'Events', public: 1, allow_comments: 1 })
    ).json<{ id: string }>().id;
    const serialOf = async () =>
      Number((await get(`/jobs/${album}/files?start=0&end=1`)).headers['x-last-event-serial']);
    const start = await serialOf();

    // What wakes the long poll (its waking is tested above): a notify after each commit.
    const notify = vi.spyOn(server.ctx.events, 'notify');
    expect((await post(`/jobs/${album}/name`, { name: 'Renamed' })).statusCode).toBe(204);

    const permissions = { allow_comments: 0, allow_uploads: 1 };
    expect((await post(`/jobs/${album}/permissions`, permissions)).statusCode).toBe(204);
    expect((await post(`/jobs/${album}/subscribe`, {}, otherAuth)).statusCode).toBe(204);
    // Joining again changes nothing, so it logs nothing.
    expect((await post(`/jobs/${album}/subscribe`, {}, otherAuth)).statusCode).toBe(204);
    expect((await post(`/jobs/${album}/unsubscribe`, {}, otherAuth)).statusCode).toBe(204);

    const body = ChangesResponseSchema.parse(
      (await get(`/jobs/${album}/changes_and_async_upload_status?since=${start}`)).json(),
    );
    expect(body.changes).toEqual([
      { serial: start + 1, type: 11, id: 'title' },
      { serial: start + 2, type: 11, id: 'permissions' },
      { serial: start + 3, type: 11, id: 'members' },
      { serial: start + 4, type: 11, id: 'members' },
    ]);
    expect(notify.mock.calls.map(([, serial]) => serial)).toEqual([
      start + 1,
      start + 2,
      start + 3,
      start + 4,
    ]);
    notify.mockRestore();
  });
});
