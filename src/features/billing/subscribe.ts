import { popupStore, SUBSCRIPTION_POPUP } from '../../state/popups';
import type { SubscriptionStep } from './SubscriptionDialog';

/** Opens the subscription dialog at a step (the storage page's "Subscribe" starts at SUB). */
export function requestSubscriptionAt(step: SubscriptionStep): void {
  popupStore.getState().enqueue(SUBSCRIPTION_POPUP, { step });
}
