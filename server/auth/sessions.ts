import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { stmt, type Db } from '../db/open';

export interface Session {
  sessionId: string;
  userId: number;
  lastUsed: number;
}

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
  const row = stmt<[string], { id: string; user_id: number; last_used: number }>(
    db,
    'SELECT id, user_id, last_used FROM sessions WHERE token_hash = ?',
  ).get(hashToken(token));
  if (!row) return null;
  if (now - row.last_used >= TOUCH_EVERY_SECONDS) {
    stmt(db, 'UPDATE sessions SET last_used = ? WHERE id = ?').run(now, row.id);
  }
  return { sessionId: row.id, userId: row.user_id, lastUsed: row.last_used };
}

/** Deletes a session of this user; false when it is not theirs (or already gone). */
export function revokeSession(db: Db, userId: number, sessionId: string): boolean {
  return (
    stmt(db, 'DELETE FROM sessions WHERE id = ? AND user_id = ?').run(sessionId, userId).changes > 0
  );
}

export function listDevices(
  db: Db,
  userId: number,
): { id: string; name: string | null; last_used: number }[] {
  return stmt<[number], { id: string; name: string | null; last_used: number }>(
    db,
    `SELECT id, device_name AS name, last_used FROM sessions WHERE user_id = ?
       ORDER BY last_used DESC, id`,
  ).all(userId);
}
