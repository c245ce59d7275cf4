// Jobs their link opens (SPEC §3 Share, §6 Visitor): a live share or a shared/public album, read
// by anyone, signed in or not, and with a password by the owner, the album's members, or a
// request carrying the key POST /shares/{id}/unlock or POST /jobs/{id}/unlock gave — an HMAC of
// the job and its password under a per-DATA_DIR secret. The info, months, files, thumbnail,
// content and detail routes read through it; a visitor's link to an unknown job is 404, to a
// private album 401.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SHARE_LINK_EXPIRY_DAYS } from '../../src/domain/constants';
import { requireCaller, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import { isMember } from '../db/albums';
import { getMeta, setMeta } from '../db/open';
import { jobByUuid, type JobRow } from '../db/users';
import { HttpError, notFound } from '../errors';
import { commonQuery } from './params';

// Jobs read through their link (SPEC §3 Share, §6 Visitor): a share, and a shared or public
// album, open to anyone with the link — signed in or not — and, when they have a password, to
// whoever carries the key the password gave (POST /shares/{id}/unlock, POST /jobs/{id}/unlock).
// The owner, and an album's members, never need the key.

export const SHARE_LIFETIME_SECONDS = SHARE_LINK_EXPIRY_DAYS * 86_400;
export const KeyQuery = z.object({ ...commonQuery, key: z.string().max(128).optional() });

export const passwordRequired = () =>
  new HttpError(403, 'password_required', 'This link needs its password');
export const passwordIncorrect = () =>
  new HttpError(403, 'password_incorrect', 'Incorrect password');

/** The secret link keys are made with: random per DATA_DIR, kept in meta. */
function keySecret(ctx: ServerContext): string {
  let secret = getMeta(ctx.db, 'share_key_secret');
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    setMeta(ctx.db, 'share_key_secret', secret);
  }
  return secret;
}

/**
 * What a visitor who gave the right password carries: bound to the job and its password, so a
 * new password (or another job) needs a new key; nothing to store or expire besides.
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

/** The signed-in caller when the request carries a token (header or ?token=), else null. */
export function optionalCaller(ctx: ServerContext, request: FastifyRequest): Caller | null {
  const query = request.query as Record<string, unknown> | undefined;
  if (!request.headers.authorization && typeof query?.token !== 'string') return null;
  return requireCaller(ctx, request, { allowQueryToken: true });
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

function checkKey(ctx: ServerContext, request: FastifyRequest, job: JobRow): void {
  const header = request.headers['x-share-key'];
  const key =
    (typeof header === 'string' ? header : undefined) ??
    KeyQuery.safeParse(request.query).data?.key;
  if (!key || !sameText(key, shareKey(ctx, job))) throw passwordRequired();
}

/**
 * The link job `uuid` if this request may read it: 404 when its link opens nothing; 403
 * password_required when it has a password and the request is neither its owner's (or an album
 * member's) nor carries its key (`?key=` or the X-Share-Key header).
 */
export function readLinkJob(ctx: ServerContext, request: FastifyRequest, uuid: string): LinkReader {
  const job = linkJob(ctx, uuid);
  if (!job) throw notFound();
  const caller = optionalCaller(ctx, request);
  const privileged =
    caller !== null &&
    (caller.user.id === job.owner_id ||
      (job.type === 'story' && isMember(ctx.db, job.id, caller.user.id)));
  if (job.password && !privileged) checkKey(ctx, request, job);
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

/**
 * A visitor gives a link job its password (already transformed by the client, SPEC §5): the key
 * to send with every read, or 403 password_incorrect; guesses are throttled per job and address
 * (auth/linkThrottle.ts), apart from sign-ins.
 */
export function unlock(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  job: JobRow,
  password: string,
): FastifyReply | { key: string } {
  const wait = ctx.linkThrottle.retryAfter(job.uuid, request.ip);
  if (wait > 0) {
    return reply
      .code(429)
      .header('Retry-After', String(wait))
      .send({ error: 'too_many_attempts', message: 'Too many attempts' });
  }
  if (!job.password || !sameText(password, job.password)) {
    if (job.password) ctx.linkThrottle.recordFailure(job.uuid, request.ip);
    throw passwordIncorrect();
  }
  ctx.linkThrottle.recordSuccess(job.uuid, request.ip);
  return { key: shareKey(ctx, job) };
}
