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
export function coverTileState(tile: {
  fileId: string;
  coverId: string | null;
  canSetCover: boolean;
  readOnlyUser: boolean;
  albumShared: boolean;
}): CoverTileState {
  if (tile.fileId === tile.coverId) return 'current';
  if (!tile.canSetCover || (tile.readOnlyUser && !tile.albumShared)) return 'unavailable';
  return 'available';
}
