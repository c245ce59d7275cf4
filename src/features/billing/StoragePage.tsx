import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cardBrandOf, grantEntries, isBusinessCustomer, planChange } from '../../domain/billing';
import { storageUsage } from '../../domain/storage';
import { useFormatSize } from '../../i18n/useFormatSize';
import { useAccountInfo } from '../../platform/queries';
import { requestSubscriptionAt } from './subscribe';
import { showToast } from '../../state/toasts';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import {
  deleteCard,
  executeGrantLink,
  grantsQuery,
  paymentMethodQuery,
  purchase,
  reloadAfterPurchase,
} from './billingApi';
import { CardForm } from './CardForm';
import { paymentFailureKey } from './failures';
import { PlanTable } from './PlanTable';
import { usePlans } from './usePlans';
import './billing.css';
import { longServiceDate } from '../../domain/language';

/** SPEC §6: business customers manage their storage at the operator partner. */
const PARTNER_LINK = 'https://www.telenor.no/bedrift/';

/** SPEC §2 `/settings/storage`: storage, plans, the subscription and the payment card. */
export default function StoragePage() {
  return (
    <RequireLogin>
      <Storage />
    </RequireLogin>
  );
}

const PERKS = [
  { key: 'join', free: true },
  { key: 'backup', free: false },
  { key: 'albums', free: false },
  { key: 'originals', free: true },
] as const;

