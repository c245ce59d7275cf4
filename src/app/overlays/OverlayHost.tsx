import { UploadRoot } from '../../features/upload/UploadRoot';
import { DownloadPanel } from '../../features/downloads/DownloadPanel';
// Registers the storage popups (uploads, restores) with the popup host.
import '../../features/storage/StoragePopup';
import { DialogHost } from './DialogHost';
import { PopupHost } from './PopupHost';
import { ToastViewport } from './ToastViewport';

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
