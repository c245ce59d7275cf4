// Files of the seeded demo library picked from its SQLite database (opened read-only), for specs
// that need a file of a known kind or size without waiting for the grid to list one: the engine
// loads only the sections around the viewport, which at 360 px may hold no video.
import Database from 'better-sqlite3';
import { fileIdOf } from '../../../server/db/ids';
import { e2eDatabasePath } from '../harness/paths';
import { DEMO } from './login';

/** What a picked file must be. */
export type DemoFileKind =
  /** A JPEG photo larger than the 1280 rendition, on its own (no live or burst group). */
  | 'jpeg-over-1280'
  /** A photo on its own. */
  | 'picture'
  /** A video on its own. */
  | 'video';

const WHERE: Record<DemoFileKind, string> = {
  'jpeg-over-1280': `kind = 0 AND (lower(path) LIKE '%.jpg' OR lower(path) LIKE '%.jpeg')
    AND width * height > 1280 * 1280`,
  picture: 'kind = 0',
  video: 'kind = 1 AND duration > 0',
};

/**
 * The public id of the newest file of that kind in the demo user's timeline (not deleted, not
 * in a group), as the timeline lists it. Throws when the library has none.
 */
export function demoTimelineFile(kind: DemoFileKind): string {
  const db = new Database(e2eDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT f.id, f.tag FROM files f
         JOIN jobs j ON j.id = f.job AND j.type = 'timeline'
         JOIN users u ON u.id = j.owner_id AND u.email = ?
         WHERE f.deleted = 0 AND f.group_type = 0 AND ${WHERE[kind]}
         ORDER BY f.capture_time DESC LIMIT 1`,
      )
      .get(DEMO.email) as { id: number; tag: number } | undefined;
    if (!row) throw new Error(`the demo library has no ${kind} file`);
    return fileIdOf(row.id, row.tag);
  } finally {
    db.close();
  }
}
