import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmDialog } from '../../state/dialogs';

/**
 * SPEC §8: leaving while deletes or restores are pending warns "Changes might be lost" — the
 * browser's own prompt on reload or close (beforeunload), our confirm dialog on in-app
 * navigation (the router's blocker).
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && currentLocation.pathname !== nextLocation.pathname,
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
}
