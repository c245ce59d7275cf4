import { randomBytes } from 'node:crypto';
import type { SubscriptionDto } from '../../src/api/contract/payments';
import { gbToBytes } from '../../src/domain/sizes';
import { stmt, type Db } from '../db/open';
import { periodEnd, productById } from './catalogue';
import type { CardBehaviour } from './testCards';

// The emulated provider's objects (SPEC §7 Payments), per user. Grants follow subscriptions:
// `syncGrants` is the one place the `capture_stripe` grants, max_space and the read-only flag
// are derived from them.

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface CustomerRow {
  user_id: number;
  id: string;
  name: string;
  email: string;
  default_pm: string | null;
  web_blocked: number;
}

export function customerOf(db: Db, userId: number): CustomerRow | undefined {
  return stmt<[number], CustomerRow>(db, 'SELECT * FROM stripe_customers WHERE user_id = ?').get(
    userId,
  );
}

/** A row for the test controls (clock, web purchase) even before the customer is created. */
function ensureRow(db: Db, userId: number): void {
  stmt(
    db,
    `INSERT OR IGNORE INTO stripe_customers (user_id, id, name, email) VALUES (?, '', '', '')`,
  ).run(userId);
}

/** A customer exists once it has an id (a test control may have made the row before). */
export function hasCustomer(db: Db, userId: number): boolean {
  return Boolean(customerOf(db, userId)?.id);
}

export function createCustomer(db: Db, userId: number, name: string, email: string): CustomerRow {
  ensureRow(db, userId);
  stmt(db, 'UPDATE stripe_customers SET id = ?, name = ?, email = ? WHERE user_id = ?').run(
    newId('cus'),
    name,
    email,
    userId,
  );
  return customerOf(db, userId)!;
}

export function setWebBlocked(db: Db, userId: number, blocked: boolean): void {
  ensureRow(db, userId);
  stmt(db, 'UPDATE stripe_customers SET web_blocked = ? WHERE user_id = ?').run(
    blocked ? 1 : 0,
    userId,
  );
}

export interface SetupIntentRow {
  id: string;
  user_id: number;
  client_secret: string;
  /** requires_payment_method → (requires_action →) succeeded; consumed once finished. */
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'consumed';
  card: string | null;
  created: number;
}

export function createSetupIntent(db: Db, userId: number, now: number): SetupIntentRow {
  const id = newId('seti');
  const row: SetupIntentRow = {
    id,
    user_id: userId,
    client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
    status: 'requires_payment_method',
    card: null,
    created: now,
  };
  stmt(
    db,
    `INSERT INTO stripe_setup_intents (id, user_id, client_secret, status, card, created)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(row.id, row.user_id, row.client_secret, row.status, row.card, row.created);
  return row;
}

export function setupIntentById(db: Db, id: string): SetupIntentRow | undefined {
  return stmt<[string], SetupIntentRow>(db, 'SELECT * FROM stripe_setup_intents WHERE id = ?').get(
    id,
  );
}

/** The card a setup intent confirmed (kept until the intent is finished). */
export interface StoredCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: CardBehaviour;
}

export function updateSetupIntent(
  db: Db,
  id: string,
  status: SetupIntentRow['status'],
  card?: StoredCard | null,
): void {
  if (card === undefined) {
    stmt(db, 'UPDATE stripe_setup_intents SET status = ? WHERE id = ?').run(status, id);
  } else {
    stmt(db, 'UPDATE stripe_setup_intents SET status = ?, card = ? WHERE id = ?').run(
      status,
      card ? JSON.stringify(card) : null,
      id,
    );
  }
}

export interface PaymentMethodRow extends StoredCard {
  id: string;
  user_id: number;
}

/** The card a finished setup intent holds becomes the customer's one payment method. */
export function attachPaymentMethod(db: Db, userId: number, card: StoredCard): PaymentMethodRow {
  const row: PaymentMethodRow = { id: newId('pm'), user_id: userId, ...card };
  db.transaction(() => {
    stmt(db, 'DELETE FROM stripe_payment_methods WHERE user_id = ?').run(userId);
    stmt(
      db,
      `INSERT INTO stripe_payment_methods (id, user_id, brand, last4, exp_month, exp_year, behaviour)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(row.id, userId, row.brand, row.last4, row.exp_month, row.exp_year, row.behaviour);
    stmt(db, 'UPDATE stripe_customers SET default_pm = ? WHERE user_id = ?').run(row.id, userId);
  })();
  return row;
}

export function paymentMethodOf(db: Db, userId: number): PaymentMethodRow | undefined {
  return stmt<[number], PaymentMethodRow>(
    db,
    'SELECT * FROM stripe_payment_methods WHERE user_id = ?',
  ).get(userId);
}

export function deletePaymentMethod(db: Db, userId: number): boolean {
  const gone = stmt(db, 'DELETE FROM stripe_payment_methods WHERE user_id = ?').run(userId);
  stmt(db, 'UPDATE stripe_customers SET default_pm = NULL WHERE user_id = ?').run(userId);
  return gone.changes > 0;
}

