import { describe, expect, it } from 'vitest';
import { coverPickerTile, coverTileState, mayChooseCover } from './coverPicker';

describe('coverPickerTile (SPEC §9 cover picker tiles 229x114 desktop, 137x68 mobile)', () => {
  it('is 137×68 below the 600 px mobile breakpoint', () => {
    expect(coverPickerTile(360)).toEqual({ width: 137, height: 68 });
    expect(coverPickerTile(599)).toEqual({ width: 137, height: 68 });
  });

  it('is 229×114 from 600 px on', () => {
    expect(coverPickerTile(600)).toEqual({ width: 229, height: 114 });
    expect(coverPickerTile(1440)).toEqual({ width: 229, height: 114 });
    expect(coverPickerTile(3840)).toEqual({ width: 229, height: 114 });
  });
});

describe('coverTileState (SPEC §6 cover photo)', () => {
  const tile = {
    fileId: 'b',
    coverId: 'a',
    canSetCover: true,
    readOnlyUser: false,
    albumShared: false,
  };

  it('needs currentUserCan.setFileAsAlbumCoverPhoto', () => {
    expect(coverTileState(tile)).toBe('available');
    expect(coverTileState({ ...tile, canSetCover: false })).toBe('unavailable');
  });

  it('marks the file that already is the cover, whatever the flag', () => {
    expect(coverTileState({ ...tile, fileId: 'a' })).toBe('current');
    expect(coverTileState({ ...tile, fileId: 'a', canSetCover: false })).toBe('current');
  });

  it('is unavailable to a read-only user in an album that is not shared', () => {
    expect(coverTileState({ ...tile, readOnlyUser: true })).toBe('unavailable');
    expect(coverTileState({ ...tile, readOnlyUser: true, albumShared: true })).toBe('available');
  });
});

describe('mayChooseCover (SPEC §6, for the menu and the viewer)', () => {
  it('is the server flag, never for a read-only user in a private album', () => {
    const right = { canSetCover: true, readOnlyUser: false, albumShared: false };
    expect(mayChooseCover(right)).toBe(true);
    expect(mayChooseCover({ ...right, canSetCover: false })).toBe(false);
    expect(mayChooseCover({ ...right, readOnlyUser: true })).toBe(false);
    expect(mayChooseCover({ ...right, readOnlyUser: true, albumShared: true })).toBe(true);
  });
});
