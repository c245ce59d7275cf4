import { randomInt } from 'node:crypto';
import { showsOnTimeline as showsOnTimelineRule } from '../../src/domain/timeline';
import { CHANGE_TYPE } from '../../src/api/contract/changes';
import type { FileInfo } from '../../src/api/contract/files';
import { recordChange } from './changes';
import { fileIdOf, parseFileId, utcDay } from './ids';
import { stmt, type Db } from './open';

export const KIND = { picture: 0, movie: 1, document: 2 } as const;
export const GROUP = { none: 0, live: 1, burst: 2 } as const;
const KIND_NAMES = ['picture', 'movie', 'document'] as const;
const GROUP_NAMES = [null, 'live', 'burst'] as const;

/** A files row as the listing reads it. */
export interface FileRow {
  id: number;
  tag: number;
  job: number;
  path: string;
  ctime: number | null;
  mtime: number;
  capture_time: number;
  /** Upload time, unix seconds (seeded files: within three days after capture). */
  uploaded: number;
  size: number;
  width: number;
  height: number;
  duration: number;
  kind: number;
  screenshot: number;
  checksum: string | null;
  group_type: number;
  group_id: string | null;
  master: number;
  blob: string | null;
  /** The user who added it when not the job's owner; null: the owner. */
  added_by: number | null;
}

export const COLUMNS =
  'id, tag, job, path, ctime, mtime, capture_time, uploaded, size, width, height, duration, ' +
  'kind, screenshot, checksum, group_type, group_id, master, blob, added_by';
const F_COLUMNS = COLUMNS.replace(/(\w+)/g, 'f.$1');

/** The compact wire form (FileSchema): optional fields are left out rather than sent empty. */
export function toFileJson(row: FileRow): FileInfo {
  const json: FileInfo = {
    id: fileIdOf(row.id, row.tag),
    path: row.path,
    ctime: row.ctime,
    mtime: row.mtime,
    uploaded: row.uploaded,
    size: row.size,
    width: row.width,
    height: row.height,
    duration: row.duration,
    type: KIND_NAMES[row.kind] ?? 'document',
  };
  if (row.screenshot) json.screenshot = true;
  if (row.checksum) json.checksum = row.checksum;
  const groupType = GROUP_NAMES[row.group_type];
  if (groupType && row.group_id) {
    json.group = { type: groupType, id: row.group_id, master: row.master === 1 };
  }
  return json;
}

export interface FileQuery {
  job: number;
  start: number;
  end: number;
  uploadedSince: number | null;
}

/**
 * Timeline order: capture time desc, then path asc; served by files_job_time. Documents are not
 * timeline files (SPEC §5): they are listed by `listDocuments` only, as the section counts leave
 * them out too.
 */
export function listFiles(db: Db, query: FileQuery): FileRow[] {
  const statement = stmt<[number, number, number, number], FileRow>(
    db,
    `SELECT ${COLUMNS} FROM files
     WHERE job = ? AND deleted = 0 AND capture_time >= ? AND capture_time < ? AND uploaded >= ?
       AND kind != ${KIND.document}
     ORDER BY capture_time DESC, path ASC`,
  );
  return statement.all(query.job, query.start, query.end, query.uploadedSince ?? -1e15);
}

/** Like listFiles, by upload time (an album sorted by when files were added), newest first. */
export function listFilesByUpload(db: Db, query: FileQuery): FileRow[] {
  return stmt<[number, number, number], FileRow>(
    db,
    `SELECT ${COLUMNS} FROM files
     WHERE job = ? AND deleted = 0 AND uploaded >= ? AND uploaded < ? AND kind != ${KIND.document}
     ORDER BY uploaded DESC, path ASC`,
  ).all(query.job, query.start, query.end);
}

export interface DocumentRow {
  id: number;
  tag: number;
  path: string;
  uploaded: number;
  size: number;
}

/**
 * A job's live documents, newest upload first; served by files_job_documents. Folder paths (SPEC
 * §5: hidden) are left out, though uploads never store one.
 */
export function listDocuments(db: Db, job: number, offset: number, limit: number): DocumentRow[] {
  return stmt<[number, number, number], DocumentRow>(
    db,
    `SELECT id, tag, path, uploaded, size FROM files
     WHERE job = ? AND deleted = 0 AND kind = ${KIND.document} AND path NOT LIKE '%/'
     ORDER BY uploaded DESC, id DESC LIMIT ? OFFSET ?`,
  ).all(job, limit, offset);
}

