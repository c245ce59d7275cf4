import { lazy, Suspense } from 'react';
import { registerBillingPopups } from '../../features/billing';
import { DownloadPanel } from '../../features/downloads';
import { registerSessionPopups, SessionPrompts } from '../../features/notices';
import { registerStoragePopups } from '../../features/storage';
import { UploadRoot } from '../../features/upload';
import { DialogHost } from './DialogHost';
import { LeaveWarning } from './LeaveWarning';
import { PopupHost } from './PopupHost';
import { ToastViewport } from './ToastViewport';
import { useCasting } from '../../state/casting';

/** The casting bar and the cast feature load only while this browser casts (bench/bundle). */
const CastingBar = lazy(() =>
  import('../../features/cast').then((cast) => ({ default: cast.CastingBar })),
);

// The popup kinds features enqueue (uploads and restores raise the storage popups).
registerStoragePopups();
// SPEC §4 modal queue: terms, sunset notice and full-screen cards, queued at session start.
registerSessionPopups();
// SPEC §4 Subscription dialog (read-only users, subscribe buttons).
registerBillingPopups();

/**
 * Global overlays of SPEC §2: popups one at a time, confirm/alert dialogs, toasts, and the
 * SPEC §8 warning on leaving while a long-running task is pending.
 */
export function OverlayHost() {
  const casting = useCasting();
  return (
    <>
      <PopupHost />
      <SessionPrompts />
      <DialogHost />
      <LeaveWarning />
      <ToastViewport />
      <DownloadPanel />
      <UploadRoot />
      {casting ? (
        <Suspense fallback={null}>
          <CastingBar />
        </Suspense>
      ) : null}
    </>
  );
}
