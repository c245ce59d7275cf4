import { z } from 'zod';
import { TEXT_MAX } from '../../domain/constants';

/**
 * Archive downloads (SPEC §7): a browser form post (not fetch, so the browser streams the zip to
 * disk) to `/st/4/jobs/{id}/files_as_archive` or `/st/4/jobs/{id}/files_from_trash_as_archive`
 * on the download host. A form cannot send the Authorization header, so the token travels in
 * the form body (never in the URL, which is logged).
 *
 * Query: the common parameters plus the preset flags below ("1" / "0") and `zip_filename`.
 * Form body (application/x-www-form-urlencoded): `auth_token`, and `file_ids` = the file ids
 * joined with "," (repeats count once), or `all` = every file of the job (live files for
 * files_as_archive: takeout/export of a whole library, no count limit; trashed files for
 * files_from_trash_as_archive). The answer is `application/zip` with
 * `Content-Disposition: attachment; filename="<zip_filename or Capture>.zip"` (plus an RFC 5987
 * `filename*` for non-ASCII names), streamed entry by entry; each entry holds the bytes
 * `GET /st/4/jobs/{id}/files_by_id/{fileId}` serves.
 * Access: live files for anyone who may read the job (owner or album member), the trash for the
 * owner only. Errors: 401 bad token, 404 unknown job, no access, or any id not in it (or not in
 * the trash / not live, per route; nothing is streamed then), 400 bad fields or more than
 * ARCHIVE_MAX_FILES ids. The contract server also accepts the token in the Authorization header.
 *
 * Presets (SPEC §9): `flattened=1` names entries by base name, repeats as "name (1).ext" (else
 * the file path); `master_only=1` leaves out non-master live/burst group members;
 * `include_subrevisions` is accepted (no revisions are kept, so it changes nothing);
 * `heic_to_jpeg=1` turns .heic/.heif into .jpg when the server can decode them (the contract
 * server's sharp build cannot decode HEVC HEIC: those stay .heic originals).
 */
export const ArchiveQuerySchema = z.object({
  flattened: z.enum(['0', '1']).optional(),
  heic_to_jpeg: z.enum(['0', '1']).optional(),
  master_only: z.enum(['0', '1']).optional(),
  include_subrevisions: z.enum(['0', '1']).optional(),
  zip_filename: z.string().min(1).max(TEXT_MAX).optional(),
});
export type ArchiveQuery = z.infer<typeof ArchiveQuerySchema>;

export const ArchiveFormSchema = z.object({
  auth_token: z.string().min(1),
  file_ids: z.string().min(1),
});
export type ArchiveForm = z.infer<typeof ArchiveFormSchema>;

/** The server refuses bigger lists; the client splits at 500 (SPEC §9) long before this. */
export const ARCHIVE_MAX_FILES = 5000;
