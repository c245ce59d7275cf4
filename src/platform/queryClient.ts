import { QueryClient } from '@tanstack/react-query';
import { ApiError, InternalError, type ApiErrorKind } from '../api/errors';

/** Answers that a second try cannot change: the request itself, or the session, is the problem. */
const FINAL_KINDS: ReadonlySet<ApiErrorKind> = new Set([
  'unauthorized',
  'forbidden',
  'badRequest',
  'conflict',
  'payloadTooLarge',
  'offline',
  'aborted',
]);

/**
 * One more try for a read that failed on the way (network, 5xx, a malformed answer; a 404 too, as
 * before: a thing just made may not be listed yet), none for an answer that would come again. A
 * 401 above all: its handler ends the session at once (main.tsx),
 * and a second try then failed without a session, which made the session's start take that
 * failure for a broken sign-in and go to the identity provider instead of showing the
 * session-expired dialog (SPEC §4); a disabled account's 403 likewise. An internal error (no
 * session to call with) is final too.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof InternalError) return false;
  return !(error instanceof ApiError && FINAL_KINDS.has(error.kind));
}

/**
 * The one cache of server data (ARCHITECTURE rule 2): React reads it with hooks, non-React code
 * (the session, the upload queue) with `queryClient.fetchQuery` / `getQueryData`. Cleared on
 * logout so one user's data never shows to the next.
 *
 * `networkMode: 'always'`: a call made offline goes out and fails as a network error, which
 * the app answers (SPEC §4 connectivity, §8 "No Internet connection": the banner, the kept
 * copies, an error with a retry). React Query's default paused every call made after the
 * browser said it was offline, so whoever awaited one waited for ever (issue 34.8: `/albums`
 * spun, an upload started offline never reached the queue), while a page opened offline saw
 * the errors (the browser reports no change then): the same call now behaves the same both ways.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryOnce,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      networkMode: 'always',
    },
    mutations: { networkMode: 'always' },
  },
});
