// The authorisation matrix (SPEC §6, issue 3 item 6; testing/matrix.ts) over the album list and
// a new album (the album routes are checked role by role in authz.roles.test.ts); a read-only
// user still views what others share.
import { describe, expect, it } from 'vitest';
import { ALBUM_CASES } from './testing/cases/albums';
import { server, setReadOnly, setUpAuthzFixture } from './testing/fixture';
import { matrix } from './testing/matrix';
import { login } from '../testing';

setUpAuthzFixture();

describe('authorisation matrix', () => {
  matrix(ALBUM_CASES);

  it('a read-only user still views albums others share with them (SPEC §6)', async () => {
    const member = (await login(server.app, 'user1@example.com')).auth;
    const shared = server.ctx.db
      .prepare('SELECT j.uuid FROM jobs j JOIN job_members m ON m.job = j.id WHERE j.owner_id = ?')
      .get(server.seed.demoUserId) as { uuid: string };
    const user1 = server.ctx.db
      .prepare("SELECT id FROM users WHERE email = 'user1@example.com'")
      .get() as { id: number };
    setReadOnly(user1.id, true);
    try {
      for (const url of [
        `/jobs/${shared.uuid}/info`,
        `/jobs/${shared.uuid}/files`,
        `/jobs/${shared.uuid}/timeline/months`,
        '/jobs?stories=1',
      ]) {
        expect((await server.app.inject({ url, headers: member })).statusCode, url).toBe(200);
      }
    } finally {
      setReadOnly(user1.id, false);
    }
  });
});
