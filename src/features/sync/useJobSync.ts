import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { api } from '../../platform/api';
import { accountInfoQuery } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { storageQuotaStore } from '../../state/storageQuota';
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
 * SPEC §7 `info.used_space` of the caller's own job: the account's used space as the storage
 * meter and the upload checks read it (`account_info`, the quota store), before the next
 * `/account_info`.
 */
export function followUsedSpace(usedSpace: number): void {
  queryClient.setQueryData(accountInfoQuery.queryKey, (account) =>
    account && account.used_space !== usedSpace ? { ...account, used_space: usedSpace } : account,
  );
  storageQuotaStore.getState().setQuota({ usedSpace });
}

/**
 * Follows the focused job (SPEC §4 Job syncing) while the component is mounted and the tab is
 * not hidden for long; `apply` gets the changes (read through a ref: the latest one is used).
 * Returns the job's fetch status.
 */
export function useJobSync(
  jobId: string | undefined,
  apply: ApplyChanges,
  serials?: SerialStore,
  ownJob = false,
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
      onUsedSpace: ownJob ? followUsedSpace : undefined,
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
  }, [jobId, serials, ownJob]);

  return useSyncExternalStore(
    (listener) => syncRef.current?.subscribe(listener) ?? idle(),
    () => syncRef.current?.status ?? 'NOT_STARTED',
  );
}
