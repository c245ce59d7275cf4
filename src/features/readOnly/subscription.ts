import { popupStore, SUBSCRIPTION_POPUP } from '../../state/popups';

/**
 * Opens the subscription dialog (SPEC §4 modal queue kind Subscription; the dialog itself is the
 * billing feature's). Every subscribe button of a read-only user calls this.
 */
export function requestSubscription(): void {
  popupStore.getState().enqueue(SUBSCRIPTION_POPUP);
}
