// The public entry of features/upload: the shell mounts UploadRoot (overlay) and UploadButton
// (top navigation); other features hand files to the queue with startUpload.
export { startUpload } from './startUpload';
export { acceptsDrop, targetForPath } from './target';
export { UploadButton, UPLOAD_ACCEPT } from './UploadButton';
export { UploadRoot } from './UploadRoot';
export { usePendingAlbums } from './pendingAlbums';
export type { IncomingFile, PendingAlbum } from './model';
export { onUploadsChange, uploadsRunning } from './uploadsRunning';
