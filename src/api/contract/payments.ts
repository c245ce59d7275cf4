import { z } from 'zod';
import { singleLineText } from './text';
import { TEXT_MAX } from '../../domain/constants';

// SPEC §7 Payments: the calls behind storage plans and card payments (server: routes/payments.ts,
// the payment-provider emulator). Times are unix seconds, sizes GB, prices minor units.

export const PlanPeriodSchema = z.enum(['monthly', 'yearly']);

/** SPEC §3 availableProducts item. */
export const ProductSchema = z.object({
  id: z.string().min(1),
  size: z.number().positive(),
  price: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  period: PlanPeriodSchema,
});
export type ProductDto = z.infer<typeof ProductSchema>;

/**
 * GET /stripe_products (flag): the plans, the free trial (days; 0 when the user had one), and
 * whether a purchase is possible on the web where the user is (SPEC §1: "some storage purchases
 * are possible only in the mobile app, depending on location").
 */
export const ProductsResponseSchema = z.object({
  products: z.array(ProductSchema),
  trial_days: z.number().int().nonnegative(),
  web_purchase_possible: z.boolean(),
});
export type ProductsResponse = z.infer<typeof ProductsResponseSchema>;

/** SPEC §3 Payment card; GET /stripe_payment_method (404: none). */
export const PaymentMethodSchema = z.object({
  id: z.string().min(1),
  card: z.object({
    brand: z.string(),
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int(),
  }),
});
export type PaymentMethodDto = z.infer<typeof PaymentMethodSchema>;

export const SubscriptionStatusSchema = z.enum(['trialing', 'active', 'incomplete', 'canceled']);

/** One subscription of GET /stripe/subscriptions. */
export const SubscriptionSchema = z.object({
  id: z.string().min(1),
  product_id: z.string().min(1),
  status: SubscriptionStatusSchema,
  current_period_end: z.number().int(),
  /** Cancelled: storage kept until current_period_end, then it ends (reactivate undoes it). */
  cancel_at_period_end: z.boolean(),
  /** SPEC §3 stripeSubscriptionInfo.upcomingProduct: the plan after the next renewal. */
  upcoming_product_id: z.string().nullable(),
});
export type SubscriptionDto = z.infer<typeof SubscriptionSchema>;

/** GET /stripe/subscriptions. */
export const SubscriptionsResponseSchema = z.object({
  subscriptions: z.array(SubscriptionSchema),
  /** SPEC §3 actionRequiredSubscriptionId. */
  action_required_subscription_id: z.string().nullable(),
});
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponseSchema>;

/** POST /stripe/v1/purchase (buy) and PUT (change plan): body. */
export const PurchaseRequestSchema = z.object({ plan: z.string().min(1).max(100) });

/**
 * The answer: done, or an action is needed (SPEC §7 "status and subscription_id"): the card
 * must be authenticated again before the charge goes through.
 */
export const PurchaseResponseSchema = z.union([
  z.object({ status: z.literal('succeeded'), subscription_id: z.string() }),
  z.object({
    status: z.literal('requires_action'),
    subscription_id: z.string(),
    client_secret: z.string(),
  }),
]);
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>;

/** The error body of a refused charge or plan change (402 / 409 / 400). */
export const PAYMENT_ERRORS = {
  cardDeclined: 'card_declined',
  noPaymentMethod: 'no_payment_method',
  planUnavailable: 'plan_unavailable',
  noSubscription: 'no_subscription',
  alreadySubscribed: 'already_subscribed',
  webPurchaseImpossible: 'web_purchase_impossible',
} as const;

/** SPEC §3 Setup intent: POST /stripe/create_setup_intent. */
export const SetupIntentSchema = z.object({ id: z.string().min(1), client_secret: z.string() });

/** POST /stripe/finish_setup_intent: the confirmed card becomes the payment method. */
export const FinishSetupIntentRequestSchema = z.object({
  setup_intent_id: z.string().min(1).max(100),
});

/** SPEC §3 Card customer: POST /stripe/create_customer (name falls back to the email). */
export const CreateCustomerRequestSchema = z.object({
  /** The card customer's name (SPEC §3): a stored text (contract/text.ts). */
  name: singleLineText(TEXT_MAX).nullable().optional(),
  email: z.string().email().max(320),
});
export const CustomerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A grant's `_links` (SPEC §3): what executing it does. */
export const GrantLinkSchema = z.object({ href: z.string(), method: z.enum(['POST']) });
export const GrantLinksSchema = z.object({
  cancellation: GrantLinkSchema.optional(),
  reactivation: GrantLinkSchema.optional(),
  cancel_upcoming: GrantLinkSchema.optional(),
});
export type GrantLinks = z.infer<typeof GrantLinksSchema>;

/** Executing a grant link answers the subscription as it now is. */
export const GrantLinkResponseSchema = z.object({ subscription: SubscriptionSchema });
