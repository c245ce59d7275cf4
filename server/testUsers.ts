import type { ServerContext } from './context';
import { userByEmail, type UserRow } from './db/users';
import { notFound } from './errors';

/** The account a test control names by email, else 404 (test-only routes). */
export function testUser(ctx: ServerContext, email: string): UserRow {
  const found = userByEmail(ctx.db, email);
  if (!found) throw notFound();
  return found;
}
