import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { api } from '../../platform/api';
import { exposeForTests } from '../../platform/testHooks';
import { JobSync, type ApplyChanges, type JobFetchStatus, type SerialStore } from './JobSync';

/** A tab hidden this long stops polling until it is shown again. */
declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /** The change stream of the job a page follows, while it is mounted. */
    jobSync?: JobSync;
  }
}

export const HIDDEN_STOP_MS = 60_000;

const idle = () => () => undefined;

/**
 * Follows the focused job (SPEC §4 Job syncing) while the component is mounted and the tab is
 * not hidden for long; `apply` gets the changes (read through a ref: the latest one is used).
 * Returns the job's fetch status.
 */
export function useJobSync(
  jobId: string | undefined,
  apply: ApplyChanges,
  serials?: SerialStore,
): JobFetchStatus {
  const applyRef = useRef(apply);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });
  const syncRef = useRef<JobSync | null>(null);

  useEffect(() => {
    if (!jobId) return undefined;
    const sync = new JobSync({
      client: api(),
      jobId,
      apply: (changes, full) => applyRef.current(changes, full),
      serials,
    });
    syncRef.current = sync;
    let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(hiddenTimer);
      if (document.visibilityState === 'hidden') {
        hiddenTimer = setTimeout(() => sync.stop(), HIDDEN_STOP_MS);
      } else {
        sync.start();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    if (document.visibilityState === 'hidden') onVisibility();
    sync.start();
    const unexpose = exposeForTests('jobSync', sync);
    return () => {
      clearTimeout(hiddenTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      sync.stop();
      unexpose();
      if (syncRef.current === sync) syncRef.current = null;
    };
  }, [jobId, serials]);

  return useSyncExternalStore(
    (listener) => syncRef.current?.subscribe(listener) ?? idle(),
    () => syncRef.current?.status ?? 'NOT_STARTED',
  );
}
