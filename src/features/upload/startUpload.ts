import { isReadOnlyUser } from '../../platform/queries';
import { showToast } from '../../state/toasts';
import type { IncomingFile, UploadTarget } from './model';
import { connectedInstance, isUploadQueueConnected } from './uploader';

/** Hands a batch to the queue; a batch that cannot even start (no network) says so. */
export async function startUpload(
  files: readonly IncomingFile[],
  target: UploadTarget,
): Promise<void> {
  if (files.length === 0 || !isUploadQueueConnected()) return;
  // SPEC §6: read-only users cannot upload (button and drop alike); they may join shared albums.
  if (isReadOnlyUser()) {
    showToast({ kind: 'info', message: { key: 'upload.readOnlyTooltip' } });
    return;
  }
  try {
    await connectedInstance().addFiles(files, target);
  } catch (error) {
    console.error('[upload] the batch could not be queued', error);
    showToast({ kind: 'error', message: { key: 'upload.failedToStart' } });
  }
}
