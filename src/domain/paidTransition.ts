import { FREE_TRIAL_PROMO_MONTHS, SUNSET_NOTICE_MONTHS } from './constants';

/** The fields of SPEC §3 account info the notice is decided by. */
export interface TransitionAccount {
  isBeingShutDown: boolean;
  /** Seconds, or null when the service has not set a date. */
  sunset_delete_date: number | null;
}

/** What the paid-service transition notice says (the UI words it). */
export interface TransitionNotice {
  /** SPEC §9 "promo text 2 months": the free months the notice offers. */
  promoMonths: number;
  /** The day the content goes (seconds), when the service names one… */
  deleteDate: number | null;
  /** …else SPEC §9 "transition/deletion notice 6 months": the time the user is given. */
  noticeMonths: number;
}

/**
 * SPEC §2 "paid-service transition notice", §3 account info `isBeingShutDown`, §9 "Free trial:
 * promo text 2 months; transition/deletion notice 6 months". Shown to a signed-in account the
 * service marks as being shut down (its free service ends), until the user dismisses it: it
 * offers the trial promo and says when the content is deleted without a subscription (the
 * account's sunset date when there is one, else six months).
 */
export function paidTransitionNotice(
  account: TransitionAccount,
  dismissed: boolean,
): TransitionNotice | null {
  if (!account.isBeingShutDown || dismissed) return null;
  return {
    promoMonths: FREE_TRIAL_PROMO_MONTHS,
    deleteDate: account.sunset_delete_date,
    noticeMonths: SUNSET_NOTICE_MONTHS,
  };
}

/**
 * The account attribute that remembers the dismissal, on every device (SPEC §3 "Account
 * attribute: key and value", §7 /account_attribute; the SPEC names no key: this one is ours).
 */
export const TRANSITION_NOTICE_DISMISSED_ATTRIBUTE = 'paid_service_transition_notice_dismissed';
