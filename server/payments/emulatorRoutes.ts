// The emulated provider's browser side under /stripe-emulator/ (browser/ and browserScript.ts):
// no session, a setup intent's client secret is the capability; its card and challenge frames
// may be framed by the web origins only (frame-ancestors).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context';
import { EMULATOR_FILES } from './browserScript';
import { EMULATOR_PREFIX } from './emulatorPrefix';
import { paymentIntentById, settlePaymentIntent, type PaymentIntentRow } from './paymentIntents';
import { setupIntentById, updateSetupIntent, type SetupIntentRow, type StoredCard } from './store';
import { CARD_ERRORS, checkCard, TEST_CARDS, type CardError } from './testCards';

export { EMULATOR_PREFIX };

const ConfirmBody = z.object({
  client_secret: z.string().min(1).max(200),
  key: z.string().max(200),
  card: z.object({
    number: z.string().max(32),
    exp_month: z.number().int().min(0).max(12),
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().max(8),
  }),
  // Sent as null by the client (SPEC §5: billing details hidden and sent as null).
  billing_details: z.unknown().optional(),
});

const AuthenticateBody = z.object({
  client_secret: z.string().min(1).max(200),
  approve: z.boolean(),
});

/** The provider's setup intent object as its browser script answers it. */
const intentView = (intent: SetupIntentRow, paymentMethod: string | null = null) => ({
  id: intent.id,
  object: 'setup_intent',
  status: intent.status === 'consumed' ? 'succeeded' : intent.status,
  payment_method: paymentMethod,
  usage: 'off_session',
});

const failure = (intent: SetupIntentRow, error: CardError) => ({
  error: { ...error, setup_intent: intentView(intent) },
});

/** The provider's payment intent object as its browser script answers it. */
const paymentIntentView = (intent: PaymentIntentRow) => ({
  id: intent.id,
  object: 'payment_intent',
  status: intent.status,
  amount: intent.amount,
  currency: intent.currency,
  ...(intent.status === 'requires_action' ? { next_action: { type: 'use_stripe_sdk' } } : {}),
});

/**
 * The emulator's browser side on the API listener: GET the `Stripe(...)` script and its two
 * frames with their scripts (browserScript.ts); POST the card from the element frame (confirm) and the holder's answer from the
 * challenge frame (authenticate). A setup intent's client secret is the capability, as with the
 * provider: these calls carry no session.
 */
