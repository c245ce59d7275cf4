import { NotFoundView } from '../auth';

/** SPEC §2 album not found: an unknown, deleted or inaccessible album (SPEC §4 NOT_FOUND). */
export function AlbumNotFound() {
  return <NotFoundView kind="album" />;
}
