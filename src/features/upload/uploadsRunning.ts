import { uploadStore } from './uploader';

/**
 * Whether an upload is running now (sent, or being processed by the server): a new service
 * worker version waits until none is (issue 19, platform/serviceWorker).
 */
export function uploadsRunning(): boolean {
  return uploadStore
    .getState()
    .items.some((item) => item.status === 'Uploading' || item.status === 'BackendSucceeded');
}

/** Calls back on every change of the uploads; returns the unsubscribe. */
export function onUploadsChange(listener: () => void): () => void {
  return uploadStore.subscribe(listener);
}
