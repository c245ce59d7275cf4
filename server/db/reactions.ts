import { stmt, type Db } from './open';

// SPEC §3 Reaction: one per file and user in an album; the client shows love and none.

export function lovesOf(
  db: Db,
  job: number,
  file: number,
  userId: number | null,
): { count: number; loved: boolean } {
  const count =
    stmt<[number, number], { n: number }>(
      db,
      'SELECT COUNT(*) AS n FROM reactions WHERE job = ? AND file = ?',
    ).get(job, file)?.n ?? 0;
  const loved =
    userId !== null &&
    stmt<[number, number, number], { kind: string }>(
      db,
      'SELECT kind FROM reactions WHERE job = ? AND file = ? AND user_id = ?',
    ).get(job, file, userId) !== undefined;
  return { count, loved };
}

/** Every reaction in the album (SPEC §3 Album counts.loves). */
export function albumLoveCount(db: Db, job: number): number {
  return (
    stmt<[number], { n: number }>(db, 'SELECT COUNT(*) AS n FROM reactions WHERE job = ?').get(job)
      ?.n ?? 0
  );
}

/** Sets (or, with null, clears) the user's reaction; true when something changed. */
export function setReaction(
  db: Db,
  reaction: { job: number; file: number; userId: number; kind: string | null; now: number },
): boolean {
  if (reaction.kind === null) {
    return (
      stmt(db, 'DELETE FROM reactions WHERE job = ? AND file = ? AND user_id = ?').run(
        reaction.job,
        reaction.file,
        reaction.userId,
      ).changes > 0
    );
  }
  return (
    stmt(
      db,
      `INSERT INTO reactions (job, file, user_id, kind, created) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (job, file, user_id) DO UPDATE SET kind = excluded.kind
       WHERE kind != excluded.kind`,
    ).run(reaction.job, reaction.file, reaction.userId, reaction.kind, reaction.now).changes > 0
  );
}

/** SPEC §3 Album counts.comments: its comments not deleted. */
export function albumCommentCount(db: Db, job: number): number {
  return (
    stmt<[number], { n: number }>(
      db,
      'SELECT COUNT(*) AS n FROM comments WHERE job = ? AND deleted = 0',
    ).get(job)?.n ?? 0
  );
}
