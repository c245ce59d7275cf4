// Test-only controls of the session-start modals, read-only users and analytics (SPEC §4 Modal
// queue, §6, §7): cards for a user, a sunset delete date, the being-shut-down flag, the read-only
// flag, and what the statistics calls stored. Registered by registerTestControls, so only with
// `testControls: true`.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from './context';
import { addCard, allCards } from './db/cards';
import { stmt } from './db/open';
import { statisticsOf } from './db/statistics';
import type { UserRow } from './db/users';
import { testUser } from './testUsers';

const Email = z.string().min(1).max(320);

/**
 * A card as the service would make it. client_values is any JSON object (up to 16 KB): the
 * tests need malformed, foreign-template and hostile cards to show the client ignores them.
 */
const NewCardBody = z.object({
  email: Email,
  priority: z.number().int().min(-1000).max(1000).default(0),
  template: z.string().min(1).max(64).default('generic_message_1'),
  client_values: z
    .record(z.string(), z.unknown())
    .refine((values) => JSON.stringify(values).length <= 16_384, 'at most 16 KB'),
});

const SunsetBody = z.object({
  email: Email,
  /** Seconds since the epoch, or null for none. */
  date: z
    .number()
    .int()
    .min(0)
    .max(2 ** 40)
    .nullable(),
});

export function registerSessionTestControls(
  app: FastifyInstance,
  ctx: ServerContext,
  prefix: string,
): void {
  const user = (email: string): UserRow => testUser(ctx, email);

  app.post(`${prefix}full_screen_cards`, (request, reply) => {
    const body = NewCardBody.parse(request.body);
    const cardId = addCard(ctx.db, user(body.email).id, body, ctx.now());
    return reply.code(201).send({ card_id: cardId });
  });

  // Every card of the user, dismissed ones with the time (the dismiss call's effect).
  app.get(`${prefix}full_screen_cards`, (request) => {
    const { email } = z.object({ email: Email }).parse(request.query);
    return { cards: allCards(ctx.db, user(email).id) };
  });

  // SPEC §3 sunset_delete_date of account_info.
  app.post(`${prefix}sunset`, (request, reply) => {
    const body = SunsetBody.parse(request.body);
    stmt(ctx.db, 'UPDATE users SET sunset_delete_date = ? WHERE id = ?').run(
      body.date,
      user(body.email).id,
    );
    return reply.code(204).send();
  });

  // SPEC §3 isBeingShutDown of account_info (the paid-service transition notice, SPEC §2).
  app.post(`${prefix}being_shut_down`, (request, reply) => {
    const body = z.object({ email: Email, value: z.boolean() }).parse(request.body);
    stmt(ctx.db, 'UPDATE users SET being_shut_down = ? WHERE id = ?').run(
      body.value ? 1 : 0,
      user(body.email).id,
    );
    return reply.code(204).send();
  });

  // SPEC §6: makes a user read-only (no subscription) or a subscriber again, e.g. after giving
  // them files and albums a read-only user can no longer make.
  app.post(`${prefix}read_only`, (request, reply) => {
    const body = z.object({ email: Email, read_only: z.boolean() }).parse(request.body);
    stmt(ctx.db, 'UPDATE users SET read_only = ? WHERE id = ?').run(
      body.read_only ? 1 : 0,
      user(body.email).id,
    );
    return reply.code(204).send();
  });

  // What /user_statistics_events and /client_stats stored for the user, oldest first.
  app.get(`${prefix}statistics`, (request) => {
    const { email } = z.object({ email: Email }).parse(request.query);
    return statisticsOf(ctx.db, user(email).id);
  });
}
