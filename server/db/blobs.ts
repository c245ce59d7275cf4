import type { ExifFields } from '../media/exif';
import { stmt, type Db } from './open';

/** SPEC §3 file server statuses a video goes through after upload. */
export type EncodingStatus = 'processing' | 'done' | 'failed';

export interface BlobRow {
  sha1: string;
  size: number;
  width: number;
  height: number;
  duration: number;
  capture_time: number | null;
  metadata: string | null;
  encoding: EncodingStatus;
}

export function blobBySha1(db: Db, sha1: string): BlobRow | undefined {
  return stmt<[string], BlobRow>(
    db,
    `SELECT sha1, size, width, height, duration, capture_time, metadata, encoding
     FROM blobs WHERE sha1 = ?`,
  ).get(sha1);
}

export interface NewBlob {
  sha1: string;
  size: number;
  width: number;
  height: number;
  duration: number;
  captureTime: number | null;
  metadata: ExifFields | null;
  encoding: EncodingStatus;
}

/** Records processed content; a second upload of the same content keeps the first record. */
export function insertBlob(db: Db, blob: NewBlob, now: number): void {
  stmt(
    db,
    `INSERT OR IGNORE INTO blobs (sha1, size, width, height, duration, capture_time, metadata,
       encoding, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    blob.sha1,
    blob.size,
    blob.width,
    blob.height,
    blob.duration,
    blob.captureTime,
    blob.metadata ? JSON.stringify(blob.metadata) : null,
    blob.encoding,
    now,
  );
}

export function setEncoding(db: Db, sha1: string, status: EncodingStatus): void {
  stmt(db, 'UPDATE blobs SET encoding = ? WHERE sha1 = ?').run(status, sha1);
}

export function metadataOf(blob: BlobRow | undefined): ExifFields {
  if (!blob?.metadata) return {};
  try {
    return JSON.parse(blob.metadata) as ExifFields;
  } catch {
    return {};
  }
}
