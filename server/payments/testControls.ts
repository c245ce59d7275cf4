// Test-only controls of the payment emulator (registered by registerTestControls, so only with
// `testControls: true`): where web purchases are impossible, and what the emulator holds.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context';
import type { UserRow } from '../db/users';
import { chargesOf, paymentMethodOf, setWebBlocked, subscriptionsOf } from './store';
import { testUser } from '../testUsers';

const Email = z.string().min(1).max(320);

export function registerPaymentTestControls(
  app: FastifyInstance,
  ctx: ServerContext,
  prefix: string,
): void {
  const user = (email: string): UserRow => testUser(ctx, email);

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
