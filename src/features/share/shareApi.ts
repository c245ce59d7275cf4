import { queryOptions } from '@tanstack/react-query';
import {
  CopyShareResponseSchema,
  ShareSchema,
  ShareUnlockResponseSchema,
  type PublishRequest,
  type Share,
} from '../../api/contract/shares';
import { loadStoredAuth } from '../../api/authStore';
import { transformPassword } from '../../domain/password';
import { api } from '../../platform/api';
import { grantLinkAccess, heldLinkKey, rememberLinkKey } from '../../platform/linkAccess';

/** The share calls (api/contract/shares.ts); the dialog and the receiver call nothing else. */

const sharePath = (shareId: string) => `/shares/${encodeURIComponent(shareId)}`;
const signedIn = () => loadStoredAuth() !== null;

/** Keys given by a share's password, for this tab (a reload stays unlocked; a new tab asks). */
/** GET /shares/{id}: the share as its link shows it (403 password_required, 404 not found). */
export const shareQuery = (shareId: string) =>
  queryOptions({
    queryKey: ['shares', shareId],
    queryFn: async ({ signal }): Promise<Share> => {
      const key = heldLinkKey(shareId);
      const { data } = await api().request({
        method: 'GET',
        path: sharePath(shareId),
        schema: ShareSchema,
        signal,
        auth: signedIn(),
        ...(key ? { headers: { 'X-Share-Key': key } } : {}),
      });
      // Its files' thumbnails, content and details go through the link from here on.
      grantLinkAccess(shareId, key);
      return data;
    },
    retry: false,
  });

/** POST /shares/{id}/unlock with the password transformed (SPEC §5, salt: the share id). */
export async function unlockShare(shareId: string, password: string): Promise<void> {
  const { data } = await api().request({
    method: 'POST',
    path: `${sharePath(shareId)}/unlock`,
    body: { password: await transformPassword(password, shareId) },
    schema: ShareUnlockResponseSchema,
    auth: signedIn(),
  });
  rememberLinkKey(shareId, data.key);
  grantLinkAccess(shareId, data.key);
}

/** POST /shares, then its password when one is given: the new share. */
export async function createShare(options: {
  jobId: string;
  fileIds: readonly string[];
  album: boolean;
  password: string | null;
}): Promise<Share> {
  const { data } = await api().request({
    method: 'POST',
    path: '/shares',
    body: { job: options.jobId, files: [...options.fileIds], album: options.album },
    schema: ShareSchema,
  });
  if (options.password) {
    try {
      await api().request({
        method: 'POST',
        path: `${sharePath(data.id)}/password`,
        body: { password: await transformPassword(options.password, data.id) },
        responseType: 'none',
      });
    } catch (failure) {
      // Never leave open a link that was meant to be protected.
      await stopShare(data.id).catch(() => undefined);
      throw failure;
    }
    return { ...data, hasPassword: true };
  }
  return data;
}

/** DELETE /shares/{id} (SPEC §4 share stop flow: the owner's). */
export async function stopShare(shareId: string): Promise<void> {
  await api().request({ method: 'DELETE', path: sharePath(shareId), responseType: 'none' });
}

/** POST /shares/{id}/copy: the files into the caller's timeline; resolves how many were added. */
export async function copyShareToTimeline(shareId: string): Promise<number> {
  const key = heldLinkKey(shareId);
  const { data } = await api().request({
    method: 'POST',
    path: `${sharePath(shareId)}/copy`,
    schema: CopyShareResponseSchema,
    ...(key ? { headers: { 'X-Share-Key': key } } : {}),
  });
  return data.added;
}

/** SPEC §7 POST /jobs/{id}/publish: the email share of a share (or an album's) link. */
export async function publish(jobId: string, request: PublishRequest): Promise<void> {
  await api().request({
    method: 'POST',
    path: `/jobs/${encodeURIComponent(jobId)}/publish`,
    body: request,
    responseType: 'none',
  });
}

/** The receiver's full address of a share. */
export const shareUrl = (share: Pick<Share, 'link'>): string =>
  new URL(share.link, location.origin).toString();
