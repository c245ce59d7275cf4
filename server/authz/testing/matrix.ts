// SPEC §6 and issue 3 item 6: every call checks the caller. For each route: no token → 401,
// another user's token → 404 with nothing changed, the owner → 2xx, the owner as a read-only
// user → 403 read_only_user with nothing changed for the calls that save files or create albums
// (issue 22), 2xx for the rest. The area files beside testing/ run it over their cases;
// routes.test.ts checks that every registered route is reached; badInput.test.ts that bad input
// anywhere is a 4xx with a JSON body, never 500.
import { expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../src/api/contract/uploads';
import {
  isJsonError,
  type Case,
  owner,
  ownerState,
  send,
  server,
  setReadOnly,
  snapshot,
  stranger,
} from './fixture';

/**
 * The matrix over `cases`, in their order: no token and a forged one → 401 with nothing changed;
 * another user → as `other` says; the owner made read-only → 403 read_only_user with nothing
 * changed where `readOnly` says so, else 2xx; the owner → 2xx. One test per case.
 */
export function matrix(cases: readonly Case[]): void {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = snapshot();
    const refusedWith = c.anonymous === 'hidden' ? 404 : 401;
    const anonymous = await send(c, {});
    expect(anonymous.statusCode).toBe(refusedWith);
    expect(isJsonError(anonymous.body)).toBe(true);
    const forged = await send(c, { authorization: 'Basic Zm9yZ2VkOg==' });
    expect(forged.statusCode).toBe(refusedWith);
    expect(snapshot()).toBe(before);

    const ownerBefore = ownerState();
    const other = await send(c, stranger);
    if (c.other === 'hidden') {
      expect(other.statusCode).toBe(404);
      expect(isJsonError(other.body)).toBe(true);
      expect(snapshot()).toBe(before);
    } else if (c.other === 'refused') {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.statusCode).toBeLessThan(500);
      expect(isJsonError(other.body)).toBe(true);
      expect(snapshot()).toBe(before);
    } else {
      expect(other.statusCode).toBeLessThan(300);
      expect(ownerState()).toBe(ownerBefore);
    }

    // The read-only role: the owner without a subscription.
    setReadOnly(server.seed.demoUserId, true);
    try {
      if (c.readOnly === 'refused') {
        const before = snapshot();
        const refused = await send(c, owner);
        expect(refused.statusCode, refused.body.slice(0, 200)).toBe(403);
        expect(ErrorBodySchema.parse(refused.json())).toMatchObject({ error: 'read_only_user' });
        expect(snapshot()).toBe(before);
      } else {
        const allowed = await send(c, owner);
        expect(allowed.statusCode, allowed.body.slice(0, 200)).toBeGreaterThanOrEqual(200);
        expect(allowed.statusCode).toBeLessThan(300);
      }
    } finally {
      setReadOnly(server.seed.demoUserId, false);
    }
    if (c.once) return;

    const own = await send(c, owner);
    expect(own.statusCode, own.body.slice(0, 200)).toBeGreaterThanOrEqual(200);
    expect(own.statusCode).toBeLessThan(300);
  });
}
