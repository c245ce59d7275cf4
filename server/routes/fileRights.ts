// SPEC §3 File currentUserCan and the SPEC §6 rules behind it, decided here alone: the file's
// detail (files.ts) and an album's listing (jobs.ts) send them, the delete route checks them, and
// the client reads them instead of working them out.
import type { FileRights } from '../../src/api/contract/files';
import type { FileRow } from '../db/files';
import type { JobRow } from '../db/users';

/** SPEC §6: the job's owner, or whoever added the file (a member of the album). */
export function canDeleteFile(
  job: JobRow,
  file: Pick<FileRow, 'added_by'>,
  userId: number | null,
): boolean {
  return job.owner_id === userId || file.added_by === userId;
}

/** What the caller (`userId`, null for a visitor) may do with `file` of `job`. */
export function currentUserCan(
  job: JobRow,
  file: Pick<FileRow, 'added_by'>,
  userId: number | null,
): FileRights {
  return {
    // A share is a snapshot: nothing is deleted from it (stop sharing removes it whole).
    deleteFile: job.type !== 'share' && userId !== null && canDeleteFile(job, file, userId),
    // SPEC §6: setting the cover is the owner's (and only in an album).
    setFileAsAlbumCoverPhoto: job.type === 'story' && userId !== null && job.owner_id === userId,
  };
}
