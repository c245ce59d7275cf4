// The benches' users in the cached bench library: ensureBenchUser for any bench (the albums
// bench's too), and the trash's two (bench/scroll.bench.ts scrolls one's trash, bench/trash.bench.ts
// restores the other's).
import { hashPassword } from '../../server/auth/password';
import type { ServerContext } from '../../server/context';
import { createUser, timelineJobOf, userByEmail } from '../../server/db/users';
import { step } from './env';

export const DAY = 86_400;

/** The bench's user with these credentials in the cached library, made on the first run. */
export async function ensureBenchUser(
  ctx: ServerContext,
  credentials: { email: string; password: string },
  name: string,
) {
  const existing = userByEmail(ctx.db, credentials.email);
  if (existing) return existing;
  createUser(ctx.db, {
    email: credentials.email,
    name,
    passwordHash: await hashPassword(credentials.password),
    now: ctx.now(),
  });
  return userByEmail(ctx.db, credentials.email)!;
}

/**
 * The user, made once in the cached library with `count` files copied from the demo timeline
 * straight into the trash (deleted over the last 89 days); their timeline's row id.
 */
export async function ensureTrashUser(
  ctx: ServerContext,
  credentials: { email: string; password: string },
  count: number,
): Promise<number> {
  const db = ctx.db;
  const now = ctx.now();
  const user = await ensureBenchUser(ctx, credentials, 'Trash Bench');
  // Room for everything it restores (seeded files average megabytes: 10,000 exceed 15 GiB).
  db.prepare('UPDATE users SET max_space = ? WHERE id = ?').run(1024 ** 5, user.id);
  const timeline = timelineJobOf(db, user.id)!.id;
  const have = db
    .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM files WHERE job = ?')
    .get(timeline)!.n;
  if (have >= count) return timeline;
  step(`putting ${count} files in the trash of ${credentials.email} (first run only)…`);
  const demo = timelineJobOf(db, userByEmail(db, 'demo@example.com')!.id)!.id;
  // Trashed files are not in day_counts (it counts live files), so nothing else to update.
  db.prepare(
    `INSERT INTO files (tag, job, path, ctime, mtime, capture_time, uploaded, size, width, height,
       duration, kind, screenshot, checksum, group_type, group_id, master, blob, deleted, dtime)
     SELECT (id * 40503 + 7) % 65536, ?, path, ctime, mtime, capture_time, uploaded, size, width,
       height, duration, kind, screenshot, checksum, group_type, group_id, master, blob, 1,
       ? - (id * 7919) % (89 * ${DAY})
     FROM files WHERE job = ? AND deleted = 0 AND kind != 2 ORDER BY id LIMIT ?`,
  ).run(timeline, now, demo, count);
  return timeline;
}
