import type { ParseKeys } from 'i18next';
import { errorCodeOfBody, isApiError } from '../../api/errors';
import { PaymentActionError } from '../../platform/payments';

/**
 * SPEC §8 payment and subscription failures: the text key for a failed purchase, plan change or
 * grant link. A refused card names its reason (insufficient funds, declined), a charge the
 * holder did not confirm (action required) says nothing was charged.
 */
export function paymentFailureKey(
  error: unknown,
  fallback: Extract<ParseKeys, `billing.errors.${string}`>,
): ParseKeys {
  if (error instanceof PaymentActionError) return 'billing.errors.actionRequired';
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'offline') return 'billing.errors.network';
    const code = errorCodeOfBody(error.body);
    if (code === 'card_declined') {
      return error.body?.includes('insufficient_funds')
        ? 'billing.errors.insufficientFunds'
        : 'billing.errors.declined';
    }
    if (code === 'no_payment_method') return 'billing.errors.noCard';
    if (code === 'plan_unavailable') return 'billing.errors.planUnavailable';
  }
  return fallback;
}
