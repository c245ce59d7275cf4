import { CALLS } from '../api/contract/calls';
import { callTo } from '../api/contract/callTarget';
import { clearStoredAuth } from '../api/authStore';
import { api } from './api';
import { clearOfflineData } from './offlineData';
import { queryClient } from './queryClient';
import { castingStore } from '../state/casting';
import { lastSeenStore } from '../state/lastSeen';
import { popupStore } from '../state/popups';
import { sessionStore } from '../state/session';

/**
 * Revokes the token on the server when it can, and always forgets it locally: a user who asked
 * to log out must end up logged out even when offline.
 */
export async function logOut(): Promise<void> {
  try {
    await api().request({ call: callTo(CALLS.logout), responseType: 'none' });
  } catch {
    // Offline or already revoked: the local session is cleared below either way.
  }
  forgetSession();
}

/**
 * Forgets the session here without asking the server (which has already ended it, e.g. after an
 * account deletion request), so no call is made with a revoked token.
 */
export function forgetSession(): void {
  clearStoredAuth();
  // One user's server data never shows to the next user of the browser.
  queryClient.clear();
  // Nor its thumbnails and timeline kept for the next visit (issue 19).
  void clearOfflineData();
  popupStore.getState().clear();
  // Nor where it was in each job's grid (SPEC §3 last seen element per job).
  lastSeenStore.getState().clear();
  // The TV this browser cast to was the user's (the server ends the pairing at logout).
  castingStore.getState().setPairing(null);
  sessionStore.getState().setStatus('NOT_STARTED');
}
