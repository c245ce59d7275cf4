import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, type PlanCell, type PlanRow } from '../../domain/billing';
import './billing.css';

interface PlanTableProps {
  rows: PlanRow[];
  onSelect: (id: string) => void;
  /** The radio group's accessible name. */
  label: string;
}

/**
 * SPEC §3 plan table: storage rows × monthly and yearly cells. A cell is a radio button:
 * available, selected, unavailable (disabled, with its reason), or the active / upcoming plan
 * (tagged, not selectable). Yearly prices are shown per month (SPEC §9).
 */
export function PlanTable({ rows, onSelect, label }: PlanTableProps) {
  const { t, i18n } = useTranslation();
  // One radio group per table: the storage page's table and the subscription dialog's are on
  // screen together, and a shared name would make them one group.
  const group = useId();
  const cell = (plan: PlanCell | null, period: 'monthly' | 'yearly') => {
    if (!plan) return <td />;
    const price = formatPrice(plan.monthlyPrice, plan.product.currency, i18n.language);
    const tag =
      plan.type === 'active'
        ? t('billing.plans.activeTag')
        : plan.type === 'upcoming'
          ? t('billing.plans.upcomingTag')
          : null;
    const disabled =
      plan.type === 'unavailable' || plan.type === 'active' || plan.type === 'upcoming';
    return (
      <td
        className={`plan-cell plan-cell--${plan.type}`}
        data-testid="plan-cell"
        data-plan={plan.id}
        data-type={plan.type}
      >
        <label>
          <input
            type="radio"
            name={group}
            value={plan.id}
            checked={plan.type === 'selected'}
            disabled={disabled}
            onChange={() => onSelect(plan.id)}
            aria-describedby={plan.reason ? `${group}-${plan.id}-reason` : undefined}
          />
          <span className="plan-cell__price">{t('billing.plans.perMonth', { price })}</span>
          {period === 'yearly' ? (
            <span className="plan-cell__note">
              {t('billing.plans.billedYearly', {
                price: formatPrice(plan.product.price, plan.product.currency, i18n.language),
              })}
            </span>
          ) : null}
        </label>
        {tag ? <span className="plan-cell__tag">{tag}</span> : null}
        {plan.reason ? (
          <span className="plan-cell__reason" id={`${group}-${plan.id}-reason`}>
            {t(`billing.plans.unavailable.${plan.reason}`)}
          </span>
        ) : null}
      </td>
    );
  };
  return (
    <table className="plan-table plan-table--plans" data-testid="plan-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('billing.plans.storage')}</th>
          <th scope="col">{t('billing.plans.monthly')}</th>
          <th scope="col">{t('billing.plans.yearly')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.size}>
            <th scope="row" className="plan-table__size">
              {t('billing.plans.size', { size: row.size })}
            </th>
            {cell(row.monthlyPlan, 'monthly')}
            {cell(row.yearlyPlan, 'yearly')}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
