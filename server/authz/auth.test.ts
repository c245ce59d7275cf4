// SPEC §6, issue 14: who counts as a caller. A visitor token (a guest who named itself for a
// shared album) is no account anywhere in the matrix; logout and account deletion end only the
// caller's own sessions.
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { createUser } from '../db/users';
import { login } from '../testing';
import { ALL_CASES } from './testing/cases';
import { owner, send, server, snapshot, stranger, setUpAuthzFixture } from './testing/fixture';

setUpAuthzFixture();

describe('authorisation matrix', () => {
  it('a visitor token (issue 14) is no account: every call of the matrix answers it 401', async () => {
    const album = (
      await server.app.inject({
        method: 'POST',
        url: '/jobs',
        headers: owner,
        payload: { type: 'story', name: 'Open', public: true },
      })
    ).json<{ id: string }>().id;
    const named = await server.app.inject({
      method: 'POST',
      url: `/jobs/${album}/visitor_token`,
      payload: { name: 'Guest' },
    });
    expect(named.statusCode).toBe(200);
    const guest = { 'x-visitor-token': named.json<{ token: string }>().token };
    const before = snapshot();
    for (const c of ALL_CASES) {
      const answer = await send(c, guest);
      expect(answer.statusCode, c.name).toBe(c.anonymous === 'hidden' ? 404 : 401);
    }
    expect(snapshot()).toBe(before);
  });

  it('logout revokes only the caller’s own session', async () => {
    const extra = await login(server.app, 'demo@example.com', 'capture-demo', 'device-x');
    const ownerBefore = server.ctx.db.prepare('SELECT COUNT(*) AS n FROM sessions').get();
    expect((await server.app.inject({ method: 'POST', url: '/logout' })).statusCode).toBe(401);
    const out = await server.app.inject({ method: 'POST', url: '/logout', headers: extra.auth });
    expect(out.statusCode).toBe(204);
    expect(server.ctx.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({
      n: (ownerBefore as { n: number }).n - 1,
    });
    expect((await server.app.inject({ url: '/account_info', headers: owner })).statusCode).toBe(
      200,
    );
  });

  it('account deletion needs a caller and ends only the caller’s own sessions', async () => {
    const url = '/data_protection/request_account_deletion';
    expect((await server.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const forged = { authorization: 'Basic Zm9yZ2VkOg==' };
    expect((await server.app.inject({ method: 'POST', url, headers: forged })).statusCode).toBe(
      401,
    );
    createUser(server.ctx.db, {
      email: 'leaving@example.com',
      name: 'Leaving',
      passwordHash: await hashPassword('pw-leaving'),
      now: server.ctx.now(),
    });
    const leaving = await login(server.app, 'leaving@example.com', 'pw-leaving');
    const done = await server.app.inject({ method: 'POST', url, headers: leaving.auth });
    expect(done.statusCode).toBe(200);
    const after = await server.app.inject({ url: '/account_info', headers: leaving.auth });
    expect(after.statusCode).toBe(401);
    expect((await server.app.inject({ url: '/account_info', headers: owner })).statusCode).toBe(
      200,
    );
    expect((await server.app.inject({ url: '/account_info', headers: stranger })).statusCode).toBe(
      200,
    );
  });
});
