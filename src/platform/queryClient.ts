import { QueryClient } from '@tanstack/react-query';

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
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});
