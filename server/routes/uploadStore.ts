// Storing a received upload (multipart or a finished resumable one) as a file: quota (max_space −
// used_space of the job's owner) checked again in the insert transaction, the upload policy,
// both thumbnails written before the answer (videos: processing, poster and thumbnails follow),
// then addFile, recordChange and notify. A rejected upload leaves no row and no file.
import { randomInt } from 'node:crypto';
import type { UploadPolicy, UploadResponse } from '../../src/api/contract/uploads';
import { classifyPath, isScreenshot } from '../../src/domain/classify';
import type { ServerContext } from '../context';
import { blobBySha1, insertBlob, type BlobRow, type NewBlob } from '../db/blobs';
import { addFile, fileByChecksum, GROUP, KIND } from '../db/files';
import { fileIdOf } from '../db/ids';
import { stmt } from '../db/open';
import { totals, userById, type JobRow } from '../db/users';
import { HttpError, outOfStorage } from '../errors';
import { analyseVideo } from '../media/analyse';
import type { Received } from '../media/blobs';
import type { ThumbArea } from '../media/thumbnails';

/** SPEC §9 max upload file size: 200 GiB (its one home is src/domain/constants.ts). */
export { MAX_UPLOAD_BYTES } from '../../src/domain/constants';

export interface FileFields {
  path: string;
  mtime: number;
  ctime?: number | null;
  policy: UploadPolicy;
  group?: { type: 'live' | 'burst'; id: string; master: boolean };
  /** A member adding to someone else's album (SPEC §3 addedBy); null: the job's owner. */
  addedBy?: number | null;
}

/** max_space − used_space of the job's owner (what an upload into the job may add). */
export function remainingSpace(ctx: ServerContext, ownerId: number): number {
  const owner = userById(ctx.db, ownerId);
  if (!owner) return 0;
  return Math.max(0, owner.max_space - totals(ctx.db, { owner: ownerId }).bytes);
}

/**
 * SPEC §3 policies against what the job already holds: `exists` answers (no_duplicates and
 * once_only) with the file that has this content; once_only refuses content deleted before
 * (409, SPEC §8 FileWasDeleted). Null: go ahead and store.
 */
export function duplicateAnswer(
  ctx: ServerContext,
  job: JobRow,
  sha1: string,
  policy: UploadPolicy,
): UploadResponse | null {
  if (policy === 'allow_duplicates') return null;
  const existing = fileByChecksum(ctx.db, job.id, sha1);
  if (existing && !existing.deleted) {
    return { id: fileIdOf(existing.id, existing.tag), status: 'exists' };
  }
  if (policy !== 'once_only') return null;
  if (existing) {
    throw new HttpError(409, 'file_was_deleted', 'This file was deleted before', {
      status: 'trashed',
      id: fileIdOf(existing.id, existing.tag),
    });
  }
  const purged = stmt<[number, string], { n: number }>(
    ctx.db,
    'SELECT 1 AS n FROM deleted_checksums WHERE job = ? AND checksum = ?',
  ).get(job.id, sha1);
  if (purged) {
    throw new HttpError(409, 'file_was_deleted', 'This file was deleted before', {
      status: 'deleted',
    });
  }
  return null;
}

/**
 * Adds a file with content `blob` to the job, in one transaction with the quota check (so two
 * concurrent uploads cannot both squeeze under the limit). Returns the answer and the new serial.
 */
function insertFile(
  ctx: ServerContext,
  job: JobRow,
  fields: FileFields,
  blob: NewBlob | BlobRow,
): { answer: UploadResponse; serial: number } {
  const kind = classifyPath(fields.path);
  const now = ctx.now();
  const captureTime = 'captureTime' in blob ? blob.captureTime : blob.capture_time;
  const encoding = blob.encoding;
  return ctx.db.transaction(() => {
    if (blob.size > remainingSpace(ctx, job.owner_id)) throw outOfStorage();
    if ('captureTime' in blob) insertBlob(ctx.db, blob, now);
    const { id, serial } = addFile(ctx.db, {
      job: job.id,
      tag: randomInt(65536),
      path: fields.path,
      ctime: fields.ctime ?? captureTime,
      mtime: fields.mtime,
      uploaded: now,
      size: blob.size,
      width: blob.width,
      height: blob.height,
      duration: blob.duration,
      kind: KIND[kind],
      screenshot: kind === 'picture' && isScreenshot(fields.path),
      checksum: blob.sha1,
      groupType: fields.group ? GROUP[fields.group.type] : GROUP.none,
      groupId: fields.group?.id ?? null,
      master: fields.group?.master ?? false,
      blob: blob.sha1,
      addedBy: fields.addedBy ?? null,
    });
    const status: UploadResponse['status'] = encoding === 'processing' ? 'processing' : 'done';
    return { answer: { id, status }, serial };
  })();
}

