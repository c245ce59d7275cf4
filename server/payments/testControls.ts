// Test-only controls of the payment emulator (registered by registerTestControls, so only with
// `testControls: true`): where web purchases are impossible, what the emulator holds, and the
// developer page's "delete test payment data" (SPEC §2, §7 "test endpoints").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { stmt } from '../db/open';
import type { UserRow } from '../db/users';
import { commonQuery } from '../routes/params';
import { deletePaymentData } from './routes';
import { chargesOf, paymentMethodOf, setWebBlocked, subscriptionsOf } from './store';
import { testUser } from '../testUsers';

const Email = z.string().min(1).max(320);

export function registerPaymentTestControls(
  app: FastifyInstance,
  ctx: ServerContext,
  prefix: string,
): void {
  const user = (email: string): UserRow => testUser(ctx, email);

  // SPEC §2 developer page "delete test payment data", the caller's own: their customer, cards,
  // subscriptions and charges at the payment emulator, and the paid grants (the free grant
  // stays). A test control (issue 33): on a real server it would undo what was paid for;
  // whether the user had their free trial stays on the user (users.trial_used).
  app.delete('/test/payment_data', (request) => {
    const { user: caller } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const grants = stmt(ctx.db, "DELETE FROM grants WHERE user_id = ? AND source != 'capture'").run(
      caller.id,
    ).changes;
    // Last: it sums the grants left into max_space.
    const objects = deletePaymentData(ctx, caller.id);
    return { deleted: objects + grants };
  });

  // SPEC §1 "some storage purchases are possible only in the mobile app, depending on location".
  app.post(`${prefix}payments`, (request, reply) => {
    const body = z.object({ email: Email, web_purchase_possible: z.boolean() }).parse(request.body);
    setWebBlocked(ctx.db, user(body.email).id, !body.web_purchase_possible);
    return reply.code(204).send();
  });

  // What the emulator did: charges (minor units), subscriptions, the card on file.
  app.get(`${prefix}payments`, (request) => {
    const { email } = z.object({ email: Email }).parse(request.query);
    const id = user(email).id;
    const card = paymentMethodOf(ctx.db, id);
    return {
      charges: chargesOf(ctx.db, id),
      subscriptions: subscriptionsOf(ctx.db, id),
      card: card ? { brand: card.brand, last4: card.last4 } : null,
    };
  });
}
