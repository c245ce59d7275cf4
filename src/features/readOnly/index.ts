// The public entry of features/readOnly: SPEC §6 read-only users. One primitive for every
// subscriber-only action (SubscriberButton: the readonly tooltip and a subscribe button), the
// same for menu entries (gateMenuItems), and the way to open the subscription dialog (with an
// action held until the purchase, SPEC §4).
export { gateMenuItems } from './menu';
export { SubscriberButton } from './SubscriberButton';
export { requestSubscription, type HeldAction } from './subscription';
