// SPEC §6 Visitor, issue 14: POST /jobs/{id}/visitor_token {name} → a token sent as
// X-Visitor-Token, stored as its SHA-256 in `visitors`, bound to the album and to its password of
// the time, 30 days. It opens the comment routes of that album only (comments.ts); every other
// route answers it 401 (both authorisation matrices check this). Names are rate limited per
// address (auth/rateLimit.ts, 429 too_many_requests).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  VISITOR_TOKEN_HEADER,
  VisitorTokenRequestSchema,
  type VisitorToken,
} from '../../src/api/contract/comments';
import type { RateLimiter } from '../auth/rateLimit';
import type { ServerContext } from '../context';
import { createVisitor, visitorForToken, type VisitorRow } from '../db/visitors';
import type { JobRow } from '../db/users';
import { HttpError, notFound } from '../errors';
import { KeyQuery, linkJob, readLinkJob, shareKey } from './linkRead';
import { idParam } from './params';

// SPEC §1 "a guest may comment after entering a name or signing in", §6 Visitor. A visitor who
// can read a shared album (its link; its key when it has a password) gives a name and gets a
// token for that album alone. The token, sent as X-Visitor-Token, lets the comment routes store
// the visitor's comments under that name and lets the visitor edit or delete those (and nothing
// else). It opens no other route, no other album, and ends with a new password or after 30 days.

const HEADER = VISITOR_TOKEN_HEADER.toLowerCase();

export const commentsNotAllowed = () =>
  new HttpError(403, 'comments_not_allowed', 'Comments are turned off for this album');
export const visitorTokenInvalid = () =>
  new HttpError(401, 'visitor_token_invalid', 'Unknown or expired visitor token');

/** The album's key when it has a password (what its visitors carry), else null. */
function albumKey(ctx: ServerContext, job: JobRow): string | null {
  return job.password ? shareKey(ctx, job) : null;
}

/** Whether this request speaks as a visitor: a visitor token and no account token. */
export function isVisitorRequest(request: FastifyRequest): boolean {
  return !request.headers.authorization && request.headers[HEADER] !== undefined;
}

/** The visitor whose token this request carries for album `job`, else 401 visitor_token_invalid. */
export function requireVisitor(
  ctx: ServerContext,
  request: FastifyRequest,
  job: JobRow,
): VisitorRow {
  const token = request.headers[HEADER];
  if (typeof token !== 'string' || token.length === 0 || token.length > 128) {
    throw visitorTokenInvalid();
  }
  const visitor = visitorForToken(ctx.db, token, job.id, albumKey(ctx, job), ctx.now());
  if (!visitor) throw visitorTokenInvalid();
  return visitor;
}

/** 429 with Retry-After when any of the limiters refuses `keys` (checked in order). */
export function rateLimited(
  reply: FastifyReply,
  checks: readonly (readonly [RateLimiter, string])[],
): FastifyReply | null {
  for (const [limiter, key] of checks) {
    const wait = limiter.take(key);
    if (wait > 0) {
      return reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ error: 'too_many_requests', message: 'Too many requests, try again later' });
    }
  }
  return null;
}

export function registerVisitorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/jobs/:id/visitor_token', (request, reply) => {
    KeyQuery.parse(request.query);
    const id = idParam.parse((request.params as { id: unknown }).id);
    const linked = linkJob(ctx, id);
    // Only a shared album's link makes visitors (not a share, not a private album).
    if (!linked || linked.type !== 'story') throw notFound();
    const { job } = readLinkJob(ctx, request, linked.uuid);
    if ((job.permissions & 1) === 0) throw commentsNotAllowed();
    const { name } = VisitorTokenRequestSchema.parse(request.body);
    const limited = rateLimited(reply, [[ctx.visitorLimits.tokens, request.ip]]);
    if (limited) return limited;
    const { row, token } = createVisitor(ctx.db, {
      job: job.id,
      name: name.trim(),
      albumKey: albumKey(ctx, job),
      now: ctx.now(),
    });
    const answer: VisitorToken = {
      token,
      visitor_uuid: row.uuid,
      name: row.name,
      expires: row.expires,
    };
    return answer;
  });
}
