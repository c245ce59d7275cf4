import { actionFailure } from '../../api/errors';
import { isReadOnlyUser } from '../../platform/queries';
import { showToast } from '../../state/toasts';
import { requestSubscription } from '../readOnly';
import type { IncomingFile, UploadTarget } from './model';
import { connectedInstance, isUploadQueueConnected } from './uploader';

/** Hands a batch to the queue; a batch that cannot even start (no network) says so. */
export async function startUpload(
  files: readonly IncomingFile[],
  target: UploadTarget,
): Promise<void> {
  if (files.length === 0 || !isUploadQueueConnected()) return;
  // SPEC §6: read-only users cannot upload (button and drop alike); they may join shared albums.
  // A drop has no button to carry the tooltip: the toast says why and offers the subscription.
  if (isReadOnlyUser()) {
    showToast({
      kind: 'info',
      message: { key: 'readOnly.tooltip' },
      action: { label: { key: 'readOnly.subscribe' }, run: requestSubscription },
    });
    return;
  }
  try {
    await connectedInstance().addFiles(files, target);
  } catch (error) {
    console.error('[upload] the batch could not be queued', error);
    showToast({ kind: 'error', message: actionFailure(error, { key: 'upload.failedToStart' }) });
  }
}