export function registerEmulatorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Issue 33: the card and challenge frames are the web app's to frame, no other site's (one
  // that did could dress them up as its own payment form). Read per request: the web
  // listener's origin is registered once it listens.
  const frameAncestors = () => {
    const origins = ctx.redirectUris.list().map((root) => new URL(root).origin);
    return origins.length > 0 ? origins.join(' ') : "'none'";
  };
  for (const [name, { type, body }] of EMULATOR_FILES) {
    app.get(`${EMULATOR_PREFIX}${name}`, (_request, reply) => {
      if (type.startsWith('text/html')) {
        reply.header('Content-Security-Policy', `frame-ancestors ${frameAncestors()}`);
      }
      return reply.header('Cache-Control', 'no-cache').type(type).send(body);
    });
  }

  const intentFor = (id: string, secret: string): SetupIntentRow | null => {
    const intent = setupIntentById(ctx.db, id);
    return intent && intent.client_secret === secret ? intent : null;
  };
  const noSuchIntent = {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such setupintent.',
    },
  };

  app.post(`${EMULATOR_PREFIX}v1/setup_intents/:id/confirm`, (request, reply) => {
    const { id } = z.object({ id: z.string().max(100) }).parse(request.params);
    const body = ConfirmBody.parse(request.body);
    const intent = intentFor(id, body.client_secret);
    if (!intent) return reply.code(404).send(noSuchIntent);
    if (intent.status !== 'requires_payment_method') {
      return reply.code(400).send({
        error: {
          type: 'invalid_request_error',
          code: 'setup_intent_unexpected_state',
          message: `This SetupIntent's status is ${intent.status}; it cannot be confirmed again.`,
        },
      });
    }
    // A live key with a test card is refused, as the provider does.
    const number = body.card.number;
    if (body.key.startsWith('pk_live_') && TEST_CARDS[number]) {
      return reply.code(402).send(
        failure(intent, {
          ...CARD_ERRORS.declined,
          message:
            'Your card was declined. Your request was in live mode, but used a known test card.',
        }),
      );
    }
    const now = new Date(ctx.now() * 1000);
    const checked = checkCard(body.card, now);
    if ('error' in checked) return reply.code(402).send(failure(intent, checked.error));
    const card: StoredCard = {
      brand: checked.outcome.brand,
      last4: number.slice(-4),
      exp_month: body.card.exp_month,
      exp_year: body.card.exp_year,
      behaviour: checked.outcome.behaviour === 'declined' ? 'succeeds' : checked.outcome.behaviour,
    };
    const status =
      card.behaviour === 'authenticate' || card.behaviour === 'authenticate_always'
        ? 'requires_action'
        : 'succeeded';
    updateSetupIntent(ctx.db, intent.id, status, card);
    const updated = setupIntentById(ctx.db, intent.id)!;
    return {
      setup_intent: {
        ...intentView(updated),
        ...(status === 'requires_action'
          ? { next_action: { type: 'use_stripe_sdk' } }
          : { payment_method: `pm_card_${card.last4}` }),
      },
    };
  });

  app.post(`${EMULATOR_PREFIX}v1/setup_intents/:id/authenticate`, (request, reply) => {
    const { id } = z.object({ id: z.string().max(100) }).parse(request.params);
    const body = AuthenticateBody.parse(request.body);
    const intent = intentFor(id, body.client_secret);
    if (!intent) return reply.code(404).send(noSuchIntent);
    if (intent.status !== 'requires_action') {
      return reply.code(400).send(failure(intent, CARD_ERRORS.authenticationFailed));
    }
    if (!body.approve) {
      // The provider puts the intent back to wanting a payment method.
      updateSetupIntent(ctx.db, intent.id, 'requires_payment_method', null);
      const again = setupIntentById(ctx.db, intent.id)!;
      return reply.code(402).send(failure(again, CARD_ERRORS.authenticationFailed));
    }
    updateSetupIntent(ctx.db, intent.id, 'succeeded');
    const done = setupIntentById(ctx.db, intent.id)!;
    return { setup_intent: intentView(done, `pm_authenticated_${done.id.slice(-8)}`) };
  });

  // SPEC §4 action-required: a charge of an `authenticate_always` card waits in a payment intent
  // (routes.ts `holdCharge`); `handleNextAction` reads it and its challenge frame answers here.
  const paymentIntentFor = (id: string, secret: string): PaymentIntentRow | null => {
    const intent = paymentIntentById(ctx.db, id);
    return intent && intent.client_secret === secret ? intent : null;
  };
  const noSuchPaymentIntent = {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such payment_intent.',
    },
  };
  app.get(`${EMULATOR_PREFIX}v1/payment_intents/:id`, (request, reply) => {
    const { id } = z.object({ id: z.string().max(100) }).parse(request.params);
    const { client_secret } = z
      .object({ client_secret: z.string().min(1).max(200) })
      .parse(request.query);
    const intent = paymentIntentFor(id, client_secret);
    if (!intent) return reply.code(404).send(noSuchPaymentIntent);
    return { payment_intent: paymentIntentView(intent) };
  });
  app.post(`${EMULATOR_PREFIX}v1/payment_intents/:id/authenticate`, (request, reply) => {
    const { id } = z.object({ id: z.string().max(100) }).parse(request.params);
    const body = AuthenticateBody.parse(request.body);
    const intent = paymentIntentFor(id, body.client_secret);
    if (!intent) return reply.code(404).send(noSuchPaymentIntent);
    const refused = (row: PaymentIntentRow) => ({
      error: { ...CARD_ERRORS.paymentAuthenticationFailed, payment_intent: paymentIntentView(row) },
    });
    if (intent.status !== 'requires_action') return reply.code(400).send(refused(intent));
    settlePaymentIntent(ctx.db, intent, body.approve, ctx.now());
    const done = paymentIntentById(ctx.db, intent.id)!;
    if (!body.approve) return reply.code(402).send(refused(done));
    return { payment_intent: paymentIntentView(done) };
  });
}
