// The public entry of features/billing: SPEC §3/§4/§7 storage plans and card payments. The
// shell registers the subscription dialog; the storage page is lazily routed by path.
import { createElement, lazy, Suspense } from 'react';
import { withAreaTexts } from '../../i18n';
import { registerPopup, type PopupComponentProps } from '../../platform/popupRegistry';
import { SUBSCRIPTION_POPUP } from '../../state/popups';

export type { HeldAction } from './heldAction';

/**
 * The dialog, its plan table and card form (and the payment provider's script) load when the
 * popup first shows, not with the shell: /photos does not carry them (bench/bundle).
 */
const SubscriptionDialog = lazy(() =>
  withAreaTexts(import('./SubscriptionDialog'), ['billing']).then((module) => ({
    default: module.SubscriptionDialog,
  })),
);

function SubscriptionPopup(props: PopupComponentProps) {
  return createElement(Suspense, { fallback: null }, createElement(SubscriptionDialog, props));
}

/** Registers the subscription dialog for the modal queue's Subscription kind. */
export function registerBillingPopups(): void {
  registerPopup(SUBSCRIPTION_POPUP, SubscriptionPopup);
}
