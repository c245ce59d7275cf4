import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripePaymentElementOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { needsNetwork } from '../../api/errors';
import { useAccountInfo } from '../../platform/queries';
import { loadPaymentProvider } from '../../platform/payments';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { createSetupIntent, ensureCustomer, finishSetupIntent } from './billingApi';
import './billing.css';

// SPEC §5: billing-details fields hidden (and sent as null), wallets off.
const ELEMENT_OPTIONS: StripePaymentElementOptions = {
  fields: { billingDetails: 'never' },
  wallets: { applePay: 'never', googlePay: 'never' },
};
const NO_BILLING_DETAILS = {
  name: null,
  email: null,
  phone: null,
  address: {
    line1: null,
    line2: null,
    city: null,
    state: null,
    postal_code: null,
    country: null,
  },
};

export interface CardFormProps {
  /** The submit button's text ("Pay", "Save card"). */
  submitLabel: string;
  /** After the card is confirmed and saved: buy the plan, or nothing more. Throws a message. */
  onSaved: () => Promise<void>;
  /** SPEC §8 failure text shown when onSaved throws. */
  describeFailure: (error: unknown) => string;
  actionsStart?: React.ReactNode;
}

type Setup =
  | { state: 'loading' }
  | { state: 'ready'; stripe: Stripe; clientSecret: string }
  | { state: 'impossible' }
  | { state: 'failed' };

/**
 * The card step: a setup intent for the customer (made first if missing), then the provider's
 * `<Elements>` + `<PaymentElement>`; submit is enabled only once the element reports complete,
 * and confirms with redirect 'if_required' (SPEC §7).
 */
export function CardForm(props: CardFormProps) {
  const { t, i18n } = useTranslation();
  const account = useAccountInfo().data;
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });

  useEffect(() => {
    if (!account) return;
    let live = true;
    (async () => {
      if (!(await ensureCustomer(account))) return { state: 'impossible' } as const;
      const [stripe, clientSecret] = await Promise.all([
        loadPaymentProvider(),
        createSetupIntent(),
      ]);
      return { state: 'ready', stripe, clientSecret } as const;
    })()
      .then((next) => live && setSetup(next))
      .catch((error: unknown) => {
        console.warn('[billing] card form not ready', error);
        if (live) setSetup({ state: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [account]);

  const options = useMemo(
    () =>
      setup.state === 'ready'
        ? { clientSecret: setup.clientSecret, locale: i18n.language.slice(0, 2) as 'en' }
        : undefined,
    [setup, i18n.language],
  );

  if (setup.state === 'loading') return <Spinner label={t('billing.card.loading')} />;
  if (setup.state === 'impossible') {
    return <p role="alert">{t('billing.mobileOnly')}</p>;
  }
  if (setup.state === 'failed') {
    return <p role="alert">{t('billing.errors.notLoaded')}</p>;
  }
  return (
    <Elements stripe={setup.stripe} options={options}>
      <CardFields {...props} />
    </Elements>
  );
}

function CardFields({ submitLabel, onSaved, describeFailure, actionsStart }: CardFormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    // SPEC §8 "Stripe.js has not yet loaded".
    if (!stripe || !elements) {
      setError(t('billing.errors.notLoaded'));
      return;
    }
    setBusy(true);
    try {
      const result = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { payment_method_data: { billing_details: NO_BILLING_DETAILS } },
      });
      if (result.error) {
        // SPEC §8 "Confirm setup intent failed: {message}" (the provider's own words).
        setError(t('billing.errors.setup', { message: result.error.message ?? '' }));
        return;
      }
      await finishSetupIntent(result.setupIntent.id);
      try {
        await onSaved();
      } catch (failure) {
        setError(describeFailure(failure));
      }
    } catch (failure) {
      console.warn('[billing] card not saved', failure);
      setError(t(needsNetwork(failure) ? 'errors.api.offline' : 'billing.errors.cardSave'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card-form" data-testid="card-form">
      <PaymentElement options={ELEMENT_OPTIONS} onChange={(event) => setComplete(event.complete)} />
      {error ? (
        <p role="alert" className="billing-error" data-testid="billing-error">
          {error}
        </p>
      ) : null}
      <div className="billing-actions">
        {actionsStart}
        <Button
          variant="primary"
          disabled={!complete || busy}
          aria-busy={busy || undefined}
          onClick={() => void submit()}
          data-testid="card-submit"
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
