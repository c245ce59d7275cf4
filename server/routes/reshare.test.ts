// Issue 33 point 7: a member who re-shared the files of a password-protected album made an open
// link: anyone with it saw the files without the album's password. Such a link is now made
// sealed (it needs a password nobody has been told) until the member gives it one; the share
// dialog says so and asks for it (features/share/ShareDialog.tsx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema } from '../../src/api/contract/files';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { ShareSchema } from '../../src/api/contract/shares';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let owner: Record<string, string>;
let member: Record<string, string>;
let album = '';
let file = '';

beforeAll(async () => {
  server = await testServer(20, 2);
  owner = (await login(server.app)).auth;
  member = (await login(server.app, 'user1@example.com')).auth;
  // The seed shares the demo user's first album with user1.
  album = (
    server.ctx.db
      .prepare(
        "SELECT uuid FROM jobs WHERE owner_id = ? AND type = 'story' AND privacy_mode = 'shared'",
      )
      .get(server.seed.demoUserId) as { uuid: string }
  ).uuid;
  file = FilesResponseSchema.parse(
    (await server.app.inject({ url: `/jobs/${album}/files`, headers: owner })).json(),
  ).files[0].id;
});
afterAll(() => server.close());

const share = async (headers: Record<string, string>, albumShare = false) => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/shares',
    headers,
    payload: { job: album, files: [file], album: albumShare },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ShareSchema.parse(res.json());
};
const setPassword = (password: string | null) =>
  server.app.inject({
    method: 'POST',
    url: `/jobs/${album}/password`,
    headers: owner,
    payload: { password },
  });
const visit = (id: string) => server.app.inject({ url: `/shares/${id}` });

describe("re-sharing a password album's files", () => {
  it("an open album's files make an open link, whoever shares them", async () => {
    const made = await share(member);
    expect(made.hasPassword).toBe(false);
    expect((await visit(made.id)).statusCode).toBe(200);
  });

  it("a member's link of a password album's files needs a password until they set one", async () => {
    expect((await setPassword('album-secret')).statusCode).toBe(204);
    for (const albumShare of [false, true]) {
      const made = await share(member, albumShare);
      expect(made.hasPassword).toBe(true);
      const seen = await visit(made.id);
      expect(seen.statusCode).toBe(403);
      expect(seen.json()).toMatchObject({ error: 'password_required' });
      // The album's own password does not open it (another link, another salt)…
      const guess = await server.app.inject({
        url: `/shares/${made.id}`,
        headers: { authorization: basicAuthHeader('album-secret') },
      });
      expect(guess.statusCode).toBe(403);
      // …the one its maker sets does.
      await server.app.inject({
        method: 'POST',
        url: `/shares/${made.id}/password`,
        headers: member,
        payload: { password: 'link-secret' },
      });
      const opened = await server.app.inject({
        url: `/shares/${made.id}`,
        headers: { authorization: basicAuthHeader('link-secret') },
      });
      expect(opened.statusCode).toBe(200);
    }
  });

  it('the owner chooses for their own album: their link is open unless they protect it', async () => {
    const made = await share(owner);
    expect(made.hasPassword).toBe(false);
    expect((await visit(made.id)).statusCode).toBe(200);
  });
});
