import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../src/api/contract/account';
import { ErrorBodySchema } from '../src/api/contract/uploads';
import { Faults } from './testControls';
import { login, multipart, testServer, type TestServer } from './testing';

let server: TestServer;
let auth: { authorization: string };
let jobId: string;

beforeAll(async () => {
  server = await testServer(100, 1, { testControls: true });
  ({ auth } = await login(server.app));
  jobId = (await server.app.inject({ url: '/jobs/default', headers: auth })).json<{ id: string }>()
    .id;
});
afterAll(() => server.close());

const addFault = async (rule: Record<string, unknown>) => {
  const res = await server.app.inject({ method: 'POST', url: '/__test/faults', payload: rule });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
};
const clearFaults = () => server.app.inject({ method: 'DELETE', url: '/__test/faults' });
const accountInfo = () =>
  server.app.inject({ url: '/account_info', headers: { ...auth, origin: 'http://web.test' } });

describe('Faults', () => {
  it('fails every Nth matching request, up to `times`, and skips the control routes', () => {
    const faults = new Faults();
    faults.add({ path: '^/jobs/[^/]+/upload$', every: 3, times: 2, status: 503 });
    const hits = Array.from({ length: 12 }, () => faults.match('POST', '/jobs/j/upload'));
    expect(hits.map((h) => (h ? h.status : 0))).toEqual([0, 0, 503, 0, 0, 503, 0, 0, 0, 0, 0, 0]);
    // What the rule did is readable: the requests it counted (until `times` ran out) and failed.
    expect(faults.read(1)).toEqual({ seen: 6, failed: 2 });
    expect(faults.read(99)).toBeNull();
    expect(faults.match('POST', '/jobs/j/files_dedup')).toBeNull();
    faults.add({ path: '.*' });
    expect(faults.match('POST', '/__test/faults')).toBeNull();
    // CORS preflights are left alone unless the rule names OPTIONS.
    expect(faults.match('OPTIONS', '/account_info')).toBeNull();
    expect(faults.match('GET', '/account_info')?.status).toBe(500);
  });

  it('holds requests for delayMs, `times` of them, without answering them', () => {
    const faults = new Faults();
    faults.add({ method: 'HEAD', path: '^/resumable_uploads/', delayMs: 1500, times: 1 });
    expect(faults.apply('HEAD', '/resumable_uploads/x')).toEqual({ answer: null, delayMs: 1500 });
    expect(faults.apply('HEAD', '/resumable_uploads/x')).toEqual({ answer: null, delayMs: 0 });
    expect(faults.apply('PATCH', '/resumable_uploads/x').delayMs).toBe(0);
  });

  it('honours the method and rejects a bad pattern', () => {
    const faults = new Faults();
    faults.add({ method: 'delete', path: '/files_by_id/' });
    expect(faults.match('GET', '/jobs/j/files_by_id/x')).toBeNull();
    expect(faults.match('DELETE', '/jobs/j/files_by_id/x')?.status).toBe(500);
    expect(() => faults.add({ path: '(' })).toThrow(/regular expression/);
  });
});

