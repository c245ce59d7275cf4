import { isActive, type UploadItem } from './model';

/** What the queue needs of the Storage API (`navigator.storage`). */
export interface StorageManagerLike {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/**
 * Asks the browser to keep this site's storage (`navigator.storage.persist()`) once the upload
 * queue holds files: the queue lives in IndexedDB, and under storage pressure a browser may
 * evict a site's data, which would lose the files waiting to go up. Asked once per page (the
 * browser remembers its answer; Chromium grants it to engaged or installed sites and says no
 * quietly otherwise, and nothing here depends on the answer).
 */
export function persistStorageWhileQueued(
  subscribe: (listener: (items: readonly UploadItem[]) => void) => () => void,
  storage: StorageManagerLike | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.storage,
): () => void {
  if (!storage?.persist) return () => undefined;
  let asked = false;
  return subscribe((items) => {
    if (asked || !items.some(isActive)) return;
    asked = true;
    void (async () => {
      try {
        if (await storage.persisted?.()) return;
        await storage.persist?.();
      } catch {
        // A browser that refuses to say: the queue works as before.
      }
    })();
  });
}
