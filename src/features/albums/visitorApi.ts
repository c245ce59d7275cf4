import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import { AlbumInfoSchema } from '../../api/contract/albums';
import { serviceDictSchema } from '../../api/contract/serviceDict';
import { parseServiceDict } from '../../api/hosts';
import { transformPassword } from '../../domain/password';
import { api } from '../../platform/api';
import {
  grantLinkAccess,
  heldLinkPassword,
  linkAuthWith,
  linkRequestOptions,
  openedByLink,
  setLinkHosts,
} from '../../platform/linkAccess';

// SPEC §6 Visitor: a shared album read through its link (`/a/{jobId}`), signed in or not.

/**
 * GET /jobs/{id}/info through the album's link with SPEC §6 visitor auth: its password as SPEC §5
 * transforms it (null until one is given). Once it answers, everything about the album is read
 * that way (platform/linkAccess). Failures are read by SPEC §7's mapping (share/linkJob.ts).
 */
export const visitorAlbumQuery = (jobId: string, password: string | null) =>
  queryOptions({
    queryKey: ['visitorAlbum', jobId, password],
    queryFn: async ({ signal }) => {
      const { data } = await api().request({
        call: callTo(CALLS.jobInfo, { id: jobId }),
        schema: AlbumInfoSchema,
        signal,
        linkAuth: linkAuthWith(jobId, password),
      });
      openedByLink(jobId, password, data.role === 'owner');
      await loadAlbumHosts(jobId, signal);
      return data;
    },
    retry: false,
  });

/**
 * GET /st/4/jobs/{id}/service (SPEC §7) through the album's link: its host directory, the
 * hostnames rewritten `p<digits>` → `ps` (api/hosts), used for its calls and media from now on.
 * A failure (or an answer without the five hosts) keeps the directory known already: the album
 * has answered on it, so nothing is lost.
 */
export async function loadAlbumHosts(jobId: string, signal?: AbortSignal): Promise<void> {
  try {
    const { data } = await api().request({
      call: callTo(CALLS.hostDirectory, { id: jobId }),
      schema: serviceDictSchema,
      signal,
      ...linkRequestOptions(jobId),
    });
    setLinkHosts(jobId, parseServiceDict(data));
  } catch (error) {
    if (signal?.aborted) throw error;
  }
}

/** The album's password as the visitor typed it, transformed as SPEC §5 says (salt: its id). */
export const albumPasswordCredential = (jobId: string, password: string): Promise<string> =>
  transformPassword(password, jobId);

/** POST /jobs/{id}/password (owner): the password transformed the same way, or null to remove. */
export async function setAlbumPassword(jobId: string, password: string | null): Promise<void> {
  await api().request({
    call: callTo(CALLS.setJobPassword, { id: jobId }),
    body: { password: password === null ? null : await transformPassword(password, jobId) },
    responseType: 'none',
  });
}

/**
 * POST /jobs/{id}/subscribe through the album's link (its password when it has one): a signed-in
 * visitor joins (SPEC §6). The owner opening their own link answers 400: already in.
 */
export async function joinFromLink(jobId: string): Promise<void> {
  grantLinkAccess(jobId, heldLinkPassword(jobId));
  await api().request({
    call: callTo(CALLS.subscribe, { id: jobId }),
    responseType: 'none',
    ...linkRequestOptions(jobId),
  });
}
