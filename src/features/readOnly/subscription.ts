import { popupStore, SUBSCRIPTION_POPUP } from '../../state/popups';

/**
 * SPEC §4: "A copy of a share to the timeline is held until purchase succeeds and then resumed,
 * or dropped if the subscription is refused." The Subscription popup's `held` prop carries it
 * (features/billing calls `resume` after a purchase, `drop` when the dialog closes without one).
 * `key` names what is held: the same key held twice runs once.
 */
export interface HeldAction {
  key?: string;
  resume: () => void;
  drop: () => void;
}

/**
 * Opens the subscription dialog (SPEC §4 modal queue kind Subscription; the dialog itself is the
 * billing feature's). Every subscribe button of a read-only user calls this. With `held`, the
 * action waits for the purchase; a dialog already queued (e.g. at sign-in) takes it, after any
 * action it already holds.
 */
export function requestSubscription(held?: HeldAction): void {
  const popups = popupStore.getState();
  if (!held) {
    popups.enqueue(SUBSCRIPTION_POPUP);
    return;
  }
  const queued = popups.queue.find((p) => p.kind === SUBSCRIPTION_POPUP)?.props?.held as
    HeldAction | undefined;
  if (queued && held.key !== undefined && queued.key === held.key) return;
  const both: HeldAction = queued
    ? {
        ...(held.key === undefined ? {} : { key: held.key }),
        resume: () => {
          queued.resume();
          held.resume();
        },
        drop: () => {
          queued.drop();
          held.drop();
        },
      }
    : held;
  popups.enqueue(SUBSCRIPTION_POPUP, { held: both });
}