/**
 * Stores a received upload: duplicate policy, media analysis of new content (thumbnails, EXIF,
 * size; videos queue their poster), the file row, then the content moves into the blob store and
 * the thumbnails are written before the answer, so a 200 means thumbnails are ready. Any
 * rejection leaves no trace: the temp file is dropped and nothing was written.
 */
export async function storeReceived(
  ctx: ServerContext,
  job: JobRow,
  received: Received,
  fields: FileFields,
): Promise<UploadResponse> {
  let thumbs: Map<ThumbArea, Buffer> | null = null;
  let result: { answer: UploadResponse; serial: number };
  let isNewVideo = false;
  try {
    const duplicate = duplicateAnswer(ctx, job, received.sha1, fields.policy);
    if (duplicate) {
      await ctx.media.blobs.discard(received);
      return duplicate;
    }
    if (received.size > remainingSpace(ctx, job.owner_id)) throw outOfStorage();
    const kind = classifyPath(fields.path);
    let blob: NewBlob | BlobRow | undefined = blobBySha1(ctx.db, received.sha1);
    if (!blob || !(await ctx.media.blobs.has(received.sha1))) {
      const fresh: NewBlob = {
        sha1: received.sha1,
        size: received.size,
        width: 0,
        height: 0,
        duration: 0,
        captureTime: null,
        metadata: null,
        encoding: 'done',
      };
      if (kind === 'picture') {
        const picture = await ctx.media.analysePicture(received.temp);
        if (picture) {
          Object.assign(fresh, {
            width: picture.width,
            height: picture.height,
            captureTime: picture.captureTime,
            metadata: picture.metadata,
          });
          thumbs = picture.thumbs;
        }
      } else if (kind === 'movie') {
        Object.assign(fresh, await analyseVideo(received.temp), { encoding: 'processing' });
        isNewVideo = true;
      }
      blob = fresh;
    }
    result = insertFile(ctx, job, fields, blob);
  } catch (error) {
    await ctx.media.blobs.discard(received);
    throw error;
  }
  await ctx.media.blobs.commit(received);
  if (thumbs) {
    for (const [area, jpeg] of thumbs) await ctx.media.thumbnails.put(received.sha1, area, jpeg);
  }
  if (isNewVideo) {
    const row = blobBySha1(ctx.db, received.sha1);
    void ctx.media.processVideo({
      sha1: received.sha1,
      path: fields.path,
      width: row?.width ?? 0,
      height: row?.height ?? 0,
      duration: row?.duration ?? 0,
    });
  }
  ctx.events.notify(job.id, result.serial);
  return result.answer;
}

/**
 * files_dedup: content the caller already stored (in any of their jobs, trash included) becomes
 * a new file of this job without uploading it again. Only the caller's own content counts, so
 * the answer never reveals whether someone else holds a checksum. Null: not known, upload it.
 */
export function storeFromKnownBlob(
  ctx: ServerContext,
  job: JobRow,
  callerId: number,
  sha1: string,
  fields: FileFields,
): UploadResponse | null {
  const known = stmt<[number, string], { blob: string }>(
    ctx.db,
    `SELECT f.blob FROM files f WHERE f.job IN (SELECT id FROM jobs WHERE owner_id = ?)
       AND f.checksum = ? AND f.blob IS NOT NULL LIMIT 1`,
  ).get(callerId, sha1);
  const blob = known ? blobBySha1(ctx.db, known.blob) : undefined;
  if (!blob) return null;
  const duplicate = duplicateAnswer(ctx, job, sha1, fields.policy);
  if (duplicate) return duplicate;
  const { answer, serial } = insertFile(ctx, job, fields, blob);
  ctx.events.notify(job.id, serial);
  return answer;
}
