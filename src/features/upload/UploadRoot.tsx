import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountInfoQuery } from '../../platform/queries';
import { exposeForTests } from '../../platform/testHooks';
import { useLoginStatus } from '../../state/session';
import { storageQuotaStore } from '../../state/storageQuota';
import { DropZone } from './DropZone';
import { isActive } from './model';
import { persistStorageWhileQueued } from './persistentStorage';
import { httpUploadTransport } from './httpTransport';
import { UploadPanel } from './UploadPanel';
import {
  connectUploadQueue,
  connectedInstance,
  disconnectUploadQueue,
  uploadStore,
} from './uploader';

declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /** While signed in. */
    upload?: {
      store: typeof uploadStore;
      quota: typeof storageQuotaStore;
      queue: typeof connectedInstance;
    };
  }
}

/**
 * Mounted once by the overlay host: connects the upload queue while signed in (resuming what a
 * reload interrupted), warns before leaving with uploads pending, and shows the panel and the
 * drop zone.
 */
export function UploadRoot() {
  const loggedIn = useLoginStatus() === 'AUTHENTICATED';
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!loggedIn) return;
    const queue = connectUploadQueue({
      // SPEC issue 8: the account's used space updates after uploads.
      onIdle: () => void queryClient.invalidateQueries({ queryKey: ['account_info'] }),
    });
    let cancelled = false;
    // Signed in means the session has just loaded the account (and set the quota): use it, so
    // a start does not ask /account_info twice (issue 19, revisit bench).
    const known = queryClient.getQueryData(accountInfoQuery.queryKey);
    (known
      ? Promise.resolve({
          uuid: known.uuid,
          usedSpace: known.used_space,
          maxSpace: known.max_space,
        })
      : httpUploadTransport.account()
    )
      .then((account) => {
        storageQuotaStore
          .getState()
          .setQuota({ usedSpace: account.usedSpace, maxSpace: account.maxSpace });
        if (!cancelled) return queue.resume(account.uuid);
        return undefined;
      })
      .catch((error: unknown) => console.error('[upload] the saved queue was not resumed', error));
    const unexpose = exposeForTests('upload', {
      store: uploadStore,
      quota: storageQuotaStore,
      queue: () => connectedInstance(),
    });
    return () => {
      cancelled = true;
      unexpose();
      disconnectUploadQueue();
    };
  }, [loggedIn, queryClient]);

  useEffect(() => {
    // SPEC issue 8: leaving with uploads pending warns first (the queue would resume, but the
    // user may not come back to this browser).
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!uploadStore.getState().items.some(isActive)) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const stopPersisting = persistStorageWhileQueued((listener) =>
      uploadStore.subscribe((state) => listener(state.items)),
    );
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      stopPersisting();
    };
  }, []);

  if (!loggedIn) return null;
  return (
    <>
      <DropZone />
      <UploadPanel />
    </>
  );
}
