import { NotFoundView, type NotFoundOnward } from '../auth';

/** Signed in, an album that is not there leads on to the albums list (issue 34.11). */
const ALBUMS: NotFoundOnward = {
  to: '/albums',
  labelKey: 'common.goToAlbums',
  testId: 'album-not-found-albums',
};

/**
 * SPEC §2 album not found: an unknown, deleted or inaccessible album (SPEC §4 NOT_FOUND), with
 * the not-found page's parts (title, description, learn more, the create-user text and the
 * sign-in when signed out, which comes back here).
 */
export function AlbumNotFound() {
  return <NotFoundView kind="album" onward={ALBUMS} />;
}
