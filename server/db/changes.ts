import type { ChangeType } from '../../src/api/contract/changes';
import { stmt, type Db } from './open';

export interface ChangeRow {
  serial: number;
  type: number;
  id: string;
}

/**
 * Bumps the job's serial and logs the change under it; returns the new serial. Call inside the
 * transaction that makes the change, so the serial a reader sees always has its row.
 */
export function recordChange(db: Db, job: number, type: ChangeType, ref: string, now: number) {
  const row = stmt<[number, number, number], { last_serial: number }>(
    db,
    `UPDATE jobs SET last_serial = last_serial + 1, last_update = ?, mtime = ? WHERE id = ?
     RETURNING last_serial`,
  ).get(now, now, job);
  if (!row) throw new Error(`recordChange: no job ${job}`);
  stmt(db, 'INSERT INTO changes (job, serial, type, ref) VALUES (?, ?, ?, ?)').run(
    job,
    row.last_serial,
    type,
    ref,
  );
  return row.last_serial;
}

/** Changes after `since`, oldest first, at most `limit` (the client asks again from the last). */
export function changesSince(db: Db, job: number, since: number, limit: number): ChangeRow[] {
  return stmt<[number, number, number], ChangeRow>(
    db,
    `SELECT serial, type, ref AS id FROM changes WHERE job = ? AND serial > ?
     ORDER BY serial LIMIT ?`,
  ).all(job, since, limit);
}

export function lastSerial(db: Db, job: number): number {
  return (
    stmt<[number], { last_serial: number }>(db, 'SELECT last_serial FROM jobs WHERE id = ?').get(
      job,
    )?.last_serial ?? 0
  );
}
