import { CALLS } from '../api/contract/calls';
import { callTo } from '../api/contract/callTarget';
import type { ThumbnailSize } from '../domain/constants';
import { api } from './api';
import { mediaAuth } from './linkAccess';

/**
 * URLs of a job's media for elements that cannot send headers (<img>, <video>, the decode
 * worker): the login token (or a link job's password) rides in the query. One builder per job, because client.url() reads
 * the stored auth and the host directory, too slow per tile. The grid and the viewer build the
 * same URL for a thumbnail, so the viewer's first pixels come from the HTTP cache.
 */
export function mediaUrls(jobId: string) {
  // A job read through its link: SPEC §6 visitor auth, in the query (platform/linkAccess).
  const { token, linkAuth, hosts } = mediaAuth(jobId);
  const thumb = api().url({
    call: callTo(CALLS.thumbnail, { fileId: 'FILE_ID' }, { area: 'AREA', share: jobId, token }),
    linkAuth,
    hosts,
  });
  const content = api().url({
    call: callTo(CALLS.fileContent, { id: jobId, fileId: 'FILE_ID' }, { token }),
    linkAuth,
    hosts,
  });
  const id = (fileId: string) => encodeURIComponent(fileId);
  return {
    /** SPEC §7 thumbnail (area 256 or 1280, share = job id). */
    thumbnail: (fileId: string, size: ThumbnailSize) =>
      thumb.replace('FILE_ID', id(fileId)).replace('area=AREA', `area=${size}`),
    /** The original or the video stream; `download` asks for an attachment. */
    content: (fileId: string, options: { download?: boolean } = {}) =>
      content.replace('FILE_ID', id(fileId)) + (options.download ? '&download=1' : ''),
  };
}

export type MediaUrls = ReturnType<typeof mediaUrls>;
