import { z } from 'zod';
import { lazySchema } from './lazySchema';

/** SPEC §3 upload policies. */
export const UploadPolicySchema = lazySchema(() =>
  z.enum(['allow_duplicates', 'no_duplicates', 'once_only']),
);
export type UploadPolicy = z.infer<typeof UploadPolicySchema>;

/**
 * SPEC §3 file server statuses, in the order a file goes through them. Our server answers
 * `processing`, `done` and `failed`; a service may answer any of them.
 */
export const FileServerStatusSchema = lazySchema(() =>
  z.enum([
    'uploading',
    'resumable',
    'ready_for_processing',
    'processing',
    'ready_for_transcoding',
    'failed',
    'done',
  ]),
);
export type FileServerStatus = z.infer<typeof FileServerStatusSchema>;

/**
 * SPEC §3 file existence: the content is in the job (`exists`), or was, and is `trashed` or
 * permanently `deleted` (SPEC §8: either gives FileWasDeleted).
 */
export const FileExistenceSchema = lazySchema(() => z.enum(['exists', 'deleted', 'trashed']));
export type FileExistence = z.infer<typeof FileExistenceSchema>;

/**
 * How an upload (or a dedup) ended: a file server status — ours are `done` (pictures and
 * documents: thumbnails are ready) and `processing` (videos: poster and encoding follow, see
 * encodingStatus) — or an existence value: `exists` (no_duplicates / once_only found the same
 * content in the job: `id` is that file and nothing was stored), `trashed` or `deleted`.
 */
export const UploadStatusSchema = lazySchema(() =>
  z.union([FileServerStatusSchema, FileExistenceSchema]),
);
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/**
 * POST /jobs/{id}/upload (multipart: file, path, mtime, policy): 200 with this body. Failures:
 * 409 FileWasDeletedSchema (once_only), 413 when the quota or the 200 GiB limit would be exceeded
 * (error `out_of_storage` / `file_too_large`), 400 for bad fields.
 *
 * Ours (issue 32, only where account_info offers `resumable_uploads`): instead of the file part,
 * the field `resumable_upload` names a finished tus upload of the caller's (its URL) and
 * `checksum` its SHA-1; the upload then becomes the file exactly as a multipart one would, and
 * is gone. Its own failures: RESUMABLE_ERRORS.
 */
export const UploadResponseSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    status: UploadStatusSchema,
  }),
);
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/**
 * 409 for once_only when the content was deleted before (SPEC §8 FileWasDeleted): `trashed`
 * (still in the trash: `id` is that file) or `deleted` (permanently deleted).
 */
export const FileWasDeletedSchema = lazySchema(() =>
  z.object({
    error: z.literal('file_was_deleted'),
    message: z.string(),
    status: z.enum(['trashed', 'deleted']),
    id: z.string().optional(),
  }),
);

/** POST /jobs/{id}/files_dedup: the new (or, with `exists`, the existing) file; 404 = upload it. */
export const FilesDedupResponseSchema = lazySchema(() =>
  z.object({
    uuid: z.string().min(1),
    status: UploadStatusSchema.optional(),
  }),
);
export type FilesDedupResponse = z.infer<typeof FilesDedupResponseSchema>;

/** The JSON body of every failed call: a stable code and a message for logs. */
export const ErrorBodySchema = lazySchema(() =>
  z.looseObject({
    error: z.string(),
    message: z.string().optional(),
  }),
);

/**
 * Issue 32: the codes of a resumable upload's failures. The finish (POST /jobs/{id}/upload with
 * `resumable_upload`): `notFound` (404: no such upload of the caller's into this job, or it
 * expired: start again), `incomplete` (409: bytes are missing: resume), `busy` (409: the same
 * upload is being finished by another request: try later), `checksumMismatch` (409: the bytes
 * are not the file the client hashed, the upload is dropped: start again from the file).
 * The tus calls answer these too: `notFound` for an upload that is not the caller's (or none),
 * `offsetMismatch` (409), `lengthExceeded` (413: more bytes than declared), `lengthRequired`
 * (400: Upload-Defer-Length is refused, the length is checked up front).
 */
export const RESUMABLE_ERRORS = {
  notFound: 'upload_not_found',
  incomplete: 'upload_incomplete',
  busy: 'upload_busy',
  checksumMismatch: 'checksum_mismatch',
  offsetMismatch: 'offset_mismatch',
  lengthExceeded: 'upload_length_exceeded',
  lengthRequired: 'upload_length_required',
} as const;

/** Issue 32: the Upload-Metadata keys a resumable upload is created with. */
export const RESUMABLE_METADATA = {
  /** The job (SPEC §3) the file is for: checked for access and quota at creation. */
  job: 'job',
  /** The file's name (informational; the finish names the path). */
  name: 'filename',
} as const;
