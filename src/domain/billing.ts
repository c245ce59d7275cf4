import { B2B_SEPARATE_GRANT_GB } from './constants';
import { gbToBytes } from './sizes';

/**
 * SPEC §3 Storage plan, §5 plan rules and §9 prices and grants: the billing rules the storage
 * page, the subscription dialog and the payment emulator share.
 */

export type PlanPeriod = 'monthly' | 'yearly';

/** SPEC §3 availableProducts item: size in GB, price in minor units. */
export interface Product {
  id: string;
  size: number;
  price: number;
  currency: string;
  period: PlanPeriod;
}

/** SPEC §9: "minor units divided by 100, 2 decimals unless whole". */
export function priceAmount(minorUnits: number): { amount: number; fractionDigits: 0 | 2 } {
  const amount = minorUnits / 100;
  return { amount, fractionDigits: Number.isInteger(amount) ? 0 : 2 };
}

/** SPEC §9: "yearly shown per month (divided by 12)"; monthly prices as they are. */
export function monthlyPriceMinor(product: Pick<Product, 'price' | 'period'>): number {
  return product.period === 'yearly' ? Math.round(product.price / 12) : product.price;
}

/** A price for people: `Intl` currency, 2 decimals unless whole (SPEC §9). */
export function formatPrice(minorUnits: number, currency: string, locale: string): string {
  const { amount, fractionDigits } = priceAmount(minorUnits);
  return new Intl.NumberFormat(locale.replace('_', '-'), {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** SPEC §3 grant sources. */
export const GRANT_SOURCES = [
  'capture',
  'capture_stripe',
  'apple_store',
  'android_store',
  'web_shop',
  'customer_service',
  'other',
  'b2b',
] as const;

export interface GrantLike {
  source: string;
  /** GB. */
  size: number;
  renews_at?: number | null;
  expires_at?: number | null;
  stripe_product_id?: string | null;
}

/** One line of the storage page's grant list. */
export interface GrantEntry {
  source: string;
  size: number;
  renews_at: number | null;
  expires_at: number | null;
}

const SUMMED_SOURCES = new Set(['capture', 'customer_service', 'other']);

/**
 * SPEC §9 Grants: "B2B grant of 1000 GB or more listed separately; capture, customer service,
 * other summed into one entry" (listed as `capture`, first). Smaller B2B grants join the sum;
 * every other grant (purchases) is its own entry, in the order given.
 */
export function grantEntries(grants: readonly GrantLike[]): GrantEntry[] {
  let summed = 0;
  let anySummed = false;
  const separate: GrantEntry[] = [];
  for (const grant of grants) {
    const smallB2b = grant.source === 'b2b' && grant.size < B2B_SEPARATE_GRANT_GB;
    if (SUMMED_SOURCES.has(grant.source) || smallB2b) {
      summed += grant.size;
      anySummed = true;
    } else {
      separate.push({
        source: grant.source,
        size: grant.size,
        renews_at: grant.renews_at ?? null,
        expires_at: grant.expires_at ?? null,
      });
    }
  }
  return anySummed
    ? [{ source: 'capture', size: summed, renews_at: null, expires_at: null }, ...separate]
    : separate;
}

/** SPEC §6: a business customer (B2B grant of 1000 GB or more) gets the partner link. */
export function isBusinessCustomer(grants: readonly GrantLike[]): boolean {
  return grants.some((g) => g.source === 'b2b' && g.size >= B2B_SEPARATE_GRANT_GB);
}

export type UnavailableReason = 'PLAN_IS_DOWNGRADE' | 'INSUFFICIENT_STORAGE_PLAN';

/** The user's subscription as the plan rules see it. */
export interface CurrentPlan {
  product: Product | null;
  /** SPEC §3 stripeSubscriptionInfo.upcomingProduct. */
  upcomingProductId: string | null;
}

/**
 * SPEC §5 plans: a yearly plan cannot go back to monthly (PLAN_IS_DOWNGRADE); a plan is too
 * small (INSUFFICIENT_STORAGE_PLAN) when usage exceeds its size plus the storage the user keeps
 * besides the present plan (max space minus the present plan's size), and "plans smaller than
 * usage are unavailable" whatever else the user keeps.
 */
export function unavailableReason(
  target: Product,
  current: Product | null,
  usedBytes: number,
): UnavailableReason | null {
  if (current?.period === 'yearly' && target.period === 'monthly') return 'PLAN_IS_DOWNGRADE';
  // Usage above the plan's size plus the storage kept besides (never negative) is usage above
  // the plan's size: the third clause holds the second.
  if (usedBytes > gbToBytes(target.size)) return 'INSUFFICIENT_STORAGE_PLAN';
  return null;
}

export type PlanCellType = 'available' | 'unavailable' | 'selected' | 'active' | 'upcoming';

export interface PlanCell {
  id: string;
  type: PlanCellType;
  product: Product;
  /** Per month (SPEC §9), minor units. */
  monthlyPrice: number;
  reason: UnavailableReason | null;
}

export interface PlanRow {
  /** GB. */
  size: number;
  monthlyPlan: PlanCell | null;
  yearlyPlan: PlanCell | null;
}

/**
 * SPEC §3 plan table: one row per storage size (smallest first), a monthly and a yearly cell.
 * A cell is active (the present plan, tagged), upcoming (the plan after the next renewal,
 * tagged), selected, unavailable with its reason, or available.
 */
export function planTable(
  products: readonly Product[],
  current: CurrentPlan,
  selectedId: string | null,
  usedBytes: number,
): PlanRow[] {
  const sizes = [...new Set(products.map((p) => p.size))].sort((a, b) => a - b);
  const cellOf = (product: Product | undefined): PlanCell | null => {
    if (!product) return null;
    const reason = unavailableReason(product, current.product, usedBytes);
    let type: PlanCellType;
    if (current.product?.id === product.id) type = 'active';
    else if (current.upcomingProductId === product.id) type = 'upcoming';
    else if (reason) type = 'unavailable';
    else if (selectedId === product.id) type = 'selected';
    else type = 'available';
    return {
      id: product.id,
      type,
      product,
      monthlyPrice: monthlyPriceMinor(product),
      reason: type === 'unavailable' ? reason : null,
    };
  };
  return sizes.map((size) => ({
    size,
    monthlyPlan: cellOf(products.find((p) => p.size === size && p.period === 'monthly')),
    yearlyPlan: cellOf(products.find((p) => p.size === size && p.period === 'yearly')),
  }));
}

export type PlanChange = 'upgrade' | 'downgrade';

/**
 * SPEC §4 Subscription lifecycle: an upgrade (more storage, or the same storage for a longer
 * period) is charged now, less the unused part of the present plan, and starts a new billing
 * cycle; a downgrade charges nothing now: the present plan, already paid, runs to its renewal
 * (that payment is the credit) and the smaller plan follows as the upcoming plan, which "cancel
 * upcoming" withdraws.
 */
export function planChange(current: Product, target: Product): PlanChange {
  if (target.size !== current.size) return target.size > current.size ? 'upgrade' : 'downgrade';
  return target.period === 'yearly' && current.period === 'monthly' ? 'upgrade' : 'downgrade';
}

/** SPEC §3 Payment card brands. */
export type CardBrand = 'visa' | 'mastercard' | 'other';

export function cardBrandOf(brand: string): CardBrand {
  return brand === 'visa' || brand === 'mastercard' ? brand : 'other';
}

/**
 * The payment provider's test key is used on test hosts (SPEC §7: "a test key on test hosts and
 * a live key otherwise"): this machine, `.test` / `.localhost` names, and hosts named staging or
 * test (e.g. staging.example.no, test-web.example.com).
 */
export function isPaymentTestHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  if (host.endsWith('.localhost') || host.endsWith('.test')) return true;
  return host.split('.').some((label) => /^(staging|test)(-|$)|-(staging|test)$/.test(label));
}