describe('test control routes', () => {
  it('are absent unless enabled', async () => {
    const plain = await testServer(0, 0);
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/__test/faults', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('inject a status with the message and CORS headers, then clear', async () => {
    await addFault({ path: '^/account_info$', status: 403, message: 'Forbidden', times: 1 });
    const faulted = await accountInfo();
    expect(faulted.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(faulted.json()).message).toBe('Forbidden');
    expect(faulted.headers['access-control-allow-origin']).toBe('http://web.test');
    // times: 1 → the next one passes.
    expect((await accountInfo()).statusCode).toBe(200);

    const id = await addFault({ path: '^/account_info$' });
    expect((await accountInfo()).statusCode).toBe(500);
    const removed = await server.app.inject({ method: 'DELETE', url: `/__test/faults/${id}` });
    expect(removed.statusCode).toBe(204);
    expect((await accountInfo()).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/__test/faults/${id}` })).statusCode,
    ).toBe(404);
  });

  it('fault uploads before the body is read: nothing is stored', async () => {
    await addFault({ method: 'POST', path: '/upload$' });
    const body = multipart({ path: 'a.jpg', mtime: '1' }, [{ data: Buffer.from('not stored') }]);
    const before = server.ctx.db.prepare('SELECT COUNT(*) AS n FROM files').get();
    const res = await server.app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/upload`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(500);
    expect(server.ctx.db.prepare('SELECT COUNT(*) AS n FROM files').get()).toEqual(before);
    await clearFaults();
  });

  it('rejects bad rules with 400', async () => {
    for (const payload of [
      {},
      { path: '(' },
      { path: 'x', status: 200 },
      { path: 'x', every: 0 },
    ]) {
      const res = await server.app.inject({ method: 'POST', url: '/__test/faults', payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('set a user’s storage limit seen by account_info, grants and uploads', async () => {
    const before = AccountInfoSchema.parse((await accountInfo()).json());
    const res = await server.app.inject({
      method: 'POST',
      url: '/__test/max_space',
      payload: { email: 'demo@example.com', max_space: before.used_space + 10 },
    });
    expect(res.statusCode).toBe(204);
    const after = AccountInfoSchema.parse((await accountInfo()).json());
    expect(after.max_space).toBe(before.used_space + 10);
    const grants = await server.app.inject({ url: '/user_grants', headers: auth });
    expect(JSON.stringify(grants.json())).toContain(String((before.used_space + 10) / 1024 ** 3));
    const body = multipart({ path: 'big.jpg', mtime: '1' }, [{ data: Buffer.alloc(1000, 7) }]);
    const upload = await server.app.inject({
      method: 'POST',
      url: `/jobs/${jobId}/upload`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(413);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/__test/max_space',
      payload: { email: 'nobody@example.com', max_space: 1 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('disable a user: every call answers 403 user_disabled until enabled again', async () => {
    const { auth: other } = await login(server.app, 'user1@example.com');
    const disable = (disabled: boolean, email = 'user1@example.com') =>
      server.app.inject({
        method: 'POST',
        url: '/__test/user_disabled',
        payload: { email, disabled },
      });
    expect((await disable(true)).statusCode).toBe(204);
    const refused = await server.app.inject({ url: '/account_info', headers: other });
    expect(refused.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(refused.json()).error).toBe('user_disabled');
    expect((await accountInfo()).statusCode).toBe(200); // nobody else
    expect((await disable(false)).statusCode).toBe(204);
    expect((await server.app.inject({ url: '/account_info', headers: other })).statusCode).toBe(
      200,
    );
    expect((await disable(true, 'nobody@example.com')).statusCode).toBe(404);
  });

  it('clock moves one user’s time: their trash passes 90 days, nobody else’s does', async () => {
    const { auth: other } = await login(server.app, 'user1@example.com');
    const otherJob = (await server.app.inject({ url: '/jobs/default', headers: other })).json<{
      id: string;
    }>().id;
    const trashIds = async (headers: Record<string, string>) =>
      (await server.app.inject({ url: '/trash_can?limit=1000', headers }))
        .json<{ files: { id: string }[] }>()
        .files.map((f) => f.id);
    const deleteFirst = async (headers: Record<string, string>, job: string) => {
      const files = (await server.app.inject({ url: `/jobs/${job}/files`, headers })).json<{
        files: { id: string }[];
      }>().files;
      const id = files[0].id;
      const res = await server.app.inject({
        method: 'DELETE',
        url: `/jobs/${job}/files_by_id/${id}`,
        headers,
      });
      expect(res.statusCode).toBe(204);
      return id;
    };
    const theirs = await deleteFirst(other, otherJob);
    const mine = await deleteFirst(auth, jobId);
    const move = (days: number) =>
      server.app.inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { email: 'user1@example.com', days },
      });
    expect((await move(89)).statusCode).toBe(204);
    expect(await trashIds(other)).toContain(theirs);
    expect((await move(1.5)).statusCode).toBe(204);
    expect(await trashIds(other)).not.toContain(theirs);
    expect(await trashIds(auth)).toContain(mine);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/__test/clock',
      payload: { email: 'nobody@example.com', days: 1 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('cut destroys the socket without an answer', async () => {
    const cutServer = await testServer(0, 0, { testControls: true });
    try {
      await cutServer.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = cutServer.app.server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      await fetch(`${base}/__test/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '^/supported_extensions$', cut: true, times: 1 }),
      });
      await expect(fetch(`${base}/supported_extensions`)).rejects.toThrow();
      expect((await fetch(`${base}/supported_extensions`)).status).toBe(200);
    } finally {
      await cutServer.close();
    }
  });
});
