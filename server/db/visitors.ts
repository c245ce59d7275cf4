import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { stmt, type Db } from './open';

// SPEC §1/§6 Visitor: someone without an account who comments on a shared album under a typed
// name. The token is the only proof that their comments are theirs; only its hash is kept.

export interface VisitorRow {
  id: number;
  uuid: string;
  job: number;
  name: string;
  token_hash: string;
  key_hash: string | null;
  created: number;
  expires: number;
}

/** A visitor token lives this long; then the visitor types their name again. */
export const VISITOR_TOKEN_SECONDS = 30 * 86_400;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A new visitor of album `job`; the token is returned once and never stored. */
export function createVisitor(
  db: Db,
  visitor: { job: number; name: string; albumKey: string | null; now: number },
): { row: VisitorRow; token: string } {
  const token = randomBytes(32).toString('base64url');
  const uuid = randomUUID();
  const expires = visitor.now + VISITOR_TOKEN_SECONDS;
  const keyHash = visitor.albumKey === null ? null : sha256(visitor.albumKey);
  const { lastInsertRowid } = stmt(
    db,
    `INSERT INTO visitors (uuid, job, name, token_hash, key_hash, created, expires)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(uuid, visitor.job, visitor.name, sha256(token), keyHash, visitor.now, expires);
  return {
    row: {
      id: Number(lastInsertRowid),
      uuid,
      job: visitor.job,
      name: visitor.name,
      token_hash: sha256(token),
      key_hash: keyHash,
      created: visitor.now,
      expires,
    },
    token,
  };
}

/**
 * The visitor a token belongs to if it is for album `job`, not expired, and was given under the
 * album's present password (`albumKey`, null without one); else null.
 */
export function visitorForToken(
  db: Db,
  token: string,
  job: number,
  albumKey: string | null,
  now: number,
): VisitorRow | null {
  const row = stmt<[string], VisitorRow>(db, 'SELECT * FROM visitors WHERE token_hash = ?').get(
    sha256(token),
  );
  if (!row || row.job !== job || row.expires <= now) return null;
  const keyHash = albumKey === null ? null : sha256(albumKey);
  return row.key_hash === keyHash ? row : null;
}

export function visitorById(db: Db, id: number): VisitorRow | undefined {
  return stmt<[number], VisitorRow>(db, 'SELECT * FROM visitors WHERE id = ?').get(id);
}
