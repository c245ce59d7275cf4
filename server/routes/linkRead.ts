// Jobs their link opens (SPEC §3 Share, §6 Visitor): a live share or a shared/public album, read
// by anyone, signed in or not, and with a password by the owner, the album's members, or a
// request whose basic auth is the password as the client transformed it (SPEC §5; §6 "Auth for
// album visitors: the album's own password if provided; otherwise the user's token when not known
// to be a non-owner, and a foreign-auth value when the user is not the owner"); the signed-in user
// is then named by `foreign_auth` (guard.ts requireCaller reads it first). Media URLs carry the
// basic credential as `?token=`. A wrong or missing password answers 403 with SPEC §7's "public
// job auth failed"; guesses are counted per link and address (auth/linkThrottle.ts, 429 with
// Retry-After). The info, months, files, thumbnail, content and detail routes read through it; a
// visitor's link to an unknown job is 404, a private album's info 403 "User does not have access
// to secured job" (SPEC §7: the client's login prompt), its other reads 401.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SHARE_LINK_EXPIRY_DAYS } from '../../src/domain/constants';
import {
  basicCredentialOf,
  callerForToken,
  foreignAuthOf,
  sessionCaller,
  type Caller,
} from '../auth/guard';
import type { ServerContext } from '../context';
import { isMember } from '../db/albums';
import { getMeta, setMeta } from '../db/open';
import { jobByUuid, type JobRow } from '../db/users';
import { HttpError, notFound, unauthorized } from '../errors';

export const SHARE_LIFETIME_SECONDS = SHARE_LINK_EXPIRY_DAYS * 86_400;

/**
 * SPEC §7 job-info mapping: the client reads these answers by status and body text alone
 * ("public job auth failed" → its password form; "User does not have access to secured job" →
 * a login when signed out, else not found), so the texts are the SPEC's, verbatim.
 */
export const PUBLIC_JOB_AUTH_FAILED = 'public job auth failed';
export const NO_ACCESS_TO_SECURED_JOB = 'User does not have access to secured job';

export const passwordRequired = () =>
  new HttpError(403, 'password_required', PUBLIC_JOB_AUTH_FAILED);
export const securedJob = () => new HttpError(403, 'secured_job', NO_ACCESS_TO_SECURED_JOB);
const tooManyAttempts = (wait: number) =>
  new HttpError(429, 'too_many_attempts', 'Too many attempts', {}, { 'Retry-After': String(wait) });

/** The secret link bindings are made with: random per DATA_DIR, kept in meta. */
function keySecret(ctx: ServerContext): string {
  let secret = getMeta(ctx.db, 'share_key_secret');
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    setMeta(ctx.db, 'share_key_secret', secret);
  }
  return secret;
}

/**
 * A value bound to the job and its password of the time (never sent): what a visitor token is
 * tied to (routes/visitors.ts), so a new password ends the names given under the old one.
 */
export function shareKey(ctx: ServerContext, job: JobRow): string {
  return createHmac('sha256', keySecret(ctx))
    .update(`${job.uuid}\n${job.password ?? ''}`)
    .digest('base64url');
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A live share (not stopped, not past its 30 days) by id, else null. */
export function liveShare(ctx: ServerContext, uuid: string): JobRow | null {
  const job = jobByUuid(ctx.db, uuid);
  if (!job || job.type !== 'share') return null;
  return job.ctime + SHARE_LIFETIME_SECONDS > ctx.now() ? job : null;
}

/** SPEC §6 Visitor: an album whose link opens it (privacy shared or public; not in the trash). */
function linkAlbum(ctx: ServerContext, uuid: string): JobRow | null {
  const job = jobByUuid(ctx.db, uuid);
  return job?.type === 'story' && (job.privacy_mode === 'shared' || job.privacy_mode === 'public')
    ? job
    : null;
}

/** A job its link opens: a live share or a shared album; null for any other (or none). */
export function linkJob(ctx: ServerContext, uuid: string): JobRow | null {
  return liveShare(ctx, uuid) ?? linkAlbum(ctx, uuid);
}

export interface LinkReader {
  job: JobRow;
  caller: Caller | null;
}

/**
 * The link job `uuid` if this request may read it: 404 when its link opens nothing; 403 "public
 * job auth failed" (SPEC §7) when it has a password and the request is neither its owner's (or
 * an album member's) nor carries the password; 429 after too many wrong passwords from this
 * address (auth/linkThrottle.ts, issue 33). The caller is the user `foreign_auth` names, else the
 * basic auth's when it is a session's token; an unknown token on a job without a password is 401
 * (a session that ended), on one with a password a wrong password.
 */
export function readLinkJob(ctx: ServerContext, request: FastifyRequest, uuid: string): LinkReader {
  const job = linkJob(ctx, uuid);
  if (!job) throw notFound();
  const presented = basicCredentialOf(request, { allowQueryToken: true });
  const foreign = foreignAuthOf(request);
  const passwordGiven =
    job.password !== null && presented !== null && sameText(presented, job.password);
  let caller: Caller | null = null;
  if (foreign !== null) caller = callerForToken(ctx, foreign);
  else if (presented !== null && !passwordGiven) {
    caller = sessionCaller(ctx, presented);
    if (caller === null && job.password === null) throw unauthorized();
  }
  const privileged =
    caller !== null &&
    (caller.user.id === job.owner_id ||
      (job.type === 'story' && isMember(ctx.db, job.id, caller.user.id)));
  if (job.password === null || privileged) return { job, caller };
  // A password attempt: whatever the basic auth carries that is not the caller's session.
  const attempt = presented !== null && (foreign !== null || caller === null);
  if (!attempt) throw passwordRequired();
  const wait = ctx.linkThrottle.retryAfter(job.uuid, request.ip);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!passwordGiven) {
    ctx.linkThrottle.recordFailure(job.uuid, request.ip);
    throw passwordRequired();
  }
  ctx.linkThrottle.recordSuccess(job.uuid, request.ip);
  return { job, caller };
}

/** readLinkJob for a share only (the share routes). */
export function readShare(
  ctx: ServerContext,
  request: FastifyRequest,
  uuid: string,
): { share: JobRow; caller: Caller | null } {
  if (!liveShare(ctx, uuid)) throw notFound();
  const { job, caller } = readLinkJob(ctx, request, uuid);
  return { share: job, caller };
}
