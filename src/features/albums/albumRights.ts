import type { AlbumInfo } from '../../api/contract/albums';
import type { FileInfo, FileRights } from '../../api/contract/files';

/**
 * SPEC §6 rights on an album's files as the server decides them: `currentUserCan`, sent with
 * each file of the album's listing (SPEC §3 File). The album page reads delete and cover from
 * here and works out nothing itself; a file the listing has not brought yet is allowed nothing.
 */
export function createAlbumRights() {
  const rights = new Map<string, FileRights>();
  return {
    /** Takes the rights of a page of the listing (the source's `observe`). */
    observe: (files: readonly FileInfo[]): void => {
      for (const file of files) if (file.currentUserCan) rights.set(file.id, file.currentUserCan);
    },
    canDelete: (fileId: string): boolean => rights.get(fileId)?.deleteFile ?? false,
    canSetCover: (fileId: string): boolean => rights.get(fileId)?.setFileAsAlbumCoverPhoto ?? false,
  };
}

export type AlbumRights = ReturnType<typeof createAlbumRights>;

/** SPEC §6: the owner adds to an album; others only as members while it allows uploads (bit 2). */
export function mayAddTo(album: Pick<AlbumInfo, 'role' | 'permissions'>): boolean {
  return album.role === 'owner' || (album.role === 'member' && (album.permissions & 2) !== 0);
}

/**
 * SPEC §6: a signed-in user who is not the owner copies the album's files to their own timeline
 * (the owner's files are theirs already): the header's whole-album copy and the selection's.
 */
export function mayCopyToTimeline(album: Pick<AlbumInfo, 'role'>): boolean {
  return album.role !== 'owner';
}
