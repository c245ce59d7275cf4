import { CALLS } from '../../../api/contract/calls';
import { callTo } from '../../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { loadStoredAuth } from '../../../api/authStore';
import {
  CommentSchema,
  CommentsResponseSchema,
  VISITOR_TOKEN_HEADER,
  VisitorTokenResponseSchema,
  type Comment,
  type VisitorToken,
} from '../../../api/contract/comments';
import { apiErrorCode, isRateLimited, needsNetwork } from '../../../api/errors';
import type { CommentFailure } from '../../../domain/comments';
import { api } from '../../../platform/api';
import { linkRequestOptions } from '../../../platform/linkAccess';
import { queryClient } from '../../../platform/queryClient';
import { readJson, removeItem, writeJson } from '../../../state/persisted';

// SPEC §7 comments under /jobs/{id}/files_by_id/{fileId}/comments[/{commentId}], as a member, a
// signed-in visitor of the link, or a visitor without an account under a typed name (issue 14).

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;
export const commentsPath = (jobId: string, fileId: string) =>
  `${jobPath(jobId)}/files_by_id/${encodeURIComponent(fileId)}/comments`;

export const commentsQuery = (jobId: string, fileId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'files', fileId, 'comments'],
    queryFn: async ({ signal }) =>
      (
        await api().request({
          call: callTo(CALLS.comments, { id: jobId, fileId: fileId }),
          schema: CommentsResponseSchema,
          signal,
          ...linkRequestOptions(jobId),
        })
      ).data.comments,
  });

/** Every comment list of the album read again (a type-10 change names the comment, not its file). */
export function refreshAlbumComments(jobId: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'jobs' && queryKey[1] === jobId && queryKey[4] === 'comments',
  });
}

// A visitor's tokens, per album, for this tab (state/persisted `visitorTokens`).
const StoredVisitorsSchema = z.record(z.string(), VisitorTokenResponseSchema);

function storedVisitors(): Record<string, VisitorToken> {
  return readJson('visitorTokens', StoredVisitorsSchema) ?? {};
}

/** The name this tab's visitor gave for album `jobId` (with its token), unless it has expired. */
export function visitorFor(jobId: string): VisitorToken | null {
  const visitor = storedVisitors()[jobId];
  return visitor && visitor.expires * 1000 > Date.now() ? visitor : null;
}

export function forgetVisitor(jobId: string): void {
  const { [jobId]: _gone, ...rest } = storedVisitors();
  writeJson('visitorTokens', rest);
}

/** POST /jobs/{id}/visitor_token: the visitor names themselves for this album (issue 14). */
export async function nameVisitor(jobId: string, name: string): Promise<VisitorToken> {
  const { data } = await api().request({
    call: callTo(CALLS.visitorToken, { id: jobId }),
    body: { name: name.trim() },
    schema: VisitorTokenResponseSchema,
    ...linkRequestOptions(jobId),
  });
  writeJson('visitorTokens', { ...storedVisitors(), [jobId]: data });
  return data;
}

/**
 * The call's credentials: the account when signed in, else the visitor's token for this album
 * (never both: the server then treats the call as the account's).
 */
function authorOptions(jobId: string): ReturnType<typeof linkRequestOptions> & {
  headers?: Record<string, string>;
} {
  const link = linkRequestOptions(jobId);
  if (loadStoredAuth() !== null) return link;
  const visitor = visitorFor(jobId);
  return { ...link, ...(visitor ? { headers: { [VISITOR_TOKEN_HEADER]: visitor.token } } : {}) };
}

/**
 * What a failed post, edit or delete says besides its own text: offline (issue 19); 429, too
 * many at once (issue 33, a standard status); `comments_not_allowed`, comments turned off (our
 * server's code: another server's 403 falls back to the action's own text).
 */
export function commentFailure(error: unknown): CommentFailure | undefined {
  if (needsNetwork(error)) return 'offline';
  if (isRateLimited(error)) return 'tooMany';
  if (apiErrorCode(error) === 'comments_not_allowed') return 'closed';
  return undefined;
}

/** The text of a failed post, edit or delete: why, when known, else the action's own (SPEC §8). */
export function commentFailureKey<Fallback extends string>(
  failure: CommentFailure | undefined,
  fallback: Fallback,
): Fallback | 'errors.api.offline' | 'albums.comments.tooMany' | 'albums.comments.closed' {
  switch (failure) {
    case 'offline':
      return 'errors.api.offline';
    case 'tooMany':
      return 'albums.comments.tooMany';
    case 'closed':
      return 'albums.comments.closed';
    default:
      return fallback;
  }
}

/** A visitor's token the server no longer takes (a new password, the album closed, 30 days). */
export function isVisitorTokenRefused(error: unknown): boolean {
  return apiErrorCode(error) === 'visitor_token_invalid';
}

export async function postComment(
  jobId: string,
  fileId: string,
  text: string,
  signal?: AbortSignal,
): Promise<Comment> {
  const { data } = await api().request({
    call: callTo(CALLS.postComment, { id: jobId, fileId: fileId }),
    body: { comment: text },
    schema: CommentSchema,
    signal,
    ...authorOptions(jobId),
  });
  return data;
}

export async function editComment(
  jobId: string,
  fileId: string,
  commentId: string,
  text: string,
): Promise<Comment> {
  const { data } = await api().request({
    call: callTo(CALLS.editComment, { id: jobId, fileId: fileId, commentId: commentId }),
    body: { comment: text },
    schema: CommentSchema,
    ...authorOptions(jobId),
  });
  return data;
}

export async function deleteComment(
  jobId: string,
  fileId: string,
  commentId: string,
): Promise<void> {
  await api().request({
    call: callTo(CALLS.deleteComment, { id: jobId, fileId: fileId, commentId: commentId }),
    responseType: 'none',
    ...authorOptions(jobId),
  });
}

// SPEC §4/§9 pendingComment: a visitor who chooses to sign in while a comment is typed keeps it
// in session storage; it is posted once the login comes back (like the love).
const PendingCommentSchema = z.object({
  jobId: z.string(),
  fileId: z.string(),
  text: z.string().max(1000),
});

export function keepPendingComment(pending: z.infer<typeof PendingCommentSchema>): void {
  writeJson('pendingComment', pending);
}

/** The comment kept for this file before a login, taken (it is replayed once). */
export function takePendingComment(jobId: string, fileId: string): string | null {
  const pending = readJson('pendingComment', PendingCommentSchema);
  if (!pending || pending.jobId !== jobId || pending.fileId !== fileId) return null;
  removeItem('pendingComment');
  return pending.text;
}
