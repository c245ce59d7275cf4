import type { ComponentType } from 'react';
import { generatePath, Navigate, useLocation, useParams } from 'react-router-dom';
import { albumIdFromParam } from '../domain/albumId';
import { shownRoute } from './ShownRoute';

/** The route parameter that names an album (SPEC §2 albumID or albumIDB64). */
export const ALBUM_PARAM = 'jobId';

export function takesAlbum(path: string): boolean {
  return path.split('/').includes(`:${ALBUM_PARAM}`);
}

/**
 * The component a route renders: its page, read through withAlbumId when it takes an album, and
 * reporting itself shown to test builds (ShownRoute.tsx).
 */
export function routeComponent(Page: ComponentType, pattern: string): ComponentType {
  return shownRoute(takesAlbum(pattern) ? withAlbumId(Page, pattern) : Page);
}

/**
 * A page of a route that takes an album, reached by either form of the album id: an albumIDB64
 * link is replaced by the same route under the album's own id (query and hash kept), so every
 * page reads the plain id and a reload or a shared address shows one form.
 */
export function withAlbumId(Page: ComponentType, pattern: string): ComponentType {
  function AlbumIdRoute() {
    const params = useParams();
    const location = useLocation();
    const param = params[ALBUM_PARAM];
    const jobId = albumIdFromParam(param);
    if (jobId === param) return <Page />;
    const path = generatePath(pattern, { ...params, [ALBUM_PARAM]: jobId });
    return (
      <Navigate
        to={`${path}${location.search}${location.hash}`}
        state={location.state as unknown}
        replace
      />
    );
  }
  return AlbumIdRoute;
}
