import { randomUUID } from 'node:crypto';
import { DEFAULT_STORAGE_BYTES } from '../../src/domain/constants';
import { stmt, type Db } from './open';

export interface UserRow {
  id: number;
  uuid: string;
  email: string;
  name: string | null;
  password_hash: string;
  max_space: number;
  disabled: number;
  read_only: number;
  /** Key of the stored profile picture (served at /profile_picture/{key}), or null. */
  profile_picture: string | null;
  /** Privacy (db/privacy.ts): consents as JSON, request times, the digital-legacy choice. */
  consents: string | null;
  data_request_at: number | null;
  deletion_requested_at: number | null;
  legacy_choice: string | null;
  legacy_contact: string | null;
  email_consent_id: string | null;
  tos_pending: string | null;
  tos_approved: string | null;
  sunset_delete_date: number | null;
  /** 1 while the service shuts this account's free service down (SPEC §3 isBeingShutDown). */
  being_shut_down: number;
  /** 1 once the user had the free trial of a storage plan (SPEC §9; payments/routes.ts). */
  trial_used: number;
}

export interface JobRow {
  id: number;
  uuid: string;
  owner_id: number;
  type: 'timeline' | 'story' | 'share';
  title: string | null;
  ctime: number;
  mtime: number;
  last_update: number;
  last_serial: number;
  permissions: number;
  privacy_mode: 'shared' | 'protected' | 'private' | 'public';
  sort_order: 'ADDED' | 'OLDEST_TAKEN' | 'NEWEST_TAKEN';
  cover_file: number | null;
  /** 1 while the album is in the trash (SPEC §4: kept 90 days). */
  deleted: number;
  dtime: number | null;
  /** SPEC §5 album password as the client sent it (transformed); never answered or logged. */
  password: string | null;
  /** A share (type 'share') of an album: that album's row id (SPEC §3 Share isAlbum). */
  share_album: number | null;
}

export interface NewUser {
  email: string;
  name: string | null;
  passwordHash: string;
  maxSpace?: number;
  now: number;
}

/** A user and their timeline job (every account has exactly one). */
export function createUser(db: Db, user: NewUser): { userId: number; timelineJob: number } {
  return db.transaction(() => {
    const info = stmt(
      db,
      `INSERT INTO users (uuid, email, name, password_hash, max_space, created)
         VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      user.email.toLowerCase(),
      user.name,
      user.passwordHash,
      user.maxSpace ?? DEFAULT_STORAGE_BYTES,
      user.now,
    );
    const userId = Number(info.lastInsertRowid);
    insertFreeGrant(db, userId, user.maxSpace ?? DEFAULT_STORAGE_BYTES);
    const timelineJob = createJob(db, userId, 'timeline', null, user.now);
    return { userId, timelineJob };
  })();
}

/** The storage every account starts with (SPEC §3 grant source "capture", size in GB). */
export function insertFreeGrant(db: Db, userId: number, maxSpace: number): void {
  stmt(db, `INSERT INTO grants (user_id, source, size_gb) VALUES (?, 'capture', ?)`).run(
    userId,
    maxSpace / 1024 ** 3,
  );
}

export function createJob(
  db: Db,
  ownerId: number,
  type: JobRow['type'],
  title: string | null,
  now: number,
): number {
  const info = stmt(
    db,
    `INSERT INTO jobs (uuid, owner_id, type, title, ctime, mtime, last_update)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(randomUUID(), ownerId, type, title, now, now, now);
  return Number(info.lastInsertRowid);
}

export function userByEmail(db: Db, email: string): UserRow | undefined {
  return stmt<[string], UserRow>(db, 'SELECT * FROM users WHERE email = ?').get(
    email.trim().toLowerCase(),
  );
}

export function userById(db: Db, id: number): UserRow | undefined {
  return stmt<[number], UserRow>(db, 'SELECT * FROM users WHERE id = ?').get(id);
}

export function timelineJobOf(db: Db, userId: number): JobRow | undefined {
  return stmt<[number], JobRow>(
    db,
    `SELECT * FROM jobs WHERE owner_id = ? AND type = 'timeline' ORDER BY id LIMIT 1`,
  ).get(userId);
}

/** A live job (not an album in the trash) by its public id. */
export function jobByUuid(db: Db, uuid: string): JobRow | undefined {
  return stmt<[string], JobRow>(db, 'SELECT * FROM jobs WHERE uuid = ? AND deleted = 0').get(uuid);
}

export interface Totals {
  pictures: number;
  videos: number;
  screenshots: number;
  documents: number;
  bytes: number;
}

/**
 * Sums of day_counts over one job, or over every job a user owns that is not in the trash (an
 * album in the trash takes no space until it is restored).
 */
export function totals(db: Db, by: { job: number } | { owner: number }): Totals {
  const where =
    'job' in by
      ? 'job = ?'
      : // A share's copies are a view of files the owner already stores: never counted twice.
        "job IN (SELECT id FROM jobs WHERE owner_id = ? AND deleted = 0 AND type != 'share')";
  const row = stmt<[number], Totals>(
    db,
    `SELECT COALESCE(SUM(pictures), 0) AS pictures, COALESCE(SUM(videos), 0) AS videos,
         COALESCE(SUM(screenshots), 0) AS screenshots, COALESCE(SUM(documents), 0) AS documents,
         COALESCE(SUM(bytes), 0) AS bytes
       FROM day_counts WHERE ${where}`,
  ).get('job' in by ? by.job : by.owner);
  return row ?? { pictures: 0, videos: 0, screenshots: 0, documents: 0, bytes: 0 };
}
