import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { AccountInfo } from '../api/contract/account';

/**
 * SPEC §4 Login status. FETCHING is also the start state when a token is stored (the account
 * is being loaded); UNAUTHENTICATED means a call answered 401 and shows the session-expired dialog.
 */
export type LoginStatus =
  'NOT_STARTED' | 'FETCHING' | 'AUTHENTICATED' | 'FAILED' | 'UNAUTHENTICATED';

interface SessionState {
  status: LoginStatus;
  /** The signed-in account as last loaded (account_info); null when signed out. */
  account: AccountInfo | null;
  setStatus: (status: LoginStatus) => void;
  setAccount: (account: AccountInfo | null) => void;
}

export const sessionStore = createStore<SessionState>()((set) => ({
  status: 'NOT_STARTED',
  account: null,
  setStatus: (status) => set({ status }),
  setAccount: (account) => set({ account }),
}));

export const useLoginStatus = (): LoginStatus => useStore(sessionStore, (s) => s.status);

/** SPEC §6: a signed-in user without a subscription may only join albums shared by others. */
export const isReadOnlyUser = (): boolean =>
  sessionStore.getState().account?.is_read_only_user === true;
export const useIsReadOnlyUser = (): boolean =>
  useStore(sessionStore, (s) => s.account?.is_read_only_user === true);
