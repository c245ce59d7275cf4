import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { UNSUPPORTED_MEDIA_EVENT, type EngagedEvent } from '../../domain/engagement';
import { getClientIdentity } from '../../state/clientIdentity';
import { readJson, writeJson } from '../../state/persisted';
import { sessionStore } from '../../state/session';
import { api } from '../api';
import { accountInfoQuery } from '../queries';
import { queryClient } from '../queryClient';
import { createEngagedAnalytics, StoredSentAtSchema, type EventData } from './engagedAnalytics';

export { type EventData } from './engagedAnalytics';

/**
 * The app's analytics (SPEC §1, §7, §9): only while account_info says `allowAnalytics`, which the
 * server derives from the help_us_improve consent of the privacy page. Features call
 * `trackEngaged` where the engaged event really happens, and `trackUnsupportedMedia` where a file
 * fails to show (SPEC §8); nothing else is tracked.
 */
const analytics = createEngagedAnalytics({
  account: () => {
    if (sessionStore.getState().status !== 'AUTHENTICATED') return null;
    const info = queryClient.getQueryData(accountInfoQuery.queryKey);
    return info ? { uuid: info.uuid, allowAnalytics: info.allowAnalytics } : null;
  },
  identity: () => getClientIdentity(location.hostname),
  now: () => Date.now(),
  sendEvents: async (events) => {
    await api().request({
      call: callTo(CALLS.statisticsEvents),
      body: { events },
      responseType: 'none',
    });
  },
  sendClientStats: async (stats) => {
    await api().request({
      call: callTo(CALLS.clientStats),
      body: stats,
      responseType: 'none',
    });
  },
  readSentAt: () => readJson('engagedEventsSentAt', StoredSentAtSchema),
  writeSentAt: (value) => {
    writeJson('engagedEventsSentAt', value);
  },
});

/** SPEC §9: an engaged event happened (sent unless cooling down or not consented to). */
export function trackEngaged(event: EngagedEvent, data?: EventData): void {
  void analytics.engaged(event, data);
}

/** SPEC §8: an image failed to load in the viewer (sent each time, when allowed). */
export function trackUnsupportedMedia(data?: EventData): void {
  void analytics.track(UNSUPPORTED_MEDIA_EVENT, data);
}

/**
 * Reports the client stats when a session starts and whenever the tab comes back to the
 * foreground. Called once at start-up; returns the undo.
 */
export function startAnalytics(win: Window): () => void {
  const unsubscribe = sessionStore.subscribe((state, previous) => {
    if (state.status === 'AUTHENTICATED' && previous.status !== 'AUTHENTICATED') {
      void analytics.foreground();
    }
  });
  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') void analytics.foreground();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * The session's start once the server confirmed an account that the app had opened from the copy
 * kept on the device (features/auth/session.ts): the client stats, if the answer allows them.
 */
export function reportSessionStart(): void {
  void analytics.foreground();
}

/**
 * The help_us_improve consent changed on the privacy page: account_info's allowAnalytics follows
 * at once, so no event leaves after the user said no (the server refuses them too).
 */
export function setAnalyticsConsent(allowed: boolean): void {
  queryClient.setQueryData(accountInfoQuery.queryKey, (old) =>
    old ? { ...old, allowAnalytics: allowed } : old,
  );
}
