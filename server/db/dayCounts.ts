import { KIND, MOVIE_SHOWS_SQL } from './files';
import { getMeta, setMeta, type Db } from './open';

// The per-day counters of each job (day_counts), rebuilt whole. files.ts keeps them in step row
// by row (adjustDayCounts, on every add, trash, restore and delete).

/**
 * What day_counts holds: bump when the rule of files.ts's adjustDayCounts (or the table's
 * meaning) changes, and an existing DATA_DIR is rebuilt once when opened (ensureDayCounts).
 * 2: hidden group members (non-master videos of live/burst groups) no longer counted as videos.
 */
export const DAY_COUNTS_VERSION = '2';
const DAY_COUNTS_META = 'day_counts_version';

/**
 * Recomputes day_counts from files in one pass (after a bulk insert, or when an older DATA_DIR
 * is opened) and records DAY_COUNTS_VERSION; one transaction, so a crash leaves the old counts.
 * With `jobsFromId`, only the jobs whose row id is at least that (jobs just made in bulk, such as
 * a bench's albums): the rest of the table is left as it is.
 */
export function rebuildDayCounts(db: Db, jobsFromId?: number): void {
  const only = jobsFromId === undefined ? '' : `job >= ${Math.trunc(jobsFromId)}`;
  db.transaction(() => {
    db.exec(`
      DELETE FROM day_counts ${only ? `WHERE ${only}` : ''};
      INSERT INTO day_counts (job, day, pictures, videos, screenshots, documents, bytes)
      SELECT job, CAST(strftime('%Y%m%d', capture_time, 'unixepoch') AS INTEGER) AS day,
        SUM(kind = ${KIND.picture} AND screenshot = 0),
        SUM(kind = ${KIND.movie} AND ${MOVIE_SHOWS_SQL}),
        SUM(kind = ${KIND.picture} AND screenshot = 1),
        SUM(kind = ${KIND.document}), SUM(size)
      FROM files WHERE deleted = 0 ${only ? `AND ${only}` : ''} GROUP BY job, day;
    `);
    if (!only) setMeta(db, DAY_COUNTS_META, DAY_COUNTS_VERSION);
  })();
}

/**
 * Brings an existing DATA_DIR's day_counts up to DAY_COUNTS_VERSION (one full pass over files,
 * once). Returns whether it rebuilt.
 */
export function ensureDayCounts(db: Db): boolean {
  if (getMeta(db, DAY_COUNTS_META) === DAY_COUNTS_VERSION) return false;
  rebuildDayCounts(db);
  return true;
}
