import { z } from 'zod';

/**
 * Archive downloads (SPEC §7): a browser form post (not fetch, so the browser streams the zip to
 * disk) to `/st/4/jobs/{id}/files_as_archive` or `/st/4/jobs/{id}/files_from_trash_as_archive`
 * on the download host. A form cannot send the Authorization header, so the token travels in
 * the form body (never in the URL, which is logged).
 *
 * Query: the common parameters plus the preset flags below ("1" / "0") and `zip_filename`.
 * Form body (application/x-www-form-urlencoded): `auth_token`, and `file_ids` = the file ids
 * joined with ",". The answer is `application/zip` with
 * `Content-Disposition: attachment; filename="<zip_filename>.zip"`, streamed.
 * Errors: 401 bad token, 404 unknown job or any id not in it (nothing is streamed then),
 * 400 bad fields or more than ARCHIVE_MAX_FILES ids.
 */
export const ArchiveQuerySchema = z.object({
  flattened: z.enum(['0', '1']).optional(),
  heic_to_jpeg: z.enum(['0', '1']).optional(),
  master_only: z.enum(['0', '1']).optional(),
  include_subrevisions: z.enum(['0', '1']).optional(),
  zip_filename: z.string().min(1).max(255).optional(),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuerySchema>;

export const ArchiveFormSchema = z.object({
  auth_token: z.string().min(1),
  file_ids: z.string().min(1),
});
export type ArchiveForm = z.infer<typeof ArchiveFormSchema>;

/** The server refuses bigger lists; the client splits at 500 (SPEC §9) long before this. */
export const ARCHIVE_MAX_FILES = 5000;
