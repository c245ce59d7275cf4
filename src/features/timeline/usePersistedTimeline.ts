import { useMemo } from 'react';
import type { TimelineSource } from '../../gallery';
import { useAccountInfo } from '../../platform/queries';
import { exposeForTests } from '../../platform/testHooks';
import type { SerialStore } from '../sync';
import {
  PersistedTimeline,
  persistedTimelineSource,
  persistedTimelineWritesPending,
} from './persistedTimeline';

declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /** The persisted timeline's writes not landed yet (the revisit bench waits for 0). */
    persistedTimeline?: { pendingWrites: typeof persistedTimelineWritesPending };
  }
}

exposeForTests('persistedTimeline', { pendingWrites: persistedTimelineWritesPending });

export interface PersistedTimelineHandle {
  /** `inner` with the saved timeline in front; `revalidate` lists the sections afresh. */
  wrap(inner: TimelineSource, revalidate: () => void): TimelineSource;
  /** The change stream's serial, saved with the timeline. */
  serials: SerialStore;
}

/**
 * The persisted timeline of the signed-in user's job under one filter (issue 19), or null until
 * the account and the job are known.
 */
export function usePersistedTimeline(
  jobId: string | undefined,
  variant: string,
): PersistedTimelineHandle | null {
  const user = useAccountInfo().data?.uuid;
  return useMemo(() => {
    if (!user || !jobId) return null;
    const store = PersistedTimeline.open({ user, job: jobId, variant }).catch(() => null);
    return {
      wrap: (inner, revalidate) => persistedTimelineSource(inner, store, revalidate),
      serials: {
        load: async () => (await store)?.serial ?? null,
        save: (serial) => void store.then((opened) => opened?.saveSerial(serial)),
      },
    };
  }, [user, jobId, variant]);
}
