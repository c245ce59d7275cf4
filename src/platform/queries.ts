import { CALLS } from '../api/contract/calls';
import { callTo } from '../api/contract/callTarget';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { AccountInfoSchema, type AccountInfo } from '../api/contract/account';
import { JobInfoSchema } from '../api/contract/jobs';
import { useLoginStatus } from '../state/session';
import { api } from './api';
import { queryClient } from './queryClient';

/**
 * The server reads shared by several features, one `queryOptions` per call. A feature's own calls
 * keep their options in the feature.
 */

/** GET /account_info: the signed-in account (SPEC §3 Account info). */
export const accountInfoQuery = queryOptions({
  queryKey: ['account_info'],
  queryFn: async ({ signal }) =>
    (
      await api().request({
        call: callTo(CALLS.accountInfo),
        schema: AccountInfoSchema,
        signal,
      })
    ).data,
});

/** GET /jobs/default: the signed-in user's timeline job. */
export const defaultJobQuery = queryOptions({
  queryKey: ['jobs', 'default'],
  queryFn: async ({ signal }) =>
    (await api().request({ call: callTo(CALLS.defaultJob), schema: JobInfoSchema, signal })).data,
});

/** The account as last loaded, fresh from the server (non-React callers). */
export function fetchAccountInfo(): Promise<AccountInfo> {
  return queryClient.fetchQuery({ ...accountInfoQuery, staleTime: 0 });
}

/** The signed-in account; loads only while signed in. */
export function useAccountInfo(): UseQueryResult<AccountInfo> {
  const signedIn = useLoginStatus() === 'AUTHENTICATED';
  return useQuery({ ...accountInfoQuery, enabled: signedIn });
}

/** SPEC §6: a signed-in user without a subscription may only join albums shared by others. */
export const isReadOnlyUser = (): boolean =>
  queryClient.getQueryData(accountInfoQuery.queryKey)?.is_read_only_user === true;

export const useIsReadOnlyUser = (): boolean => useAccountInfo().data?.is_read_only_user === true;

/** SPEC §4 Resource load states, derived from a query (recents, account attributes). */
export type ResourceLoad = 'EMPTY' | 'FETCHING' | 'SUCCEEDED' | 'FAILED';

export function resourceLoadOf(
  query: Pick<UseQueryResult, 'status' | 'fetchStatus' | 'isLoadingError'>,
): ResourceLoad {
  if (query.status === 'success') return 'SUCCEEDED';
  if (query.isLoadingError) return 'FAILED';
  // A failed background refresh keeps what is shown.
  if (query.status === 'error') return 'SUCCEEDED';
  return query.fetchStatus === 'fetching' ? 'FETCHING' : 'EMPTY';
}
