// SPEC §1/§7 POST /user_statistics_events and /client_stats: 403 analytics_not_allowed and
// nothing kept without the help_us_improve consent; an event for another user_uuid is 400
// user_uuid_mismatch (db/statistics.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ANALYTICS_NOT_ALLOWED,
  ClientStatsRequestSchema,
  StatisticsEventsRequestSchema,
  USER_UUID_MISMATCH,
} from '../../src/api/contract/statistics';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { consentValues } from '../db/privacy';
import { storeClientStats, storeEvents } from '../db/statistics';
import type { UserRow } from '../db/users';
import { HttpError } from '../errors';
import { commonQuery, storedDeviceQuery } from './params';

/**
 * SPEC §1 "internal usage analytics are sent only after tracking consent": the consent is
 * help_us_improve (SPEC §3 Consents; account_info's allowAnalytics reports it). The client sends
 * nothing without it; the server refuses and keeps nothing too, so a stale client cannot file
 * data the user has not agreed to.
 */
export function analyticsAllowed(user: UserRow): boolean {
  return consentValues(user).help_us_improve;
}

function requireConsent(user: UserRow): void {
  if (!analyticsAllowed(user)) {
    throw new HttpError(403, ANALYTICS_NOT_ALLOWED, 'The user has not allowed analytics');
  }
}

/** SPEC §7 POST /user_statistics_events (events) and POST /client_stats. */
export function registerStatisticsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/user_statistics_events', (request, reply) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const { events } = StatisticsEventsRequestSchema.parse(request.body);
    // An event names its user; it may only be the caller.
    if (events.some((event) => event.user_uuid !== user.uuid)) {
      throw new HttpError(400, USER_UUID_MISMATCH, 'Events may only be filed for the caller');
    }
    requireConsent(user);
    storeEvents(ctx.db, user.id, events, ctx.now());
    return reply.code(204).send();
  });

  app.post('/client_stats', (request, reply) => {
    const { user } = requireCaller(ctx, request);
    const query = z.object(storedDeviceQuery).parse(request.query);
    const stats = ClientStatsRequestSchema.parse(request.body);
    requireConsent(user);
    storeClientStats(ctx.db, user.id, query.device_id ?? null, stats, ctx.now());
    return reply.code(204).send();
  });
}