function Storage() {
  const { t, i18n } = useTranslation();
  const formatSize = useFormatSize();
  const client = useQueryClient();
  const account = useAccountInfo().data;
  const grants = useQuery(grantsQuery);
  const card = useQuery(paymentMethodQuery);
  const [selected, setSelected] = useState<string | null>(null);
  const [editingCard, setEditingCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const plans = usePlans(selected);
  const date = (seconds: number) => longServiceDate(seconds, i18n.language);

  if (!account) return <Spinner label={t('billing.loading')} />;
  const usage = storageUsage(account.used_space, account.max_space);
  const sub = plans.subscription;
  const target = plans.products.find((p) => p.id === selected) ?? null;
  const stripeGrant = grants.data?.find((g) => g.source === 'capture_stripe');
  const links = (stripeGrant?._links ?? {}) as Record<string, { href?: string } | undefined>;

  /** Runs a subscription action: its success toast, or its SPEC §8 failure text. */
  async function act(
    run: () => Promise<void>,
    success: Parameters<typeof showToast>[0]['message'],
    fallback: Parameters<typeof paymentFailureKey>[1],
  ) {
    setBusy(true);
    setFailure(null);
    try {
      await run();
      await reloadAfterPurchase(client);
      setSelected(null);
      showToast({ kind: 'success', message: success });
    } catch (error) {
      console.warn('[billing] action failed', error);
      setFailure(t(paymentFailureKey(error, fallback)));
    } finally {
      setBusy(false);
    }
  }

  const link = (name: string) => links[name]?.href;

  return (
    <section
      className="storage-page settings-page"
      data-testid="storage-page"
      aria-labelledby="storage-title"
    >
      <Link to="/settings">{t('billing.storage.back')}</Link>
      <h1 id="storage-title">{t('billing.storage.title')}</h1>

      <section
        aria-labelledby="storage-meter-title"
        data-testid="storage-meter"
        data-kind={usage.kind}
      >
        <h2 id="storage-meter-title">{t('billing.storage.meterLabel')}</h2>
        <p>
          {usage.kind === 'unlimited'
            ? t('billing.storage.unlimited', { used: formatSize(account.used_space) })
            : usage.kind === 'empty'
              ? t('billing.storage.empty', { total: formatSize(account.max_space) })
              : t('billing.storage.used', {
                  used: formatSize(account.used_space),
                  total: formatSize(account.max_space),
                })}
        </p>
        {usage.kind === 'metered' ? (
          <div
            className="storage-meter"
            role="meter"
            aria-label={t('billing.storage.meterLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(usage.ratio * 100)}
          >
            <div
              className={`storage-meter__fill storage-meter__fill--${usage.warning}`}
              style={{ width: `${usage.meterFill * 100}%` }}
            />
          </div>
        ) : null}
        {usage.warning !== 'none' ? (
          <p role="status">{t(`billing.storage.${usage.warning}`)}</p>
        ) : null}
      </section>

      <section aria-labelledby="storage-grants-title">
        <h2 id="storage-grants-title">{t('billing.storage.grantsTitle')}</h2>
        <ul className="storage-grants" data-testid="storage-grants">
          {grantEntries(grants.data ?? []).map((grant, index) => (
            <li key={`${grant.source}-${index}`} data-source={grant.source}>
              {t(`billing.storage.grant.${grant.source}` as 'billing.storage.grant.other', {
                defaultValue: t('billing.storage.grant.other'),
              })}
              {': '}
              {t('billing.storage.grantSize', { size: grant.size })}
              {grant.renews_at
                ? ` · ${t('billing.storage.renews', { date: date(grant.renews_at) })}`
                : ''}
              {grant.expires_at
                ? ` · ${t('billing.storage.expires', { date: date(grant.expires_at) })}`
                : ''}
            </li>
          ))}
        </ul>
        {isBusinessCustomer(grants.data ?? []) ? (
          <p data-testid="storage-partner">
            {t('billing.storage.partner')}{' '}
            <a href={PARTNER_LINK} target="_blank" rel="noopener noreferrer">
              {t('billing.storage.partnerLink')}
            </a>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="storage-sub-title" data-testid="storage-subscription">
        <h2 id="storage-sub-title">{t('billing.storage.subscriptionTitle')}</h2>
        {plans.failed ? <p role="alert">{t('billing.errors.subscriptions')}</p> : null}
        {sub && plans.present ? (
          <>
            <p data-testid="storage-current">
              {t('billing.storage.current', {
                size: plans.present.size,
                period: t(`billing.storage.period.${plans.present.period}`),
              })}
              {' · '}
              {sub.cancel_at_period_end
                ? t('billing.storage.ends', { date: date(sub.current_period_end) })
                : sub.status === 'trialing'
                  ? t('billing.storage.trial', { date: date(sub.current_period_end) })
                  : t('billing.storage.renews', { date: date(sub.current_period_end) })}
            </p>
            {sub.upcoming_product_id ? (
              <p data-testid="storage-upcoming">
                {t('billing.storage.upcoming', {
                  size: plans.products.find((p) => p.id === sub.upcoming_product_id)?.size ?? 0,
                  date: date(sub.current_period_end),
                })}
              </p>
            ) : null}
            <div className="billing-actions">
              {link('cancel_upcoming') ? (
                <Button
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => executeGrantLink(link('cancel_upcoming')!),
                      { key: 'billing.toast.upcomingCancelled' },
                      'billing.errors.cancelUpcoming',
                    )
                  }
                  data-testid="storage-cancel-upcoming"
                >
                  {t('billing.storage.cancelUpcoming')}
                </Button>
              ) : null}
              {link('reactivation') ? (
                <Button
                  variant="primary"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => executeGrantLink(link('reactivation')!),
                      { key: 'billing.toast.reactivated' },
                      'billing.errors.reactivate',
                    )
                  }
                  data-testid="storage-reactivate"
                >
                  {t('billing.storage.reactivate')}
                </Button>
              ) : null}
              {link('cancellation') ? (
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => executeGrantLink(link('cancellation')!),
                      {
                        key: 'billing.toast.cancelled',
                        values: { date: date(sub.current_period_end) },
                      },
                      'billing.errors.cancel',
                    )
                  }
                  data-testid="storage-cancel"
                >
                  {t('billing.storage.cancel')}
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <p>{t('billing.storage.none')}</p>
        )}
        {failure ? (
          <p role="alert" className="billing-error" data-testid="storage-error">
            {failure}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="storage-plans-title">
        <h2 id="storage-plans-title">{t('billing.storage.plansTitle')}</h2>
        {!plans.webPurchasePossible ? (
          <p data-testid="billing-mobile-only">{t('billing.mobileOnly')}</p>
        ) : plans.loading ? (
          <Spinner label={t('billing.loading')} />
        ) : (
          <>
            <PlanTable
              rows={plans.rows}
              onSelect={setSelected}
              label={t('billing.storage.plansTitle')}
            />
            <div className="billing-actions">
              {sub ? (
                <Button
                  variant="primary"
                  disabled={!target || busy}
                  onClick={() => {
                    if (!target || !plans.present) return;
                    const down = planChange(plans.present, target) === 'downgrade';
                    void act(
                      async () => {
                        await purchase(target.id, true);
                      },
                      {
                        key: down ? 'billing.toast.downgraded' : 'billing.toast.changed',
                        values: { size: target.size },
                      },
                      'billing.errors.change',
                    );
                  }}
                  data-testid="storage-change-plan"
                >
                  {t('billing.storage.changePlan')}
                </Button>
              ) : (
                <Button
                  variant="primary"
                  onClick={() => requestSubscriptionAt('SUB', selected)}
                  data-testid="storage-buy"
                >
                  {t('billing.storage.buy')}
                </Button>
              )}
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="storage-perks-title">
        <h2 id="storage-perks-title">{t('billing.storage.perksTitle')}</h2>
        <table className="plan-table" data-testid="storage-perks">
          <thead>
            <tr>
              <th scope="col">{t('billing.storage.perkColumn')}</th>
              <th scope="col">{t('billing.storage.free')}</th>
              <th scope="col">{t('billing.storage.sub')}</th>
            </tr>
          </thead>
          <tbody>
            {PERKS.map((perk) => (
              <tr key={perk.key}>
                <th scope="row">{t(`billing.storage.perks.${perk.key}`)}</th>
                <td>{perk.free ? t('billing.storage.yes') : t('billing.storage.no')}</td>
                <td>{t('billing.storage.yes')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="storage-card-title" data-testid="storage-card">
        <h2 id="storage-card-title">{t('billing.storage.cardTitle')}</h2>
        {card.data ? (
          <p data-testid="storage-card-details">
            {t('billing.storage.card', {
              brand: t(`billing.storage.brands.${cardBrandOf(card.data.card.brand)}`),
              last4: card.data.card.last4,
              month: String(card.data.card.exp_month).padStart(2, '0'),
              year: card.data.card.exp_year,
            })}
          </p>
        ) : (
          <p>{t('billing.storage.noCard')}</p>
        )}
        {editingCard ? (
          <CardForm
            submitLabel={t('billing.storage.saveCard')}
            onSaved={async () => {
              await reloadAfterPurchase(client);
              setEditingCard(false);
              showToast({ kind: 'success', message: { key: 'billing.toast.cardUpdated' } });
            }}
            describeFailure={(error) => t(paymentFailureKey(error, 'billing.errors.cardUpdate'))}
            actionsStart={
              <Button onClick={() => setEditingCard(false)}>
                {t('billing.storage.cancelUpdate')}
              </Button>
            }
          />
        ) : (
          <div className="billing-actions">
            <Button onClick={() => setEditingCard(true)} data-testid="storage-update-card">
              {card.data ? t('billing.storage.updateCard') : t('billing.storage.addCard')}
            </Button>
            {card.data ? (
              <Button
                variant="danger"
                disabled={busy}
                onClick={() =>
                  void act(
                    deleteCard,
                    { key: 'billing.toast.cardDeleted' },
                    'billing.errors.cardDelete',
                  )
                }
                data-testid="storage-delete-card"
              >
                {t('billing.storage.deleteCard')}
              </Button>
            ) : null}
          </div>
        )}
      </section>
    </section>
  );
}
