import type { JobListItem } from '../../api/contract/albums';

/** SPEC §3 Album list filters and sorts. */
export const ALBUM_FILTERS = ['all', 'private', 'shared'] as const;
export type AlbumFilter = (typeof ALBUM_FILTERS)[number];
export const ALBUM_SORTS = ['RECENT_ACTIVITY', 'NEWEST_CREATED', 'OLDEST_CREATED', 'NAME'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

export const parseAlbumFilter = (value: string | null): AlbumFilter =>
  (ALBUM_FILTERS as readonly string[]).includes(value ?? '') ? (value as AlbumFilter) : 'all';
export const parseAlbumSort = (value: string | null): AlbumSort =>
  (ALBUM_SORTS as readonly string[]).includes(value ?? '')
    ? (value as AlbumSort)
    : 'RECENT_ACTIVITY';

/** Shared means anyone with the link or a member may see it (SPEC §6); private is the owner's alone. */
export const isSharedAlbum = (album: Pick<JobListItem, 'privacy_mode'>): boolean =>
  album.privacy_mode !== 'private';

/** What a search compares: case- and accent-insensitive, spaces collapsed. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface ListedAlbum {
  album: JobListItem;
  /** The title as shown; null shows the "Unnamed album" fallback. */
  title: string | null;
  key: string;
}

/** Titles read once per list: a keystroke filters without normalising 2,000 titles again. */
export function indexAlbums(albums: readonly JobListItem[]): ListedAlbum[] {
  return albums.map((album) => {
    const title = shownTitle(album.name);
    return { album, title, key: title ? searchKey(title) : '' };
  });
}

/** SPEC §3: a new album's placeholder title; shown as "Unnamed album". */
export const NEW_ALBUM_PLACEHOLDER = '__new_album__';

/** An album's title as shown, or null for the "Unnamed album" fallback (blank or placeholder). */
export function shownTitle(title: string | null | undefined): string | null {
  return title?.trim() && title !== NEW_ALBUM_PLACEHOLDER ? title : null;
}

const collators = new Map<string, Intl.Collator>();

/** Names in the app language's order (Swedish puts Å, Ä, Ö after Z; English sorts Ö with O). */
function collatorFor(language: string): Intl.Collator {
  const tag = language.replace(/_/g, '-');
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(tag, { sensitivity: 'base', numeric: true });
    collators.set(tag, collator);
  }
  return collator;
}

/** The albums a list shows: the filter, then the search, then the sort (stable). */
export function visibleAlbums(
  albums: readonly ListedAlbum[],
  options: { filter: AlbumFilter; sort: AlbumSort; query: string; language: string },
): ListedAlbum[] {
  const query = searchKey(options.query);
  const kept = albums.filter(({ album, key }) => {
    if (options.filter === 'shared' && !isSharedAlbum(album)) return false;
    if (options.filter === 'private' && isSharedAlbum(album)) return false;
    return query === '' || key.includes(query);
  });
  const created = (a: ListedAlbum) => a.album.ctime ?? 0;
  const activity = (a: ListedAlbum) => a.album.last_update ?? a.album.mtime ?? created(a);
  switch (options.sort) {
    case 'NEWEST_CREATED':
      return kept.sort((a, b) => created(b) - created(a));
    case 'OLDEST_CREATED':
      return kept.sort((a, b) => created(a) - created(b));
    case 'NAME': {
      const collator = collatorFor(options.language);
      // Unnamed albums last.
      return kept.sort((a, b) =>
        a.title === null || b.title === null
          ? Number(a.title === null) - Number(b.title === null)
          : collator.compare(a.title, b.title),
      );
    }
    default:
      return kept.sort((a, b) => activity(b) - activity(a));
  }
}
