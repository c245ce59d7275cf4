// The public entry of features/billing: SPEC §3/§4/§7 storage plans and card payments. The
// shell registers the subscription dialog; the storage page is lazily routed by path.
import { registerPopup } from '../../platform/popupRegistry';
import { SUBSCRIPTION_POPUP } from '../../state/popups';
import { SubscriptionDialog } from './SubscriptionDialog';

export type { HeldAction } from './heldAction';

/** Registers the subscription dialog for the modal queue's Subscription kind. */
export function registerBillingPopups(): void {
  registerPopup(SUBSCRIPTION_POPUP, SubscriptionDialog);
}
