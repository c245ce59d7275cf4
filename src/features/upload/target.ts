import type { UploadTarget } from './model';

const ALBUM_PATH = /^\/albums\/([^/]+)\/?$/;
const TIMELINE_PATH = /^\/photos\/?$/;

/** Where files dropped (or picked) on this page go: the album shown, else the timeline. */
export function targetForPath(pathname: string): UploadTarget {
  const album = ALBUM_PATH.exec(pathname);
  if (album?.[1]) return { kind: 'job', jobId: decodeURIComponent(album[1]) };
  return { kind: 'timeline' };
}

/** SPEC: drag-and-drop upload on the timeline (/photos) and album pages (/albums/{jobId}). */
export function acceptsDrop(pathname: string): boolean {
  return TIMELINE_PATH.test(pathname) || ALBUM_PATH.test(pathname);
}
