import { describe, expect, it } from 'vitest';
import type { JobListItem } from '../../api/contract/albums';
import { albumsToAddTo } from './addToAlbum';
import {
  indexAlbums,
  parseAlbumFilter,
  parseAlbumSort,
  searchKey,
  visibleAlbums,
} from './albumList';

function album(id: string, fields: Partial<JobListItem> = {}): JobListItem {
  return {
    id,
    type: 'story',
    name: id,
    cover_id: null,
    owner: { uuid: 'me', name: 'Me', email: 'me@example.com', profile_picture_url: null },
    permissions: 3,
    privacy_mode: 'private',
    attributes: { sort_order: 'NEWEST_TAKEN' },
    ctime: 0,
    last_update: 0,
    size: 0,
    ...fields,
  };
}

const list = indexAlbums([
  album('a', { name: 'Zoo day', privacy_mode: 'shared', ctime: 3, last_update: 10 }),
  album('b', { name: 'älvsjö Trip', ctime: 1, last_update: 30 }),
  album('c', { name: null, ctime: 2, last_update: 20 }),
  album('d', { name: '__new_album__', privacy_mode: 'public', ctime: 4, last_update: 5 }),
  album('e', { name: 'album 10', ctime: 5, last_update: 1 }),
  album('f', { name: 'album 9', ctime: 6, last_update: 2 }),
]);
const ids = (shown: ReturnType<typeof visibleAlbums>) => shown.map((a) => a.album.id);

describe('the album list (SPEC §3 filters and sorts)', () => {
  it('sorts by recent activity, creation either way, and name (numbers as numbers, unnamed last)', () => {
    const base = { filter: 'all', query: '', language: 'en_US' } as const;
    expect(ids(visibleAlbums(list, { ...base, sort: 'RECENT_ACTIVITY' }))).toEqual([
      'b',
      'c',
      'a',
      'd',
      'f',
      'e',
    ]);
    expect(ids(visibleAlbums(list, { ...base, sort: 'NEWEST_CREATED' }))).toEqual([
      'f',
      'e',
      'd',
      'a',
      'c',
      'b',
    ]);
    expect(ids(visibleAlbums(list, { ...base, sort: 'OLDEST_CREATED' }))).toEqual([
      'b',
      'c',
      'a',
      'd',
      'e',
      'f',
    ]);
    expect(ids(visibleAlbums(list, { ...base, sort: 'NAME' }))).toEqual([
      'f',
      'e',
      'b',
      'a',
      'c',
      'd',
    ]);
  });

  it('sorts names with the app language’s collator (issue 34.12)', () => {
    const names = indexAlbums([
      album('z', { name: 'Zebra' }),
      album('ö', { name: 'Ödla' }),
      album('o', { name: 'Orm' }),
      album('å', { name: 'Åre' }),
    ]);
    const byName = (language: string) =>
      ids(visibleAlbums(names, { filter: 'all', sort: 'NAME', query: '', language }));
    // English sorts Å with A and Ö with O; Swedish and Norwegian put them after Z.
    expect(byName('en_US')).toEqual(['å', 'ö', 'o', 'z']);
    expect(byName('sv_SE')).toEqual(['o', 'z', 'å', 'ö']);
    expect(byName('nb_NO')).toEqual(['o', 'z', 'ö', 'å']);
  });

  it('filters shared (shared and public) from private, and searches without case or accents', () => {
    const sort = 'OLDEST_CREATED';
    expect(
      ids(visibleAlbums(list, { filter: 'shared', sort, query: '', language: 'en_US' })),
    ).toEqual(['a', 'd']);
    expect(
      ids(visibleAlbums(list, { filter: 'private', sort, query: '', language: 'en_US' })),
    ).toEqual(['b', 'c', 'e', 'f']);
    expect(
      ids(visibleAlbums(list, { filter: 'all', sort, query: '  ALVSJO  ', language: 'en_US' })),
    ).toEqual(['b']);
    // Unnamed albums match no search; hostile text is only text.
    expect(
      ids(visibleAlbums(list, { filter: 'all', sort, query: 'unnamed', language: 'en_US' })),
    ).toEqual([]);
    expect(
      ids(visibleAlbums(list, { filter: 'all', sort, query: '.*', language: 'en_US' })),
    ).toEqual([]);
    expect(searchKey('Å  b\tC')).toBe('a b c');
  });

  it('reads filter and sort from the URL, falling back for anything else', () => {
    expect(parseAlbumFilter('shared')).toBe('shared');
    expect(parseAlbumFilter('<x>')).toBe('all');
    expect(parseAlbumSort('NAME')).toBe('NAME');
    expect(parseAlbumSort(null)).toBe('RECENT_ACTIVITY');
  });
});

describe('albumsToAddTo (SPEC §5 add-to-album picker)', () => {
  it('lists own albums and others that allow uploads, never the source album', () => {
    const friend = { uuid: 'friend', name: 'F', email: 'f@example.com', profile_picture_url: null };
    const albums = [
      album('mine'),
      album('source'),
      album('open', { owner: friend, permissions: 2 }),
      album('closed', { owner: friend, permissions: 1 }),
    ];
    expect(albumsToAddTo(albums, 'me', 'source').map((a) => a.id)).toEqual(['mine', 'open']);
  });
});
