import type { ProductDto } from '../../src/api/contract/payments';

/**
 * The plans the emulated provider sells (SPEC §3 availableProducts; prices in minor units).
 * Yearly plans cost ten months. Product ids follow the provider's `prod_` form.
 */
export const PRODUCTS: readonly ProductDto[] = [
  { id: 'prod_100gb_monthly', size: 100, price: 2900, currency: 'nok', period: 'monthly' },
  { id: 'prod_100gb_yearly', size: 100, price: 29000, currency: 'nok', period: 'yearly' },
  { id: 'prod_500gb_monthly', size: 500, price: 5900, currency: 'nok', period: 'monthly' },
  { id: 'prod_500gb_yearly', size: 500, price: 59000, currency: 'nok', period: 'yearly' },
  { id: 'prod_1000gb_monthly', size: 1000, price: 9900, currency: 'nok', period: 'monthly' },
  { id: 'prod_1000gb_yearly', size: 1000, price: 99000, currency: 'nok', period: 'yearly' },
  { id: 'prod_5000gb_monthly', size: 5000, price: 29900, currency: 'nok', period: 'monthly' },
  { id: 'prod_5000gb_yearly', size: 5000, price: 299000, currency: 'nok', period: 'yearly' },
];

/** SPEC §9 free trial: "length from the server"; the first subscription of a customer has it. */
export const TRIAL_DAYS = 60;

export function productById(id: string): ProductDto | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

const DAY = 86_400;

/** The end of a billing period started at `start` (30 days a month, 365 a year: the emulator's). */
export function periodEnd(start: number, period: ProductDto['period']): number {
  return start + (period === 'yearly' ? 365 : 30) * DAY;
}

export function periodSeconds(period: ProductDto['period']): number {
  return (period === 'yearly' ? 365 : 30) * DAY;
}
