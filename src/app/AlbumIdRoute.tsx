import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { albumIdFromParam } from '../domain/albumId';
import { shownRoute } from './ShownRoute';

/** The route parameter that names an album (SPEC §2 albumID or albumIDB64). */
export const ALBUM_PARAM = 'jobId';

export function takesAlbum(path: string): boolean {
  return path.split('/').includes(`:${ALBUM_PARAM}`);
}

/**
 * The component a route renders: its page, read through withAlbumId when it takes an album, and
 * reporting itself shown to test builds (ShownRoute.tsx). Routes that render the same page get
 * the same component type, so React keeps the page mounted when the address moves between them.
 */
export function routeComponent(Page: ComponentType, pattern: string): ComponentType {
  return shownRoute(takesAlbum(pattern) ? withAlbumId(Page) : Page);
}

const wrapped = new WeakMap<ComponentType, ComponentType>();

/**
 * A page of a route that takes an album, reached by either form of the album id: an albumIDB64
 * link is replaced by the same address under the album's own id (query and hash kept), so every
 * page reads the plain id and a reload or a shared address shows one form.
 *
 * One wrapper per page, whatever route it serves: the album page is /albums/{id}, its settings
 * (/albums/{id}/edit/{tab}) and its viewer (/carousel/{id}/{file}), and a wrapper per route gave
 * each its own component type, so React unmounted the page and built its grid (engine, workers,
 * sections, textures) anew at every open and close of a dialog or the viewer (issue 34).
 */
export function withAlbumId(Page: ComponentType): ComponentType {
  const known = wrapped.get(Page);
  if (known) return known;
  function AlbumIdRoute() {
    const params = useParams();
    const location = useLocation();
    const param = params[ALBUM_PARAM];
    const jobId = albumIdFromParam(param);
    if (jobId === param) return <Page />;
    // An absent segment threw above: `param` is the albumIDB64 form here.
    const path = withAlbumSegment(location.pathname, String(param), jobId);
    return (
      <Navigate
        to={`${path}${location.search}${location.hash}`}
        state={location.state as unknown}
        replace
      />
    );
  }
  wrapped.set(Page, AlbumIdRoute);
  return AlbumIdRoute;
}

/**
 * `pathname` with its album segment (the first segment that reads as `param`: every route names
 * the album before any file) written as `jobId`.
 */
export function withAlbumSegment(pathname: string, param: string, jobId: string): string {
  const segments = pathname.split('/');
  const at = segments.findIndex((segment) => decoded(segment) === param);
  if (at < 0) return pathname;
  segments[at] = encodeURIComponent(jobId);
  return segments.join('/');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
