import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/**
 * SPEC §4 Login status. FETCHING is also the start state when a token is stored (the account
 * is being loaded); UNAUTHENTICATED means a call answered 401 and shows the session-expired dialog.
 * The account itself is server data: `accountInfoQuery` in src/platform/queries.ts.
 */
export type LoginStatus =
  'NOT_STARTED' | 'FETCHING' | 'AUTHENTICATED' | 'FAILED' | 'UNAUTHENTICATED';

interface SessionState {
  status: LoginStatus;
  setStatus: (status: LoginStatus) => void;
}

export const sessionStore = createStore<SessionState>()((set) => ({
  status: 'NOT_STARTED',
  setStatus: (status) => set({ status }),
}));

export const useLoginStatus = (): LoginStatus => useStore(sessionStore, (s) => s.status);
