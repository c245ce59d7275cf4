import { BREAKPOINTS, COVER_PICKER_TILES } from './constants';

/** SPEC §9 cover picker tiles: 229×114 on desktop, 137×68 below the mobile breakpoint (600). */
export function coverPickerTile(viewportWidth: number): { width: number; height: number } {
  return viewportWidth < BREAKPOINTS.mobile
    ? COVER_PICKER_TILES.mobile
    : COVER_PICKER_TILES.desktop;
}

export type CoverTileState = 'current' | 'available' | 'unavailable';

/**
 * SPEC §6: a file can become the cover when the server says so
 * (`currentUserCan.setFileAsAlbumCoverPhoto`, SPEC §3 File); not the file that already is the
 * cover, and not for a read-only user in an album that is not shared.
 */
export function coverTileState(
  tile: CoverRight & { fileId: string; coverId: string | null },
): CoverTileState {
  if (tile.fileId === tile.coverId) return 'current';
  return mayChooseCover(tile) ? 'available' : 'unavailable';
}

export interface CoverRight {
  /** The file's `currentUserCan.setFileAsAlbumCoverPhoto`, as the server sent it. */
  canSetCover: boolean;
  readOnlyUser: boolean;
  albumShared: boolean;
}

/** SPEC §6 cover photo, the file being cover or not aside (the menu, the viewer, the picker). */
export function mayChooseCover(right: CoverRight): boolean {
  return right.canSetCover && !(right.readOnlyUser && !right.albumShared);
}
