import { queryOptions } from '@tanstack/react-query';
import { AlbumInfoSchema } from '../../api/contract/albums';
import { ShareUnlockResponseSchema } from '../../api/contract/shares';
import { transformPassword } from '../../domain/password';
import { api } from '../../platform/api';
import {
  grantLinkAccess,
  heldLinkKey,
  linkRequestOptions,
  rememberLinkKey,
} from '../../platform/linkAccess';
import { loadStoredAuth } from '../../api/authStore';

// SPEC §6 Visitor: a shared album read through its link (`/a/{jobId}`), signed in or not.

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/** GET /jobs/{id}/info through the album's link (its key once the password was given). */
export const visitorAlbumQuery = (jobId: string, key: string | null) =>
  queryOptions({
    queryKey: ['visitorAlbum', jobId, key],
    queryFn: async ({ signal }) =>
      (
        await api().request({
          method: 'GET',
          path: `${jobPath(jobId)}/info`,
          schema: AlbumInfoSchema,
          signal,
          ...linkRequestOptions(jobId),
        })
      ).data,
    retry: false,
  });

/**
 * POST /jobs/{id}/unlock with the password transformed as SPEC §5 says (salted with the album's
 * id, as the owner's client stored it): the key, kept for this tab and sent with every read.
 */
export async function unlockAlbum(jobId: string, password: string): Promise<void> {
  const { data } = await api().request({
    method: 'POST',
    path: `${jobPath(jobId)}/unlock`,
    body: { password: await transformPassword(password, jobId) },
    schema: ShareUnlockResponseSchema,
    auth: loadStoredAuth() !== null,
  });
  rememberLinkKey(jobId, data.key);
  grantLinkAccess(jobId, data.key);
}

/** POST /jobs/{id}/password (owner): the password transformed the same way, or null to remove. */
export async function setAlbumPassword(jobId: string, password: string | null): Promise<void> {
  await api().request({
    method: 'POST',
    path: `${jobPath(jobId)}/password`,
    body: { password: password === null ? null : await transformPassword(password, jobId) },
    responseType: 'none',
  });
}

/**
 * POST /jobs/{id}/subscribe through the album's link (its key when it has a password): a signed-in
 * visitor joins (SPEC §6). The owner opening their own link answers 400: already in.
 */
export async function joinFromLink(jobId: string): Promise<void> {
  grantLinkAccess(jobId, heldLinkKey(jobId));
  await api().request({
    method: 'POST',
    path: `${jobPath(jobId)}/subscribe`,
    responseType: 'none',
    ...linkRequestOptions(jobId),
  });
}
