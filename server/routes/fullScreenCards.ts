import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { activeCards, dismissCard } from '../db/cards';
import { notFound } from '../errors';
import { commonQuery } from './params';

/**
 * SPEC §7 GET /v2/full_screen_cards (response backend_controlled_cards) and
 * POST /full_screen_cards/{id}/dismiss. Cards are made by the service (here: the test control
 * POST /__test/full_screen_cards); a user sees and dismisses only their own.
 */
export function registerFullScreenCardRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/v2/full_screen_cards', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    return { backend_controlled_cards: activeCards(ctx.db, user.id) };
  });

  app.post('/full_screen_cards/:id/dismiss', (request, reply) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const { id } = z.object({ id: z.string().min(1).max(64) }).parse(request.params);
    if (!dismissCard(ctx.db, user.id, id, ctx.now())) throw notFound();
    return reply.code(204).send();
  });
}
