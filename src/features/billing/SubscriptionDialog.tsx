import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLegalLinks } from '../../platform/legalLinks';
import type { PopupComponentProps } from '../../platform/popupRegistry';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { purchase, reloadAfterPurchase } from './billingApi';
import { CardForm } from './CardForm';
import { paymentFailureKey } from './failures';
import { heldActionOf } from './heldAction';
import { PlanTable } from './PlanTable';
import { usePlans } from './usePlans';
import './billing.css';

/** SPEC §4 Subscription dialog steps. */
export type SubscriptionStep = 'WELCOME' | 'SUB' | 'STRIPE' | 'NOSUB';

const STORAGE_SETTINGS = '/settings/storage';

/**
 * SPEC §4 Subscription dialog (the modal queue's Subscription kind): WELCOME → SUB (choose a
 * plan, accept the terms) → STRIPE (the card), or WELCOME → NOSUB (carry on without), whose
 * primary button closes and goes to Settings storage. Back: STRIPE → SUB → WELCOME, NOSUB →
 * WELCOME. After the purchase the selected plan is cleared, everything paid-for is reloaded,
 * a held action resumes, and the dialog closes; closing without buying drops the held action.
 */
export function SubscriptionDialog({ close, props }: PopupComponentProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const links = useLegalLinks();
  const held = heldActionOf(props);
  const [step, setStep] = useState<SubscriptionStep>(props?.step === 'SUB' ? 'SUB' : 'WELCOME');
  const [selected, setSelected] = useState<string | null>(() =>
    typeof props?.planId === 'string' ? props.planId : null,
  );
  const [termsAccepted, setTermsAccepted] = useState(false);
  const plans = usePlans(selected);
  const product = plans.products.find((p) => p.id === selected) ?? null;

  function refuse() {
    held?.drop();
    close();
  }

  async function buy() {
    if (!product) return;
    await purchase(product.id);
    await reloadAfterPurchase(client);
    setSelected(null);
    showToast({
      kind: 'success',
      message: { key: 'billing.toast.purchased', values: { size: product.size } },
    });
    held?.resume();
    close();
  }

  const title =
    step === 'WELCOME'
      ? t('billing.welcome.title')
      : step === 'NOSUB'
        ? t('billing.nosub.title')
        : step === 'SUB'
          ? t('billing.sub.title')
          : t('billing.stripe.title');

  let body: React.ReactNode;
  let actions: React.ReactNode = null;
  if (step === 'WELCOME') {
    body = (
      <>
        <p>{t('billing.welcome.body')}</p>
        {plans.trialDays > 0 ? (
          <p data-testid="billing-trial">{t('billing.welcome.trial', { days: plans.trialDays })}</p>
        ) : null}
      </>
    );
    actions = (
      <>
        <Button onClick={() => setStep('NOSUB')} data-testid="billing-nosub">
          {t('billing.welcome.notNow')}
        </Button>
        <Button
          variant="primary"
          autoFocus
          onClick={() => setStep('SUB')}
          data-testid="billing-choose"
        >
          {t('billing.welcome.choose')}
        </Button>
      </>
    );
  } else if (step === 'NOSUB') {
    body = <p>{t('billing.nosub.body')}</p>;
    actions = (
      <>
        <Button onClick={() => setStep('WELCOME')} data-testid="billing-back">
          {t('billing.back')}
        </Button>
        <Button
          variant="primary"
          autoFocus
          onClick={() => {
            refuse();
            void navigate(STORAGE_SETTINGS);
          }}
          data-testid="billing-to-storage"
        >
          {t('billing.nosub.toStorage')}
        </Button>
      </>
    );
  } else if (step === 'SUB') {
    body = plans.loading ? (
      <Spinner label={t('billing.loading')} />
    ) : plans.failed ? (
      <p role="alert">{t('billing.errors.subscriptions')}</p>
    ) : !plans.webPurchasePossible ? (
      <p data-testid="billing-mobile-only">{t('billing.mobileOnly')}</p>
    ) : (
      <>
        <PlanTable rows={plans.rows} onSelect={setSelected} label={t('billing.sub.choose')} />
        <label className="billing-terms">
          <input
            type="checkbox"
            checked={termsAccepted}
            onChange={(event) => setTermsAccepted(event.target.checked)}
            data-testid="billing-terms"
          />
          <span>
            {t('billing.sub.terms')}{' '}
            <a href={links.terms} target="_blank" rel="noopener noreferrer">
              {t('billing.sub.readTerms')}
            </a>
          </span>
        </label>
      </>
    );
    actions = (
      <>
        <Button onClick={() => setStep('WELCOME')} data-testid="billing-back">
          {t('billing.back')}
        </Button>
        <Button
          variant="primary"
          disabled={!product || !termsAccepted || !plans.webPurchasePossible}
          onClick={() => setStep('STRIPE')}
          data-testid="billing-confirm-plan"
        >
          {t('billing.sub.confirm')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        {product ? (
          <p data-testid="billing-summary">{t('billing.stripe.summary', { size: product.size })}</p>
        ) : null}
        <CardForm
          submitLabel={t('billing.stripe.submit')}
          onSaved={buy}
          describeFailure={(error) => t(paymentFailureKey(error, 'billing.errors.purchase'))}
          actionsStart={
            <Button onClick={() => setStep('SUB')} data-testid="billing-back">
              {t('billing.back')}
            </Button>
          }
        />
      </>
    );
  }

  return (
    <Dialog open width={640} title={title} onClose={refuse} actions={actions}>
      <div className="subscription-dialog" data-testid="subscription-dialog" data-step={step}>
        {body}
      </div>
    </Dialog>
  );
}
