import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of server data (ARCHITECTURE rule 2): React reads it with hooks, non-React code
 * (the session, the upload queue) with `queryClient.fetchQuery` / `getQueryData`. Cleared on
 * logout so one user's data never shows to the next.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
