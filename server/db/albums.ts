import { randomUUID } from 'node:crypto';
import { CHANGE_TYPE } from '../../src/api/contract/changes';
import { recordChange } from './changes';
import { fileIdOf } from './ids';
import { stmt, type Db } from './open';
import type { JobRow } from './users';

export function isMember(db: Db, job: number, userId: number): boolean {
  return (
    stmt<[number, number], { n: number }>(
      db,
      'SELECT 1 AS n FROM job_members WHERE job = ? AND user_id = ?',
    ).get(job, userId) !== undefined
  );
}

/** Adds a member; false when they were one already. */
export function addMember(db: Db, job: number, userId: number, now: number): boolean {
  return (
    stmt(db, 'INSERT OR IGNORE INTO job_members (job, user_id, joined) VALUES (?, ?, ?)').run(
      job,
      userId,
      now,
    ).changes > 0
  );
}

/** SPEC §3 account info `number_of_subscribed_albums`: albums of others the user joined, live. */
export function subscribedAlbumCount(db: Db, userId: number): number {
  return (
    stmt<[number], { n: number }>(
      db,
      `SELECT COUNT(*) AS n FROM job_members m JOIN jobs j ON j.id = m.job
       WHERE m.user_id = ? AND j.deleted = 0 AND j.owner_id != m.user_id`,
    ).get(userId)?.n ?? 0
  );
}

export interface ListedJob extends JobRow {
  owner_uuid: string;
  owner_name: string | null;
  owner_email: string;
  owner_picture: string | null;
}

/** The user's jobs and the jobs shared with them, most recently updated first. */
export function jobsVisibleTo(db: Db, userId: number, storiesOnly: boolean): ListedJob[] {
  return stmt<[number, number], ListedJob>(
    db,
    `SELECT j.*, u.uuid AS owner_uuid, u.name AS owner_name, u.email AS owner_email,
       u.profile_picture AS owner_picture
     FROM jobs j JOIN users u ON u.id = j.owner_id
     WHERE (j.owner_id = ? OR j.id IN (SELECT job FROM job_members WHERE user_id = ?))
       AND j.deleted = 0
       ${storiesOnly ? "AND j.type = 'story'" : "AND j.type != 'share'"}
     ORDER BY j.last_update DESC, j.id DESC LIMIT 10000`,
  ).all(userId, userId);
}

/** The chosen cover if it is still a live file of the job, else the newest file, else null. */
export function coverOf(db: Db, job: JobRow): string | null {
  if (job.cover_file !== null) {
    const chosen = stmt<[number, number], { id: number; tag: number }>(
      db,
      'SELECT id, tag FROM files WHERE id = ? AND job = ? AND deleted = 0',
    ).get(job.cover_file, job.id);
    if (chosen) return fileIdOf(chosen.id, chosen.tag);
  }
  const newest = stmt<[number], { id: number; tag: number }>(
    db,
    `SELECT id, tag FROM files WHERE job = ? AND deleted = 0
     ORDER BY capture_time DESC LIMIT 1`,
  ).get(job.id);
  return newest ? fileIdOf(newest.id, newest.tag) : null;
}

export interface NewAlbum {
  ownerId: number;
  title: string | null;
  /** SPEC §6 bit mask: 1 comments, 2 uploads. */
  permissions: number;
  privacyMode: JobRow['privacy_mode'];
  /** As the client sent it (already transformed, SPEC §5), or null. */
  password: string | null;
  now: number;
}

/** A new album (type story) of its owner; answers the stored row. */
export function createAlbum(db: Db, album: NewAlbum): JobRow {
  const info = stmt(
    db,
    `INSERT INTO jobs (uuid, owner_id, type, title, ctime, mtime, last_update, permissions,
       privacy_mode, password)
     VALUES (?, ?, 'story', ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    randomUUID(),
    album.ownerId,
    album.title,
    album.now,
    album.now,
    album.now,
    album.permissions,
    album.privacyMode,
    album.password,
  );
  const row = stmt<[number], JobRow>(db, 'SELECT * FROM jobs WHERE id = ?').get(
    Number(info.lastInsertRowid),
  );
  if (!row) throw new Error('album row missing after insert');
  return row;
}

export interface MemberRow {
  id: number;
  uuid: string;
  name: string | null;
  profile_picture: string | null;
}

/** The users who joined the album (job_members), in the order they joined. */
export function membersOf(db: Db, job: number): MemberRow[] {
  return stmt<[number], MemberRow>(
    db,
    `SELECT u.id, u.uuid, u.name, u.profile_picture FROM job_members m
       JOIN users u ON u.id = m.user_id WHERE m.job = ? ORDER BY m.joined, u.id`,
  ).all(job);
}

export function removeMember(db: Db, job: number, userId: number): boolean {
  return (
    stmt(db, 'DELETE FROM job_members WHERE job = ? AND user_id = ?').run(job, userId).changes > 0
  );
}

/** An edit of the album: its activity time moves (SPEC §3 last_update; the list's RECENT_ACTIVITY). */
export function touchJob(db: Db, job: number, now: number): void {
  stmt(db, 'UPDATE jobs SET mtime = ?, last_update = ? WHERE id = ?').run(now, now, job);
}

const ALBUM_FIELDS = {
  title: 'title',
  privacy_mode: 'privacy_mode',
  permissions: 'permissions',
  sort_order: 'sort_order',
  cover_file: 'cover_file',
  // SPEC §5 album password, as the client transformed it; never answered or logged.
  password: 'password',
} as const;

/**
 * What an album event (SPEC §3 change type 11) is about: its id in the change log. The SPEC
 * names the type only; ours are the album field changed, or `members` for a join or a leave.
 */
export type AlbumEvent = keyof typeof ALBUM_FIELDS | 'members';

/**
 * Logs an album event (change type 11): the serial and activity time move, so a page following
 * the album reads it again. Call inside the transaction of the change; returns the new serial
 * (for `ctx.events.notify` after commit).
 */
export function recordAlbumEvent(db: Db, job: number, event: AlbumEvent, now: number): number {
  return recordChange(db, job, CHANGE_TYPE.event, event, now);
}

/**
 * Sets one of the album's own fields with its event (change type 11), which moves its activity
 * time; returns the serial to notify.
 */
export function setAlbumField(
  db: Db,
  job: number,
  field: keyof typeof ALBUM_FIELDS,
  value: string | number | null,
  now: number,
): number {
  return db.transaction(() => {
    stmt(db, `UPDATE jobs SET ${ALBUM_FIELDS[field]} = ? WHERE id = ?`).run(value, job);
    return recordAlbumEvent(db, job, field, now);
  })();
}

/** SPEC §4: a deleted album goes to the trash (90 days); its files go with it, untouched. */
export function trashAlbum(db: Db, job: number, now: number): void {
  stmt(db, 'UPDATE jobs SET deleted = 1, dtime = ? WHERE id = ? AND deleted = 0').run(now, job);
}

/** Live files of a job (an album's are few next to a timeline's). */
export function liveFileCount(db: Db, job: number): number {
  return (
    stmt<[number], { n: number }>(
      db,
      'SELECT COUNT(*) AS n FROM files WHERE job = ? AND deleted = 0',
    ).get(job)?.n ?? 0
  );
}

/** How many users added files to the album (SPEC §3 contributors): the owner counts as one. */
export function contributorCount(db: Db, job: number): number {
  return (
    stmt<[number], { n: number }>(
      db,
      `SELECT COUNT(DISTINCT COALESCE(added_by, 0)) AS n FROM files WHERE job = ? AND deleted = 0`,
    ).get(job)?.n ?? 0
  );
}
