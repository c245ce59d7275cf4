import { randomBytes } from 'node:crypto';
import { stmt, type Db } from '../db/open';
import {
  newId,
  recordCharge,
  syncGrants,
  updateSubscription,
  type SubscriptionChange,
} from './store';

// The emulated provider's payment intents (SPEC §7 Payments, 3-D Secure on a charge): a charge
// the holder must authenticate waits here with the subscription change it pays for.

/**
 * A charge the bank wants authenticated (card `authenticate_always`): the subscription change it
 * pays for waits in `change` until the holder passes the challenge (then the charge is recorded
 * and the change applied), or is abandoned (a purchase's incomplete subscription is cancelled).
 */
export interface PaymentIntentRow {
  id: string;
  user_id: number;
  client_secret: string;
  subscription_id: string;
  amount: number;
  currency: string;
  description: string;
  /** JSON of the subscription fields to set once paid. */
  change: string;
  status: 'requires_action' | 'succeeded' | 'requires_payment_method';
  created: number;
}

export function createPaymentIntent(
  db: Db,
  fields: Pick<
    PaymentIntentRow,
    'user_id' | 'subscription_id' | 'amount' | 'currency' | 'description' | 'created'
  > & {
    change: SubscriptionChange;
  },
): PaymentIntentRow {
  const id = newId('pi');
  const row: PaymentIntentRow = {
    ...fields,
    id,
    client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
    change: JSON.stringify(fields.change),
    status: 'requires_action',
  };
  db.transaction(() => {
    // One open authentication per subscription: a newer charge replaces an older one.
    stmt(
      db,
      `UPDATE stripe_payment_intents SET status = 'requires_payment_method'
       WHERE subscription_id = ? AND status = 'requires_action'`,
    ).run(row.subscription_id);
    stmt(
      db,
      `INSERT INTO stripe_payment_intents
         (id, user_id, client_secret, subscription_id, amount, currency, description, change, status, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.id,
      row.user_id,
      row.client_secret,
      row.subscription_id,
      row.amount,
      row.currency,
      row.description,
      row.change,
      row.status,
      row.created,
    );
  })();
  return row;
}

export function paymentIntentById(db: Db, id: string): PaymentIntentRow | undefined {
  return stmt<[string], PaymentIntentRow>(
    db,
    'SELECT * FROM stripe_payment_intents WHERE id = ?',
  ).get(id);
}

/** The subscription whose charge waits for the holder (SPEC §3 actionRequiredSubscriptionId). */
export function actionRequiredSubscriptionOf(db: Db, userId: number): string | null {
  const row = stmt<[number], { subscription_id: string }>(
    db,
    `SELECT subscription_id FROM stripe_payment_intents
     WHERE user_id = ? AND status = 'requires_action' ORDER BY created DESC, rowid DESC`,
  ).get(userId);
  return row?.subscription_id ?? null;
}

/**
 * The holder's answer to a payment intent's challenge (the provider's webhook to the server,
 * applied at once): approved, the charge is recorded and the change applied; refused, the
 * subscription stays as it was (a purchase's incomplete subscription is cancelled).
 */
export function settlePaymentIntent(
  db: Db,
  intent: PaymentIntentRow,
  approve: boolean,
  now: number,
): void {
  db.transaction(() => {
    if (approve) {
      recordCharge(db, intent.user_id, intent.amount, intent.currency, intent.description, now);
      updateSubscription(
        db,
        intent.subscription_id,
        JSON.parse(intent.change) as SubscriptionChange,
      );
    } else {
      stmt(
        db,
        `UPDATE stripe_subscriptions SET status = 'canceled' WHERE id = ? AND status = 'incomplete'`,
      ).run(intent.subscription_id);
    }
    stmt(db, 'UPDATE stripe_payment_intents SET status = ? WHERE id = ?').run(
      approve ? 'succeeded' : 'requires_payment_method',
      intent.id,
    );
  })();
  syncGrants(db, intent.user_id);
}