/** A non-deleted file by public id, with its job's owner, or null (unknown, forged or trashed). */
export function findFile(db: Db, publicId: string): (FileRow & { owner_id: number }) | null {
  const parsed = parseFileId(publicId);
  if (!parsed) return null;
  const row = stmt<[number], FileRow & { owner_id: number }>(
    db,
    `SELECT ${F_COLUMNS}, j.owner_id
       FROM files f JOIN jobs j ON j.id = f.job WHERE f.id = ? AND f.deleted = 0`,
  ).get(parsed.rowId);
  return row && row.tag === parsed.tag ? row : null;
}

export interface NewFile {
  job: number;
  tag: number;
  path: string;
  ctime: number | null;
  mtime: number;
  uploaded: number;
  size: number;
  width: number;
  height: number;
  duration: number;
  kind: number;
  screenshot: boolean;
  checksum: string | null;
  groupType: number;
  groupId: string | null;
  master: boolean;
  blob: string | null;
  /** Who uploaded or copied it in when that is not the job's owner (SPEC §3 addedBy). */
  addedBy?: number | null;
}

export const INSERT_FILE_SQL = `INSERT INTO files (tag, job, path, ctime, mtime, capture_time,
  uploaded, size, width, height, duration, kind, screenshot, checksum, group_type, group_id, master,
  blob, added_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export function insertParams(f: NewFile): unknown[] {
  return [
    f.tag,
    f.job,
    f.path,
    f.ctime,
    f.mtime,
    f.ctime ?? f.mtime,
    f.uploaded,
    f.size,
    f.width,
    f.height,
    f.duration,
    f.kind,
    f.screenshot ? 1 : 0,
    f.checksum,
    f.groupType,
    f.groupId,
    f.master ? 1 : 0,
    f.blob,
    f.addedBy ?? null,
  ];
}

/**
 * Adds one file and keeps day_counts, the job's serial and its change log in step (the upload
 * path). Returns the public id and the new serial. Bulk seeding does not come through here: it
 * rebuilds day_counts in one statement.
 */
export function addFile(db: Db, file: NewFile): { id: string; serial: number } {
  const run = db.transaction(() => {
    const info = stmt(db, INSERT_FILE_SQL).run(...insertParams(file));
    adjustDayCounts(db, file, 1);
    const id = fileIdOf(Number(info.lastInsertRowid), file.tag);
    const serial = recordChange(db, file.job, CHANGE_TYPE.fileAdded, id, file.uploaded);
    return { id, serial };
  });
  return run();
}

/**
 * Moves a file to the trash (SPEC §4: kept 90 days, restorable): marks it deleted, takes it out
 * of day_counts (so timeline, totals and used space drop) and logs change type 1. Returns the new
 * serial, or null when the file was already trashed.
 */
export function trashFile(db: Db, file: FileRow, now: number): number | null {
  const run = db.transaction(() => {
    const changed = stmt(
      db,
      'UPDATE files SET deleted = 1, dtime = ? WHERE id = ? AND deleted = 0',
    ).run(now, file.id).changes;
    if (changed === 0) return null;
    adjustDayCounts(db, dayCountFileOf(file), -1);
    return recordChange(db, file.job, CHANGE_TYPE.fileRemoved, fileIdOf(file.id, file.tag), now);
  });
  return run();
}

/**
 * Takes a trashed file back out of the trash (restore / undo of a delete): clears the deleted
 * mark, puts it back into day_counts (so timeline, totals and used space rise again) and logs
 * change type 0. Returns the new serial, or null when the file was not in the trash.
 */
export function restoreFile(db: Db, file: FileRow, now: number): number | null {
  const run = db.transaction(() => {
    const changed = stmt(
      db,
      'UPDATE files SET deleted = 0, dtime = NULL WHERE id = ? AND deleted = 1',
    ).run(file.id).changes;
    if (changed === 0) return null;
    adjustDayCounts(db, dayCountFileOf(file), 1);
    return recordChange(db, file.job, CHANGE_TYPE.fileAdded, fileIdOf(file.id, file.tag), now);
  });
  return run();
}

/** A file of `job` by public id, trashed or not, or null. */
export function findFileInJob(
  db: Db,
  job: number,
  publicId: string,
): (FileRow & { deleted: number; dtime: number | null }) | null {
  const parsed = parseFileId(publicId);
  if (!parsed) return null;
  const row = stmt<[number, number], FileRow & { deleted: number; dtime: number | null }>(
    db,
    `SELECT ${COLUMNS}, deleted, dtime FROM files WHERE id = ? AND job = ?`,
  ).get(parsed.rowId, job);
  return row && row.tag === parsed.tag ? row : null;
}

/** The newest file of `job` with this checksum, preferring one not in the trash. */
export function fileByChecksum(
  db: Db,
  job: number,
  checksum: string,
): { id: number; tag: number; deleted: number } | null {
  return (
    stmt<[number, string], { id: number; tag: number; deleted: number }>(
      db,
      `SELECT id, tag, deleted FROM files WHERE job = ? AND checksum = ?
       ORDER BY deleted ASC, id DESC LIMIT 1`,
    ).get(job, checksum) ?? null
  );
}

/** Whether a stored file gets a timeline tile: the one rule of src/domain/timeline.ts. */
export function showsOnTimeline(
  file: Pick<NewFile, 'kind' | 'groupType' | 'groupId' | 'master'>,
): boolean {
  return showsOnTimelineRule({
    kind: KIND_NAMES[file.kind],
    grouped: file.groupType !== GROUP.none && Boolean(file.groupId),
    master: file.master,
  });
}

/**
 * showsOnTimeline in SQL for a movie row (pictures always show, documents never; keep the two in
 * step — server/db/files.test.ts checks them against each other): the video is ungrouped or its
 * group's master. dayCounts.ts rebuilds the table with it.
 */
export const MOVIE_SHOWS_SQL = `(group_type = ${GROUP.none} OR master = 1 OR group_id IS NULL)`;

/** What day_counts needs of a file. */
export type DayCountFile = Pick<
  NewFile,
  'job' | 'ctime' | 'mtime' | 'kind' | 'screenshot' | 'size' | 'groupType' | 'groupId' | 'master'
>;

/** A files row in the shape adjustDayCounts takes. */
export function dayCountFileOf(row: FileRow): DayCountFile {
  return {
    job: row.job,
    ctime: row.ctime,
    mtime: row.mtime,
    kind: row.kind,
    screenshot: row.screenshot === 1,
    size: row.size,
    groupType: row.group_type,
    groupId: row.group_id,
    master: row.master === 1,
  };
}

/**
 * +1 on add or restore, -1 when a file leaves (trash, delete). pictures/videos/screenshots count
 * only files the timeline shows (showsOnTimeline), documents the documents, and bytes every file
 * (hidden group members take storage too).
 */
export function adjustDayCounts(db: Db, file: DayCountFile, sign: 1 | -1): void {
  const shown = showsOnTimeline(file) ? sign : 0;
  const isPicture = file.kind === KIND.picture;
  stmt(
    db,
    `INSERT INTO day_counts (job, day, pictures, videos, screenshots, documents, bytes)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (job, day) DO UPDATE SET pictures = pictures + excluded.pictures,
       videos = videos + excluded.videos, screenshots = screenshots + excluded.screenshots,
       documents = documents + excluded.documents, bytes = bytes + excluded.bytes`,
  ).run(
    file.job,
    utcDay(file.ctime ?? file.mtime),
    isPicture && !file.screenshot ? shown : 0,
    file.kind === KIND.movie ? shown : 0,
    isPicture && file.screenshot ? shown : 0,
    file.kind === KIND.document ? sign : 0,
    sign * file.size,
  );
}

/**
 * Copies live files into another job (an album, or a user's timeline): same content and
 * metadata, new ids, uploaded now, `addedBy` as given. A file whose content (checksum, else path,
 * capture time and size) is already live in the target is not copied twice. Returns the pairs
 * copied and the last serial (0 when nothing was copied). The caller checks the quota.
 */
export function copyFiles(
  db: Db,
  rows: readonly FileRow[],
  target: number,
  addedBy: number | null,
  now: number,
): { pairs: { source: string; id: string }[]; serial: number } {
  const already = stmt<[number, string | null, string, number, number], { n: number }>(
    db,
    `SELECT 1 AS n FROM files WHERE job = ? AND deleted = 0 AND
       ((checksum IS NOT NULL AND checksum = ?) OR (path = ? AND capture_time = ? AND size = ?))
     LIMIT 1`,
  );
  return db.transaction(() => {
    const pairs: { source: string; id: string }[] = [];
    let serial = 0;
    for (const row of rows) {
      if (already.get(target, row.checksum, row.path, row.capture_time, row.size)) continue;
      const added = addFile(db, {
        job: target,
        tag: randomInt(65536),
        path: row.path,
        ctime: row.ctime,
        mtime: row.mtime,
        uploaded: now,
        size: row.size,
        width: row.width,
        height: row.height,
        duration: row.duration,
        kind: row.kind,
        screenshot: row.screenshot === 1,
        checksum: row.checksum,
        groupType: row.group_type,
        groupId: row.group_id,
        master: row.master === 1,
        blob: row.blob,
        addedBy,
      });
      pairs.push({ source: fileIdOf(row.id, row.tag), id: added.id });
      serial = added.serial;
    }
    return { pairs, serial };
  })();
}

/** Every live file of a job, oldest capture first (an album's "keep all files"). */
export function liveFilesOf(db: Db, job: number): FileRow[] {
  return stmt<[number], FileRow>(
    db,
    `SELECT ${COLUMNS} FROM files WHERE job = ? AND deleted = 0 ORDER BY capture_time, id`,
  ).all(job);
}
