// Who is calling: requireCaller (Basic auth; `?token=` only for media) and requireSubscriber
// (SPEC §6's read-only rule, kept here alone).
import { USER_DISABLED } from '../../src/api/contract/account';
import type { FastifyRequest } from 'fastify';
import { tokenFromBasicAuth } from '../../src/api/contract/basicAuth';
import type { ServerContext } from '../context';
import { userById, type UserRow } from '../db/users';
import { HttpError, unauthorized } from '../errors';
import { closeIfDue } from '../db/privacy';
import { sessionByToken } from './sessions';

export interface Caller {
  user: UserRow;
  sessionId: string;
  /** When this session signed in (seconds since the epoch). */
  signedInAt: number;
}

export interface GuardOptions {
  /** Thumbnails and file content: `<img src>` and `<video src>` cannot send headers. */
  allowQueryToken?: boolean;
  /** Logout must work for a disabled account too. */
  allowDisabled?: boolean;
}

function queryToken(request: FastifyRequest): string | null {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token.length > 0 && token.length <= 256 ? token : null;
}

/** The authenticated caller, or throws 401 (no/unknown/revoked token) or 403 user_disabled. */
export function requireCaller(
  ctx: ServerContext,
  request: FastifyRequest,
  options: GuardOptions = {},
): Caller {
  const token =
    tokenFromBasicAuth(request.headers.authorization) ??
    (options.allowQueryToken ? queryToken(request) : null);
  return callerForToken(ctx, token, options);
}

/**
 * The caller a token belongs to, same checks as requireCaller: for tokens that travel elsewhere
 * (the archive download's form body, which a browser form post cannot put in a header).
 */
export function callerForToken(
  ctx: ServerContext,
  token: string | null | undefined,
  options: GuardOptions = {},
): Caller {
  if (!token || token.length > 256) throw unauthorized();
  const session = sessionByToken(ctx.db, token, ctx.now());
  if (!session) throw unauthorized();
  const user = userById(ctx.db, session.userId);
  if (!user) throw unauthorized();
  // An account past its deletion grace period closes on its next call (SPEC §4): then disabled.
  closeIfDue(ctx.db, user, ctx.now());
  if (user.disabled && !options.allowDisabled) {
    throw new HttpError(403, USER_DISABLED, 'Account terminated (user_disabled)');
  }
  return { user, sessionId: session.sessionId, signedInAt: session.created };
}

/**
 * SPEC §6: "creating albums and saving files need a subscription". The one place the server
 * keeps that rule (issue 22): every call that saves a file (upload, files_dedup, restore from the
 * trash, copies to the timeline or an album) or creates an album calls this first and a
 * read-only user gets 403 `read_only_user`, which the client shows with its read-only texts.
 * Reading, deleting, downloading, and joining or viewing albums others share stay allowed.
 */
export function requireSubscriber(caller: Caller): void {
  if (caller.user.read_only) {
    throw new HttpError(
      403,
      'read_only_user',
      'Saving files and creating albums need a subscription (read-only user)',
    );
  }
}
