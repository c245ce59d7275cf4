// The deterministic synthetic library (`cli.ts` is `npm run seed`): ~8% videos, ~5% screenshots,
// ~1% documents (pdf/docx/xlsx/txt/pptx, spread over the months like the rest), live pairs and
// bursts (files.ts); it shares the demo user's first album with user1 and an album of user1's
// with the demo user (no PRNG draws, so a seed's files do not change).
import { hashPassword } from '../auth/password';
import { rebuildDayCounts } from '../db/dayCounts';
import { INSERT_FILE_SQL, insertParams, type NewFile } from '../db/files';
import { dropFileIndexes, ensureIndexes, setMeta, type Db } from '../db/open';
import { addMember } from '../db/albums';
import { createJob, createUser, totals, userByEmail } from '../db/users';
import { generateFiles, type LibraryShape } from './files';
import { mulberry32, pick } from './prng';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'capture-demo';
export const SEED_STATE = 'seed_state';

export interface SeedOptions {
  files: number;
  /** Other users besides the demo user (same password, user<n>@example.com). */
  users?: number;
  albums?: number;
  trash?: number;
  /** PRNG seed. */
  seed?: number;
  /** The demo library's shape (files.ts LIBRARY_SHAPES); mixed by default. */
  shape?: LibraryShape;
  /** Unix seconds "now"; defaults to the start of today (UTC) so a day's runs agree. */
  now?: number;
  onProgress?: (inserted: number, total: number) => void;
}

export interface SeedResult {
  demoUserId: number;
  demoTimelineJob: number;
  files: number;
  ms: number;
}

const BATCH = 50_000;
const OTHER_USER_FILES = 200;
const ALBUM_TITLES = ['Summer holiday', 'Christmas', 'Hiking trip', 'Birthday', 'City break'];

/**
 * Seeds the demo library into an empty database. Bulk path: file indexes are dropped, rows go
 * in through one prepared statement in 50k-row transactions with synchronous=OFF, then indexes
 * and day counts are built once at the end.
 */
export async function seedLibrary(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  if (userByEmail(db, DEMO_EMAIL)) throw new Error(`${DEMO_EMAIL} exists: seed an empty DATA_DIR`);
  const now = options.now ?? Math.floor(Date.now() / 86_400_000) * 86_400;
  const rng = mulberry32(options.seed ?? 1);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Marks a half-done seed (process killed mid-way), which startServers refuses to serve.
  setMeta(db, SEED_STATE, 'running');

  const demo = createUser(db, {
    email: DEMO_EMAIL,
    name: 'Demo User',
    passwordHash,
    maxSpace: 2 * 1024 ** 4,
    now,
  });
  const others = Array.from({ length: options.users ?? 0 }, (_, i) =>
    createUser(db, { email: `user${i + 1}@example.com`, name: `User ${i + 1}`, passwordHash, now }),
  );

  db.pragma('synchronous = OFF');
  dropFileIndexes(db);
  const insert = db.prepare(INSERT_FILE_SQL);
  let batch: NewFile[] = [];
  let inserted = 0;
  const total = options.files + others.length * OTHER_USER_FILES;
  const flushRows = db.transaction((rows: NewFile[]) => {
    for (const row of rows) insert.run(...insertParams(row));
  });
  const flush = () => {
    flushRows(batch);
    inserted += batch.length;
    batch = [];
    options.onProgress?.(inserted, total);
  };
  const emit = (file: NewFile) => {
    batch.push(file);
    if (batch.length >= BATCH) flush();
  };
  const firstDemoRow = (
    db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM files').get() as {
      n: number;
    }
  ).n;
  generateFiles(demo.timelineJob, options.files, rng, now, emit, options.shape);
  flush();
  const lastDemoRow = firstDemoRow + options.files;
  for (const other of others) generateFiles(other.timelineJob, OTHER_USER_FILES, rng, now, emit);
  flush();

  const albums: number[] = [];
  if (options.files > 0) {
    const randomDemoRow = () => firstDemoRow + 1 + Math.floor(rng() * options.files);
    // Albums: an event's worth of consecutive timeline rows (rows are in capture order).
    for (let a = 0; a < (options.albums ?? 0); a++) {
      const album = createJob(db, demo.userId, 'story', pick(rng, ALBUM_TITLES), now);
      albums.push(album);
      const from = randomDemoRow();
      const to = Math.min(lastDemoRow, from + 10 + Math.floor(rng() * 50));
      db.prepare(
        `INSERT INTO files (tag, job, path, ctime, mtime, capture_time, uploaded, size, width,
           height, duration, kind, screenshot, checksum, group_type, group_id, master, blob)
         SELECT (id * 40503 + ?) % 65536, ?, path, ctime, mtime, capture_time, uploaded, size,
           width, height, duration, kind, screenshot, checksum, group_type, group_id, master, blob
         FROM files WHERE id BETWEEN ? AND ? AND job = ?`,
      ).run(a, album, from, to, demo.timelineJob);
    }
    const trashed = new Set<number>();
    const trashCount = Math.min(options.trash ?? 0, options.files);
    while (trashed.size < trashCount) trashed.add(randomDemoRow());
    const trash = db.prepare('UPDATE files SET deleted = 1, dtime = ? WHERE id = ?');
    db.transaction(() => {
      for (const id of trashed) trash.run(now - Math.floor(rng() * 85 * 86_400), id);
    })();
  }

  shareAlbums(db, demo, others, albums, now);
  ensureIndexes(db);
  rebuildDayCounts(db);
  fitDemoStorage(db, demo.userId);
  db.prepare('UPDATE jobs SET last_serial = 1').run();
  setMeta(db, SEED_STATE, 'done');
  db.pragma('synchronous = NORMAL');
  db.pragma('optimize');
  return {
    demoUserId: demo.userId,
    demoTimelineJob: demo.timelineJob,
    files: inserted,
    ms: Math.round(performance.now() - started),
  };
}