interface SubscriptionRow {
  id: string;
  user_id: number;
  product_id: string;
  status: SubscriptionDto['status'];
  current_period_end: number;
  cancel_at_period_end: number;
  upcoming_product_id: string | null;
  created: number;
}

/** Fields of a subscription to change (updateSubscription; a payment intent keeps one). */
export type SubscriptionChange = Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'created'>>;

const toDto = (row: SubscriptionRow): SubscriptionDto => ({
  id: row.id,
  product_id: row.product_id,
  status: row.status,
  current_period_end: row.current_period_end,
  cancel_at_period_end: row.cancel_at_period_end === 1,
  upcoming_product_id: row.upcoming_product_id,
});

/** The user's subscriptions still running (trialing, active, or waiting for an action). */
export function subscriptionsOf(db: Db, userId: number): SubscriptionDto[] {
  return stmt<[number], SubscriptionRow>(
    db,
    `SELECT * FROM stripe_subscriptions WHERE user_id = ? AND status != 'canceled' ORDER BY created`,
  )
    .all(userId)
    .map(toDto);
}

export function subscriptionById(db: Db, userId: number, id: string): SubscriptionDto | undefined {
  const row = stmt<[string, number], SubscriptionRow>(
    db,
    'SELECT * FROM stripe_subscriptions WHERE id = ? AND user_id = ?',
  ).get(id, userId);
  return row && toDto(row);
}

export function insertSubscription(
  db: Db,
  userId: number,
  productId: string,
  status: SubscriptionDto['status'],
  periodEndAt: number,
  now: number,
): string {
  const id = newId('sub');
  stmt(
    db,
    `INSERT INTO stripe_subscriptions (id, user_id, product_id, status, current_period_end, created)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(id, userId, productId, status, periodEndAt, now);
  return id;
}

export function updateSubscription(
  db: Db,
  id: string,
  fields: Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'created'>>,
): void {
  const keys = Object.keys(fields) as (keyof typeof fields)[];
  if (keys.length === 0) return;
  stmt(
    db,
    `UPDATE stripe_subscriptions SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`,
  ).run(...keys.map((k) => fields[k] ?? null), id);
}

export function recordCharge(
  db: Db,
  userId: number,
  amount: number,
  currency: string,
  description: string,
  now: number,
): void {
  stmt(
    db,
    `INSERT INTO stripe_charges (user_id, amount, currency, description, created)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(userId, amount, currency, description, now);
}

export function chargesOf(db: Db, userId: number): { amount: number; description: string }[] {
  return stmt<[number], { amount: number; description: string }>(
    db,
    'SELECT amount, description FROM stripe_charges WHERE user_id = ? ORDER BY id',
  ).all(userId);
}

/**
 * Grants produced from subscriptions (SPEC §3 userGrants, source capture_stripe): one per
 * running subscription, renewing at its period end, or expiring there once cancelled. The
 * account's max_space is the sum of its grants; a running subscription makes it a subscriber.
 */
export function syncGrants(db: Db, userId: number): void {
  db.transaction(() => {
    stmt(db, "DELETE FROM grants WHERE user_id = ? AND source = 'capture_stripe'").run(userId);
    const running = subscriptionsOf(db, userId).filter((s) => s.status !== 'incomplete');
    for (const sub of running) {
      const product = productById(sub.product_id);
      if (!product) continue;
      stmt(
        db,
        `INSERT INTO grants (user_id, source, size_gb, renews_at, expires_at, stripe_product_id)
         VALUES (?, 'capture_stripe', ?, ?, ?, ?)`,
      ).run(
        userId,
        product.size,
        sub.cancel_at_period_end ? null : sub.current_period_end,
        sub.cancel_at_period_end ? sub.current_period_end : null,
        product.id,
      );
    }
    const { total } = stmt<[number], { total: number | null }>(
      db,
      'SELECT SUM(size_gb) AS total FROM grants WHERE user_id = ?',
    ).get(userId) ?? { total: 0 };
    stmt(db, 'UPDATE users SET max_space = ? WHERE id = ?').run(
      Math.round(gbToBytes(total ?? 0)),
      userId,
    );
    if (running.length > 0) stmt(db, 'UPDATE users SET read_only = 0 WHERE id = ?').run(userId);
  })();
}

/**
 * Brings the user's subscriptions up to their payment clock: a period that ended renews (the
 * upcoming plan taking over, charged) or, cancelled, ends — storage kept until then.
 */
export function settle(db: Db, userId: number, now: number): void {
  let changed = false;
  for (const sub of subscriptionsOf(db, userId)) {
    if (sub.current_period_end > now || sub.status === 'incomplete') continue;
    changed = true;
    if (sub.cancel_at_period_end) {
      updateSubscription(db, sub.id, { status: 'canceled' });
      continue;
    }
    const product = productById(sub.upcoming_product_id ?? sub.product_id);
    if (!product) continue;
    let end = sub.current_period_end;
    while (end <= now) end = periodEnd(end, product.period);
    recordCharge(db, userId, product.price, product.currency, `renewal ${product.id}`, now);
    updateSubscription(db, sub.id, {
      product_id: product.id,
      status: 'active',
      current_period_end: end,
      upcoming_product_id: null,
    });
  }
  if (changed) syncGrants(db, userId);
}
