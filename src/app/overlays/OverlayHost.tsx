import { UploadRoot } from '../../features/upload/UploadRoot';
import { DownloadPanel } from '../../features/downloads/DownloadPanel';
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
