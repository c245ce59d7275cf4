import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import {
  CopyShareResponseSchema,
  receivedShare,
  ShareAnswerSchema,
  ShareSchema,
  type PublishRequest,
  type ReceivedShare,
  type Share,
} from '../../api/contract/shares';
import { SHARE_LINK_EXPIRY_DAYS } from '../../domain/constants';
import { transformPassword } from '../../domain/password';
import { api } from '../../platform/api';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { heldLinkPassword, linkAuthWith, openedByLink } from '../../platform/linkAccess';

/** The share calls (api/contract/shares.ts); the dialog and the receiver call nothing else. */

/**
 * GET /shares/{id}: the share as its link shows it, with SPEC §6 visitor auth (its password as
 * SPEC §5 transforms it, null until one is given); failures as SPEC §7's job-info mapping reads
 * them (features/share/linkJob.ts). Once it answers, its files' thumbnails, content and details
 * go through the link the same way.
 */
export const shareQuery = (shareId: string, password: string | null) =>
  queryOptions({
    queryKey: ['shares', shareId, password],
    queryFn: async ({ signal }): Promise<ReceivedShare> => {
      const { data } = await api().request({
        call: callTo(CALLS.share, { id: shareId }),
        schema: ShareAnswerSchema,
        signal,
        linkAuth: linkAuthWith(shareId, password),
      });
      const account = queryClient.getQueryData(accountInfoQuery.queryKey);
      const share = receivedShare(data, account?.uuid ?? null, SHARE_LINK_EXPIRY_DAYS);
      openedByLink(shareId, password, share.isOwner);
      return share;
    },
    retry: false,
  });

/** A share's password as the visitor typed it, transformed (SPEC §5, salt: the share id). */
export const sharePasswordCredential = (shareId: string, password: string): Promise<string> =>
  transformPassword(password, shareId);

/** POST /shares, then its password when one is given: the new share. */
export async function createShare(options: {
  jobId: string;
  fileIds: readonly string[];
  album: boolean;
  password: string | null;
}): Promise<Share> {
  const { data } = await api().request({
    call: callTo(CALLS.createShare),
    body: { job: options.jobId, files: [...options.fileIds], album: options.album },
    schema: ShareSchema,
  });
  if (options.password) {
    try {
      await api().request({
        call: callTo(CALLS.setSharePassword, { id: data.id }),
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
  await api().request({ call: callTo(CALLS.deleteShare, { id: shareId }), responseType: 'none' });
}

/** POST /shares/{id}/copy: the files into the caller's timeline; resolves how many were added. */
export async function copyShareToTimeline(shareId: string): Promise<number> {
  const { data } = await api().request({
    call: callTo(CALLS.copyShare, { id: shareId }),
    schema: CopyShareResponseSchema,
    // After a sign-in the page was loaded again: the password this tab was given, if any.
    linkAuth: linkAuthWith(shareId, heldLinkPassword(shareId)),
  });
  return data.added;
}

/** SPEC §7 POST /jobs/{id}/publish: the email share of a share (or an album's) link. */
export async function publish(jobId: string, request: PublishRequest): Promise<void> {
  await api().request({
    call: callTo(CALLS.publish, { id: jobId }),
    body: request,
    responseType: 'none',
  });
}

/** The receiver's full address of a share. */
export const shareUrl = (share: Pick<Share, 'link'>): string =>
  new URL(share.link, location.origin).toString();