/** The demo plan: 2 TiB, or more when the seeded library needs it. */
const DEMO_MIN_SPACE = 2 * 1024 ** 4;
/** What a big seeded library keeps free beyond its own size (TiB steps), so uploads work. */
const DEMO_HEADROOM = 1024 ** 4;

/**
 * A large synthetic library (2,000,000 files take ~24 TiB) would otherwise start out of storage,
 * and every upload would answer 413: the demo user gets whole TiB above what is used.
 */
export function fitDemoStorage(db: Db, userId: number): void {
  const used = totals(db, { owner: userId }).bytes;
  if (used + DEMO_HEADROOM <= DEMO_MIN_SPACE) return;
  const maxSpace = Math.ceil((used + DEMO_HEADROOM) / 1024 ** 4) * 1024 ** 4;
  db.transaction(() => {
    db.prepare('UPDATE users SET max_space = ? WHERE id = ?').run(maxSpace, userId);
    db.prepare('UPDATE grants SET size_gb = ? WHERE user_id = ?').run(maxSpace / 1024 ** 3, userId);
  })();
}

type SeededUser = { userId: number; timelineJob: number };

/**
 * Sharing, without drawing from the PRNG (so the files of a seed stay the same): the demo
 * user's first album is shared with the first other user, and that user shares an album of
 * their own latest files with the demo user.
 */
function shareAlbums(
  db: Db,
  demo: SeededUser,
  others: SeededUser[],
  albums: number[],
  now: number,
): void {
  const friend = others[0];
  if (!friend) return;
  const share = db.prepare("UPDATE jobs SET privacy_mode = 'shared' WHERE id = ?");
  if (albums[0] !== undefined) {
    share.run(albums[0]);
    addMember(db, albums[0], friend.userId, now);
  }
  const theirs = createJob(db, friend.userId, 'story', 'Shared with you', now);
  db.prepare(
    `INSERT INTO files (tag, job, path, ctime, mtime, capture_time, uploaded, size, width,
       height, duration, kind, screenshot, checksum, group_type, group_id, master, blob)
     SELECT (id * 40503 + 7) % 65536, ?, path, ctime, mtime, capture_time, uploaded, size,
       width, height, duration, kind, screenshot, checksum, group_type, group_id, master, blob
     FROM files WHERE job = ? ORDER BY id DESC LIMIT 24`,
  ).run(theirs, friend.timelineJob);
  share.run(theirs);
  addMember(db, theirs, demo.userId, now);
}
