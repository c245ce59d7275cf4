import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  grantEntries,
  isBusinessCustomer,
  isPaymentTestHost,
  monthlyPriceMinor,
  planChange,
  planTable,
  priceAmount,
  unavailableReason,
  type Product,
} from './billing';

const GB = 1024 ** 3;
const product = (id: string, size: number, period: Product['period'], price: number): Product => ({
  id,
  size,
  period,
  price,
  currency: 'nok',
});
const m100 = product('m100', 100, 'monthly', 2900);
const y100 = product('y100', 100, 'yearly', 29000);
const m500 = product('m500', 500, 'monthly', 5950);
const y500 = product('y500', 500, 'yearly', 59400);
const all = [m500, y500, m100, y100];

describe('prices (SPEC §9)', () => {
  it('divides minor units by 100, 2 decimals unless whole', () => {
    // SPEC §9: "minor units divided by 100, 2 decimals unless whole"
    expect(priceAmount(2900)).toEqual({ amount: 29, fractionDigits: 0 });
    expect(priceAmount(5950)).toEqual({ amount: 59.5, fractionDigits: 2 });
    expect(formatPrice(2900, 'eur', 'en_US')).toBe('€29');
    expect(formatPrice(5950, 'eur', 'en_US')).toBe('€59.50');
  });

  it('shows a yearly price per month (divided by 12)', () => {
    expect(monthlyPriceMinor(y500)).toBe(4950);
    expect(monthlyPriceMinor(m500)).toBe(5950);
  });
});

describe('grants (SPEC §9)', () => {
  it('sums capture, customer service and other, lists B2B of 1000 GB or more apart', () => {
    const entries = grantEntries([
      { source: 'capture', size: 15 },
      { source: 'customer_service', size: 5 },
      { source: 'b2b', size: 1000 },
      { source: 'other', size: 2 },
      { source: 'capture_stripe', size: 100, renews_at: 1700000000 },
    ]);
    expect(entries).toEqual([
      { source: 'capture', size: 22, renews_at: null, expires_at: null },
      { source: 'b2b', size: 1000, renews_at: null, expires_at: null },
      { source: 'capture_stripe', size: 100, renews_at: 1700000000, expires_at: null },
    ]);
  });

  it('adds a B2B grant under 1000 GB to the sum', () => {
    expect(grantEntries([{ source: 'b2b', size: 999 }])).toEqual([
      { source: 'capture', size: 999, renews_at: null, expires_at: null },
    ]);
    expect(isBusinessCustomer([{ source: 'b2b', size: 999 }])).toBe(false);
    expect(isBusinessCustomer([{ source: 'b2b', size: 1000 }])).toBe(true);
  });
});

describe('plan rules (SPEC §5)', () => {
  it('refuses yearly to monthly', () => {
    expect(unavailableReason(m500, y100, 0)).toBe('PLAN_IS_DOWNGRADE');
    expect(unavailableReason(y500, m100, 0)).toBeNull();
  });

  it('"plans smaller than usage are unavailable" (SPEC §5), whatever storage is kept besides', () => {
    // 110 GB used would fit 100 GB plus the 15 GB kept besides a 500 GB plan: still refused.
    expect(unavailableReason(m100, m500, 110 * GB)).toBe('INSUFFICIENT_STORAGE_PLAN');
    expect(unavailableReason(m100, null, 110 * GB)).toBe('INSUFFICIENT_STORAGE_PLAN');
    // Usage exactly the plan's size fits; less fits.
    expect(unavailableReason(m100, null, 100 * GB)).toBeNull();
    expect(unavailableReason(m100, m500, 90 * GB)).toBeNull();
  });

  it('builds the plan table: active, upcoming, selected, unavailable, available', () => {
    const rows = planTable(all, { product: y100, upcomingProductId: null }, 'y500', 0);
    expect(rows.map((r) => r.size)).toEqual([100, 500]);
    expect(rows[0].monthlyPlan?.type).toBe('unavailable');
    expect(rows[0].monthlyPlan?.reason).toBe('PLAN_IS_DOWNGRADE');
    expect(rows[0].yearlyPlan?.type).toBe('active');
    expect(rows[1].yearlyPlan?.type).toBe('selected');
    expect(rows[1].yearlyPlan?.monthlyPrice).toBe(4950);
    const upcoming = planTable(all, { product: m500, upcomingProductId: 'm100' }, null, 0);
    expect(upcoming[0].monthlyPlan?.type).toBe('upcoming');
    expect(upcoming[0].yearlyPlan?.type).toBe('available');
    expect(upcoming[1].monthlyPlan?.type).toBe('active');
  });

  it('tells upgrades from downgrades', () => {
    expect(planChange(m100, m500)).toBe('upgrade');
    expect(planChange(m100, y100)).toBe('upgrade');
    expect(planChange(m500, m100)).toBe('downgrade');
    expect(planChange(y500, y100)).toBe('downgrade');
  });
});

describe('payment keys (SPEC §7)', () => {
  it('uses the test key on test hosts only', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '[::1]',
      'web.test',
      'staging.capture.no',
      'test-web.example.com',
    ])
      expect(isPaymentTestHost(host), host).toBe(true);
    for (const host of ['capture.no', 'www.capture.com', 'latest.example.com', 'contest.no'])
      expect(isPaymentTestHost(host), host).toBe(false);
  });
});
