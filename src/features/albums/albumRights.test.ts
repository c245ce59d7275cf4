import { describe, expect, it } from 'vitest';
import type { FileInfo } from '../../api/contract/files';
import { createAlbumRights, mayAddTo, mayCopyToTimeline } from './albumRights';

const file = (id: string, currentUserCan?: FileInfo['currentUserCan']): FileInfo => ({
  id,
  path: `${id}.jpg`,
  size: 1,
  mtime: 1,
  type: 'picture',
  ...(currentUserCan ? { currentUserCan } : {}),
});

describe('createAlbumRights', () => {
  it('answers as the server’s currentUserCan says, file by file', () => {
    const rights = createAlbumRights();
    rights.observe([
      file('mine', { deleteFile: true, setFileAsAlbumCoverPhoto: false }),
      file('theirs', { deleteFile: false, setFileAsAlbumCoverPhoto: false }),
      file('owners', { deleteFile: true, setFileAsAlbumCoverPhoto: true }),
    ]);
    expect(['mine', 'theirs', 'owners'].map(rights.canDelete)).toEqual([true, false, true]);
    expect(['mine', 'theirs', 'owners'].map(rights.canSetCover)).toEqual([false, false, true]);
  });

  it('allows nothing on a file without rights, and takes a later answer', () => {
    const rights = createAlbumRights();
    rights.observe([file('a')]);
    expect(rights.canDelete('a')).toBe(false);
    expect(rights.canSetCover('unknown')).toBe(false);
    rights.observe([file('a', { deleteFile: true, setFileAsAlbumCoverPhoto: true })]);
    expect(rights.canDelete('a')).toBe(true);
    expect(rights.canSetCover('a')).toBe(true);
  });
});

describe('album-wide rights by role (SPEC §6)', () => {
  it('copies to the timeline as anyone signed in but the owner, whose files are theirs', () => {
    expect(mayCopyToTimeline({ role: 'owner' })).toBe(false);
    expect(mayCopyToTimeline({ role: 'member' })).toBe(true);
    expect(mayCopyToTimeline({ role: 'visitor' })).toBe(true);
  });

  it('adds as the owner, or as a member while the album allows uploads (bit 2)', () => {
    expect(mayAddTo({ role: 'owner', permissions: 0 })).toBe(true);
    expect(mayAddTo({ role: 'member', permissions: 2 })).toBe(true);
    expect(mayAddTo({ role: 'member', permissions: 1 })).toBe(false);
    expect(mayAddTo({ role: 'visitor', permissions: 3 })).toBe(false);
  });
});
