import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { CopyShareResponseSchema, ShareSchema } from '../../src/api/contract/shares';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { login, testServer, type TestServer } from '../testing';

/** A visitor's headers: the share's transformed password as basic auth (SPEC §6). */
const password = (value: string) => ({ authorization: basicAuthHeader(value) });

let server: TestServer;
let owner: Record<string, string>;
let other: Record<string, string>;
let job = '';
let files: { id: string; type: string }[] = [];

const inject = (options: InjectOptions) => server.app.inject(options);

async function createShare(ids: string[], headers = owner) {
  const res = await inject({
    method: 'POST',
    url: '/shares',
    headers,
    payload: { job, files: ids },
  });
  expect(res.statusCode).toBe(200);
  return ShareSchema.parse(res.json());
}

beforeAll(async () => {
  server = await testServer(120, 1, { testControls: true });
  owner = (await login(server.app)).auth;
  other = (await login(server.app, 'user1@example.com')).auth;
  job = (await inject({ url: '/jobs/default', headers: owner })).json<{ id: string }>().id;
  files = FilesResponseSchema.parse(
    (await inject({ url: `/jobs/${job}/files`, headers: owner })).json(),
  ).files;
});
afterAll(() => server.close());

describe('shares (SPEC §3 Share, §6, §9 30 days)', () => {
  it('a link opens to anyone: files, thumbnails and content, without the owner’s email', async () => {
    const pictures = files.filter((f) => f.type === 'picture').slice(0, 3);
    const share = await createShare(pictures.map((f) => f.id));
    expect(share.isOwner).toBe(true);
    expect(share.owner.email).toBe('demo@example.com');
    expect(share.thumbFiles).toHaveLength(3);
    expect(share.expires - share.created).toBe(30 * 86_400);

    const seen = ShareSchema.parse((await inject({ url: `/shares/${share.id}` })).json());
    expect(seen.isOwner).toBe(false);
    expect(seen.owner.email).toBeUndefined();
    const copy = seen.thumbFiles[0].id;
    expect((await inject({ url: `/th/3/${copy}?area=256&share=${share.id}` })).statusCode).toBe(
      200,
    );
    expect((await inject({ url: `/st/4/jobs/${share.id}/files_by_id/${copy}` })).statusCode).toBe(
      200,
    );
    // The copies are not the originals: an original id is not readable through the share.
    expect((await inject({ url: `/th/3/${pictures[0].id}?share=${share.id}` })).statusCode).toBe(
      404,
    );
    // Nothing is deleted from a share, and its copies never count as storage twice.
    const del = await inject({
      method: 'DELETE',
      url: `/jobs/${share.id}/files_by_id/${copy}`,
      headers: owner,
    });
    expect(del.statusCode).toBe(403);
    const jobs = (await inject({ url: '/jobs', headers: owner })).json<{ id: string }[]>();
    expect(JSON.stringify(jobs)).not.toContain(share.id);
  });

  it('a password: wrong → "public job auth failed", right (as basic auth) opens it', async () => {
    const share = await createShare([files[5].id]);
    const set = await inject({
      method: 'POST',
      url: `/shares/${share.id}/password`,
      headers: owner,
      payload: { password: 'c2VjcmV0' },
    });
    expect(set.statusCode).toBe(204);
    // Another user may not change it.
    const hijack = await inject({
      method: 'POST',
      url: `/shares/${share.id}/password`,
      headers: other,
      payload: { password: 'x' },
    });
    expect(hijack.statusCode).toBe(404);
    const locked = await inject({ url: `/shares/${share.id}` });
    expect(locked.statusCode).toBe(403);
    expect(locked.json<{ error: string }>().error).toBe('password_required');
    // SPEC §7: "public job auth failed"; the password as basic auth opens it (SPEC §6).
    expect(locked.body).toContain('public job auth failed');
    const wrong = await inject({ url: `/shares/${share.id}`, headers: password('nope') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('public job auth failed');
    const open = await inject({ url: `/shares/${share.id}`, headers: password('c2VjcmV0') });
    expect(open.statusCode).toBe(200);
    const file = ShareSchema.parse(open.json()).thumbFiles[0].id;
    expect((await inject({ url: `/th/3/${file}?share=${share.id}` })).statusCode).toBe(403);
    // Media URLs carry it as ?token=.
    expect(
      (await inject({ url: `/th/3/${file}?share=${share.id}&token=c2VjcmV0` })).statusCode,
    ).toBe(200);
    // The owner needs no password.
    expect((await inject({ url: `/shares/${share.id}`, headers: owner })).statusCode).toBe(200);
  });

  it('another signed-in user copies the files to their timeline; the owner cannot', async () => {
    const share = await createShare([files[8].id, files[9].id]);
    const otherJob = (await inject({ url: '/jobs/default', headers: other })).json<{ id: string }>()
      .id;
    const count = async () =>
      FilesResponseSchema.parse(
        (await inject({ url: `/jobs/${otherJob}/files`, headers: other })).json(),
      ).files.length;
    const before = await count();
    const copy = await inject({ method: 'POST', url: `/shares/${share.id}/copy`, headers: other });
    expect(CopyShareResponseSchema.parse(copy.json()).added).toBe(2);
    expect(await count()).toBe(before + 2);
    const own = await inject({ method: 'POST', url: `/shares/${share.id}/copy`, headers: owner });
    expect(own.statusCode).toBe(404);
    expect((await inject({ method: 'POST', url: `/shares/${share.id}/copy` })).statusCode).toBe(
      401,
    );
  });

  it('stop sharing is the owner’s; the link then answers 404, as it does after 30 days', async () => {
    const share = await createShare([files[12].id]);
    expect(
      (await inject({ method: 'DELETE', url: `/shares/${share.id}`, headers: other })).statusCode,
    ).toBe(404);
    expect(
      (await inject({ method: 'DELETE', url: `/shares/${share.id}`, headers: owner })).statusCode,
    ).toBe(204);
    expect((await inject({ url: `/shares/${share.id}` })).statusCode).toBe(404);

    const aging = await createShare([files[13].id]);
    const move = (days: number) =>
      inject({
        method: 'POST',
        url: '/__test/clock',
        payload: { email: 'demo@example.com', days },
      });
    expect((await move(29)).statusCode).toBe(204);
    expect((await inject({ url: `/shares/${aging.id}` })).statusCode).toBe(200);
    expect((await move(1)).statusCode).toBe(204);
    expect((await inject({ url: `/shares/${aging.id}` })).statusCode).toBe(404);
  });

  it('an email share is validated and kept in the outbox, one entry per recipient', async () => {
    const share = await createShare([files[20].id]);
    const publish = (payload: Record<string, unknown>, headers = owner) =>
      inject({ method: 'POST', url: `/jobs/${share.id}/publish`, headers, payload });
    for (const bad of [
      { to_email: 'not-an-address', subject: 'Hi' },
      { to_email: 'a@example.com, ', subject: 'Hi' },
      { to_email: 'a@example.com', subject: '   ' },
      { to_email: 'a@example.com', subject: 'bell\u0007' },
    ]) {
      expect((await publish(bad)).statusCode).toBe(400);
    }
    expect((await publish({ to_email: 'a@example.com', subject: 'Hi' }, other)).statusCode).toBe(
      404,
    );
    const ok = await publish({
      to_email: 'ann@example.com, bo@example.com',
      subject: 'Our trip',
      message: 'Look!\nMore soon',
    });
    expect(ok.statusCode).toBe(204);
    const outbox = (await inject({ url: '/__test/outbox?to=bo%40example.com' })).json<{
      messages: { subject: string; link: string; message: string; sender: string }[];
    }>().messages;
    expect(outbox[0]).toMatchObject({
      subject: 'Our trip',
      message: 'Look!\nMore soon',
      link: `/share/${share.id}`,
      sender: 'demo@example.com',
    });
  });

  it('refuses unknown files and another user’s files', async () => {
    const foreign = await inject({
      method: 'POST',
      url: '/shares',
      headers: other,
      payload: { job, files: [files[0].id] },
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await inject({
      method: 'POST',
      url: '/shares',
      headers: owner,
      payload: { job, files: ['1-1'] },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await inject({
      method: 'POST',
      url: '/shares',
      headers: owner,
      payload: { job, files: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});
