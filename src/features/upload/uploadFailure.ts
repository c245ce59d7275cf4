import { STORAGE_POPUPS, type StoragePopupKind } from '../storage';
import { isActive, type RejectReason, type UploadItem } from './model';
import { UploadError } from './transport';
import type { UploadState } from './uploadStore';

/** A read of the local file failed: it was moved, deleted or its permission withdrawn. */
export const isReadError = (error: unknown): boolean =>
  error instanceof DOMException ||
  (error instanceof Error &&
    /NotReadable|NotFound|NotAllowed/.test(`${error.name} ${error.message}`));

/** Whether the first `bytes` of the file can still be read. */
export async function readable(file: Blob, bytes: number): Promise<boolean> {
  try {
    await file.slice(0, bytes).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * SPEC §4/§8: what a failed upload does to its item and the uploader. `file` is the local file
 * (undefined when it is gone); `showPopup` raises the storage popup of an out-of-storage answer.
 */
export async function recordFailure(
  state: UploadState,
  item: UploadItem,
  file: Blob | undefined,
  error: unknown,
  showPopup?: (kind: StoragePopupKind) => void,
  inFlight: (id: string) => boolean = () => false,
): Promise<void> {
  const reject = (reason: RejectReason) => state.rejected(item.id, reason);
  if (!(error instanceof UploadError)) {
    if (isReadError(error)) reject('LocalFileUnavailable');
    else {
      console.error('[upload] unexpected failure', error);
      reject('Unknown');
    }
    return;
  }
  switch (error.kind) {
    case 'aborted':
      if (!file) reject('LocalFileUnavailable');
      return;
    case 'network':
    case 'server':
      // A file that went away mid-send looks like a network error: tell the two apart.
      if (file && !(await readable(file, 1))) reject('LocalFileUnavailable');
      else state.failed(item.id);
      return;
    case 'outOfStorage':
      // The storage popup once a spell: the other uploads in flight meet the same full quota
      // after it, and showed it again once the user had closed it (over the upload panel).
      if (state.noStorage(item.id)) showPopup?.(STORAGE_POPUPS.addedMoreThanAvailable);
      return;
    case 'tooLarge':
      reject('TooLargeFile');
      return;
    case 'fileWasDeleted':
      reject('FileWasDeleted');
      return;
    case 'rejected':
      // SPEC §8: FileError ("File rejected by server") maps to UnSupported.
      reject('UnSupported');
      return;
    case 'invalidName':
      reject('InvalidName');
      return;
    case 'readOnly':
      // SPEC §6: without a subscription nothing can be saved, so nothing waiting is tried.
      // Files already on their way settle on their own (the server may have stored them).
      reject('ReadOnly');
      for (const other of state.items) {
        if (isActive(other) && !inFlight(other.id)) state.rejected(other.id, 'ReadOnly');
      }
      return;
    case 'jobDeleted':
      // SPEC §8: uploading into a deleted job is ignored: every item bound for it is dropped.
      for (const other of state.items) {
        if (other.targetJob === item.targetJob && isActive(other)) state.ignored(other.id);
      }
      state.ignored(item.id);
      return;
    case 'uploadGone':
      // Issue 32: files_dedup finds it if a lost answer made it a file; else a new upload.
      state.restart(item.id, false);
      return;
    case 'fileChanged':
      // Issue 32: the bytes sent are not the file hashed: hash it again, send it again.
      state.restart(item.id, true);
      return;
    case 'unauthorized':
      // Nothing can go until the user signs in again; the item waits.
      state.requeue(item.id);
      state.setPaused(true);
      return;
  }
}
