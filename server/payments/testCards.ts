/**
 * The provider's public test cards (SPEC §7 "card payment provider"; the numbers its docs
 * publish) and what each does in the emulator. Card numbers are only ever checked here, in the
 * emulator's confirm step; what is kept is the brand, last 4, expiry and this behaviour.
 */
/**
 * `authenticate`: the setup asks for 3-D Secure once; `authenticate_always`: the setup's challenge
 * and every charge after it (a purchase after the trial, an upgrade) answer requires_action.
 */
export type CardBehaviour =
  'succeeds' | 'insufficient_funds' | 'authenticate' | 'authenticate_always';

export interface CardOutcome {
  behaviour: CardBehaviour | 'declined';
  brand: 'visa' | 'mastercard' | 'amex' | 'unknown';
}

export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { behaviour: 'succeeds', brand: 'visa' },
  '5555555555554444': { behaviour: 'succeeds', brand: 'mastercard' },
  '4000000000000002': { behaviour: 'declined', brand: 'visa' },
  '4000000000009995': { behaviour: 'insufficient_funds', brand: 'visa' },
  '4000002500003155': { behaviour: 'authenticate', brand: 'visa' },
  '4000002760003184': { behaviour: 'authenticate_always', brand: 'visa' },
};

/** The provider's error for a card the emulator refuses: code, decline code and message. */
export interface CardError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
}

// The provider's own English messages (it translates them itself in the browser).
export const CARD_ERRORS = {
  declined: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficientFunds: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  liveCardInTestMode: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card.',
  },
  invalidNumber: {
    type: 'card_error',
    code: 'invalid_number',
    message: 'Your card number is invalid.',
  },
  expired: {
    type: 'card_error',
    code: 'invalid_expiry_year',
    message: "Your card's expiration year is in the past.",
  },
  invalidCvc: {
    type: 'card_error',
    code: 'invalid_cvc',
    message: "Your card's security code is invalid.",
  },
  authenticationFailed: {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
  paymentAuthenticationFailed: {
    type: 'card_error',
    code: 'payment_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, CardError>;

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** Checks a card as the provider would at setup: an error, or what the card does from now on. */
export function checkCard(
  card: CardInput,
  now: Date,
): { error: CardError } | { outcome: CardOutcome } {
  const number = card.number.replace(/\s+/g, '');
  if (!luhnValid(number)) return { error: CARD_ERRORS.invalidNumber };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (year < nowYear || (year === nowYear && card.exp_month < nowMonth)) {
    return { error: CARD_ERRORS.expired };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) return { error: CARD_ERRORS.invalidCvc };
  const known = TEST_CARDS[number];
  if (!known) return { error: CARD_ERRORS.liveCardInTestMode };
  if (known.behaviour === 'declined') return { error: CARD_ERRORS.declined };
  return { outcome: known };
}
