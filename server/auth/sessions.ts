// Sessions: tokens stored as SHA-256 only; a session ends after 30 idle days, sliding, and at
// most a year after sign-in (SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS); an ended one
// answers 401 and is deleted.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { stmt, type Db } from '../db/open';

export interface Session {
  sessionId: string;
  userId: number;
  lastUsed: number;
  /** When this session signed in (seconds): the privacy page's fresh-login rule. */
  created: number;
}

/**
 * Session lifetime (issue 23): sliding, a session unused for 30 days ends; absolute, every
 * session ends a year after its sign-in however often it is used, so a leaked token does not
 * live for ever. An ended session answers 401 like a revoked one (the client's session-expired
 * dialog) and is deleted.
 */
export const SESSION_IDLE_SECONDS = 30 * 86_400;
export const SESSION_MAX_AGE_SECONDS = 365 * 86_400;

const isExpired = (session: { created: number; last_used: number }, now: number): boolean =>
  now - session.last_used > SESSION_IDLE_SECONDS || now - session.created > SESSION_MAX_AGE_SECONDS;

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** A new random token; only its SHA-256 is stored, so a leaked database leaks no sessions. */
export function createSession(
  db: Db,
  userId: number,
  device: { id: string | null; name: string | null },
  now: number,
): { token: string; sessionId: string } {
  const token = randomBytes(32).toString('hex');
  const sessionId = randomUUID();
  // Ended sessions of this user go at each sign-in (they are refused already; this is tidying).
  stmt(db, 'DELETE FROM sessions WHERE user_id = ? AND (last_used < ? OR created < ?)').run(
    userId,
    now - SESSION_IDLE_SECONDS,
    now - SESSION_MAX_AGE_SECONDS,
  );
  stmt(
    db,
    `INSERT INTO sessions (id, user_id, token_hash, device_id, device_name, created, last_used)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(sessionId, userId, hashToken(token), device.id, device.name, now, now);
  return { token, sessionId };
}

// last_used is a write; doing it at most once a minute keeps hot reads (thumbnails) write-free.
const TOUCH_EVERY_SECONDS = 60;

export function sessionByToken(db: Db, token: string, now: number): Session | null {
  const row = stmt<[string], { id: string; user_id: number; created: number; last_used: number }>(
    db,
    'SELECT id, user_id, created, last_used FROM sessions WHERE token_hash = ?',
  ).get(hashToken(token));
  if (!row) return null;
  if (isExpired(row, now)) {
    stmt(db, 'DELETE FROM sessions WHERE id = ?').run(row.id);
    return null;
  }
  if (now - row.last_used >= TOUCH_EVERY_SECONDS) {
    stmt(db, 'UPDATE sessions SET last_used = ? WHERE id = ?').run(now, row.id);
  }
  return { sessionId: row.id, userId: row.user_id, lastUsed: row.last_used, created: row.created };
}

/** Deletes a session of this user; false when it is not theirs (or already gone). */
export function revokeSession(db: Db, userId: number, sessionId: string): boolean {
  return (
    stmt(db, 'DELETE FROM sessions WHERE id = ? AND user_id = ?').run(sessionId, userId).changes > 0
  );
}

/** The user's live sessions (ended ones are left out), most recently used first. */
export function listDevices(
  db: Db,
  userId: number,
  now: number,
): { id: string; name: string | null; last_used: number }[] {
  return stmt<[number, number, number], { id: string; name: string | null; last_used: number }>(
    db,
    `SELECT id, device_name AS name, last_used FROM sessions
       WHERE user_id = ? AND last_used >= ? AND created >= ?
       ORDER BY last_used DESC, id`,
  ).all(userId, now - SESSION_IDLE_SECONDS, now - SESSION_MAX_AGE_SECONDS);
}
