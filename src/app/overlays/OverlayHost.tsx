import { DownloadPanel } from '../../features/downloads';
import { registerStoragePopups } from '../../features/storage';
import { UploadRoot } from '../../features/upload';
import { DialogHost } from './DialogHost';
import { PopupHost } from './PopupHost';
import { ToastViewport } from './ToastViewport';

// The popup kinds features enqueue (uploads and restores raise the storage popups).
registerStoragePopups();

/** Global overlays of SPEC §2: popups one at a time, confirm/alert dialogs, toasts. */
export function OverlayHost() {
  return (
    <>
      <PopupHost />
      <DialogHost />
      <ToastViewport />
      <DownloadPanel />
      <UploadRoot />
    </>
  );
}
