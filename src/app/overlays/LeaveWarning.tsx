import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmDialog } from '../../state/dialogs';
import { anyLongTaskRunning, longTaskStore } from '../../state/longTasks';

/** Asked at the moment of leaving: a task that ended in this very tick lets the user go. */
const busy = () => anyLongTaskRunning(longTaskStore.getState());

/**
 * SPEC §8: leaving while a long-running task is pending (deleting, restoring, copying, preparing
 * a download; `state/longTasks`), on whichever page started it, warns "Changes might be lost":
 * the browser's own prompt on reload or close (beforeunload), our confirm dialog on in-app
 * navigation to another page (the router's blocker). Mounted once, in the shell: the router
 * allows one blocker at a time.
 */
export function LeaveWarning(): null {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!busy()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && busy(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let settled = false;
    void confirmDialog({
      title: { key: 'timeline.leave.title' },
      body: { key: 'timeline.leave.body' },
      confirmLabel: { key: 'timeline.leave.leave' },
      cancelLabel: { key: 'timeline.leave.stay' },
      destructive: true,
    }).then((leave) => {
      if (settled) return;
      settled = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      settled = true;
    };
  }, [blocker]);
  return null;
}
