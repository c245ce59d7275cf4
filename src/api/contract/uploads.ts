import { z } from 'zod';

/** SPEC §3 upload policies. */
export const UploadPolicySchema = z.enum(['allow_duplicates', 'no_duplicates', 'once_only']);
export type UploadPolicy = z.infer<typeof UploadPolicySchema>;

/**
 * How an upload ended: `done` (pictures and documents: thumbnails are ready), `processing`
 * (videos: poster and encoding follow, see encodingStatus), `exists` (no_duplicates / once_only
 * found the same content in the job: `id` is that file and nothing was stored).
 */
export const UploadStatusSchema = z.enum(['done', 'processing', 'exists']);
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/**
 * POST /jobs/{id}/upload (multipart: file, path, mtime, policy): 200 with this body. Failures:
 * 409 FileWasDeletedSchema (once_only), 413 when the quota or the 200 GiB limit would be exceeded
 * (error `out_of_storage` / `file_too_large`), 400 for bad fields.
 */
export const UploadResponseSchema = z.object({
  id: z.string().min(1),
  status: UploadStatusSchema,
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/**
 * 409 for once_only when the content was deleted before (SPEC §8 FileWasDeleted): `trashed`
 * (still in the trash: `id` is that file) or `deleted` (permanently deleted).
 */
export const FileWasDeletedSchema = z.object({
  error: z.literal('file_was_deleted'),
  message: z.string(),
  status: z.enum(['trashed', 'deleted']),
  id: z.string().optional(),
});

/** POST /jobs/{id}/files_dedup: the new (or, with `exists`, the existing) file; 404 = upload it. */
export const FilesDedupResponseSchema = z.object({
  uuid: z.string().min(1),
  status: UploadStatusSchema.optional(),
});
export type FilesDedupResponse = z.infer<typeof FilesDedupResponseSchema>;

/** The JSON body of every failed call: a stable code and a message for logs. */
export const ErrorBodySchema = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
});
