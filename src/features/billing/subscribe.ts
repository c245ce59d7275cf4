import { popupStore, SUBSCRIPTION_POPUP } from '../../state/popups';
import type { SubscriptionStep } from './SubscriptionDialog';

/**
 * Opens the subscription dialog at a step. The storage page's "Subscribe" starts at SUB with the
 * plan already picked in its table, so the choice is not asked twice.
 */
export function requestSubscriptionAt(step: SubscriptionStep, planId: string | null = null): void {
  popupStore.getState().enqueue(SUBSCRIPTION_POPUP, { step, planId });
}
