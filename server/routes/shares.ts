import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SHARE_LINK_EXPIRY_DAYS } from '../../src/domain/constants';
import {
  CreateShareRequestSchema,
  PublishRequestSchema,
  SharePasswordRequestSchema,
  splitRecipients,
  type Share,
} from '../../src/api/contract/shares';
import { requireCaller, requireSubscriber, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import { copyFiles, findFileInJob, liveFilesOf, toFileJson, type FileRow } from '../db/files';
import { getMeta, setMeta, stmt } from '../db/open';
import { jobByUuid, timelineJobOf, userById, type JobRow } from '../db/users';
import { HttpError, notFound, outOfStorage } from '../errors';
import { jobByUuidFor, jobForCaller } from './jobs';
import { commonQuery, idParam } from './params';
import { remainingSpace } from './uploadStore';

const SHARE_LIFETIME_SECONDS = SHARE_LINK_EXPIRY_DAYS * 86_400;
const Query = z.object(commonQuery);
const ReadQuery = z.object({ ...commonQuery, key: z.string().max(128).optional() });

const passwordRequired = () =>
  new HttpError(403, 'password_required', 'This share needs its password');
const passwordIncorrect = () => new HttpError(403, 'password_incorrect', 'Incorrect password');

/** The secret share keys are made with: random per DATA_DIR, kept in meta. */
function keySecret(ctx: ServerContext): string {
  let secret = getMeta(ctx.db, 'share_key_secret');
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    setMeta(ctx.db, 'share_key_secret', secret);
  }
  return secret;
}

/**
 * What a visitor who gave the right password carries: bound to the share and its password, so
 * a new password (or another share) needs a new key; nothing to store or expire besides.
 */
function shareKey(ctx: ServerContext, share: JobRow): string {
  return createHmac('sha256', keySecret(ctx))
    .update(`${share.uuid}\n${share.password ?? ''}`)
    .digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The signed-in caller when the request carries a token (header or ?token=), else null. */
function optionalCaller(ctx: ServerContext, request: FastifyRequest): Caller | null {
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

export interface ShareReader {
  share: JobRow;
  caller: Caller | null;
}

/**
 * The share `uuid` if this request may read it: 404 when it is unknown, stopped or expired;
 * 403 password_required when it has a password and the request neither is the owner's nor
 * carries the share's key (`?key=` or the X-Share-Key header).
 */
export function readShare(ctx: ServerContext, request: FastifyRequest, uuid: string): ShareReader {
  const share = liveShare(ctx, uuid);
  if (!share) throw notFound();
  const caller = optionalCaller(ctx, request);
  if (share.password && caller?.user.id !== share.owner_id) {
    const header = request.headers['x-share-key'];
    const key =
      (typeof header === 'string' ? header : undefined) ??
      ReadQuery.safeParse(request.query).data?.key;
    if (!key || !sameText(key, shareKey(ctx, share))) throw passwordRequired();
  }
  return { share, caller };
}

/** The share's own job for the caller (its owner), else 404. */
function ownShare(ctx: ServerContext, caller: Caller, uuid: string): JobRow {
  const share = liveShare(ctx, uuid);
  if (!share || share.owner_id !== caller.user.id) throw notFound();
  return share;
}

function shareJson(ctx: ServerContext, share: JobRow, caller: Caller | null): Share {
  const owner = userById(ctx.db, share.owner_id);
  const isOwner = caller?.user.id === share.owner_id;
  const files = stmt<[number], FileRow>(
    ctx.db,
    `SELECT * FROM files WHERE job = ? AND deleted = 0 ORDER BY capture_time DESC, id DESC`,
  ).all(share.id);
  const documents = files.filter((f) => f.kind === 2).sort((a, b) => a.path.localeCompare(b.path));
  return {
    id: share.uuid,
    link: `/share/${share.uuid}`,
    isAlbum: share.share_album !== null,
    title: share.share_album !== null ? share.title : null,
    owner: {
      userID: owner?.uuid ?? '',
      name: owner?.name ?? null,
      ...(isOwner && owner ? { email: owner.email } : {}),
    },
    isOwner,
    created: share.ctime,
    expires: share.ctime + SHARE_LIFETIME_SECONDS,
    hasPassword: share.password !== null,
    thumbFiles: files.filter((f) => f.kind !== 2).map(toFileJson),
    docFiles: documents.map(toFileJson),
  };
}

/**
 * SPEC §3 Share and §7 publish: make a link of some files, put a password on it, read it (a
 * visitor too), unlock it, stop it, copy it to one's timeline, email it. The routes a visitor
 * reaches check the link, its expiry and password (readShare); the rest need the owner or a
 * signed-in user, and SPEC §6's subscription where files are saved or shared.
 */
export function registerShareRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/shares', (request) => {
    const caller = requireCaller(ctx, request);
    // SPEC §6: a read-only user's share button is disabled.
    requireSubscriber(caller);
    Query.parse(request.query);
    const body = CreateShareRequestSchema.parse(request.body);
    const source = jobByUuidFor(ctx, caller, body.job, 'read');
    if (!source || source.type === 'share') throw notFound();
    const rows = body.files.map((id) => {
      const row = findFileInJob(ctx.db, source.id, id);
      if (!row || row.deleted) throw notFound();
      return row;
    });
    const now = ctx.now();
    const share = ctx.db.transaction(() => {
      const album = body.album && source.type === 'story' ? source : null;
      const info = stmt(
        ctx.db,
        `INSERT INTO jobs (uuid, owner_id, type, title, ctime, mtime, last_update, privacy_mode,
           share_album)
         VALUES (?, ?, 'share', ?, ?, ?, ?, 'public', ?)`,
      ).run(randomUUID(), caller.user.id, album?.title ?? null, now, now, now, album?.id ?? null);
      const job = stmt<[number], JobRow>(ctx.db, 'SELECT * FROM jobs WHERE id = ?').get(
        Number(info.lastInsertRowid),
      )!;
      copyFiles(ctx.db, rows, job.id, null, now);
      return job;
    })();
    return shareJson(ctx, share, caller);
  });

  // The owner sets (or replaces) the password; a key given before no longer opens it.
  app.post('/shares/:id/password', (request, reply) => {
    const caller = requireCaller(ctx, request);
    Query.parse(request.query);
    const share = ownShare(ctx, caller, idParam.parse((request.params as { id: unknown }).id));
    const { password } = SharePasswordRequestSchema.parse(request.body);
    stmt(ctx.db, 'UPDATE jobs SET password = ? WHERE id = ?').run(password, share.id);
    return reply.code(204).send();
  });

  app.get('/shares/:id', (request) => {
    const { share, caller } = readShare(
      ctx,
      request,
      idParam.parse((request.params as { id: unknown }).id),
    );
    ReadQuery.parse(request.query);
    return shareJson(ctx, share, caller);
  });

  // SPEC §5: a wrong password answers "Incorrect password"; guesses are throttled per share and
  // address like sign-ins (auth/loginThrottle.ts).
  app.post('/shares/:id/unlock', (request, reply) => {
    const uuid = idParam.parse((request.params as { id: unknown }).id);
    Query.parse(request.query);
    const share = liveShare(ctx, uuid);
    if (!share) throw notFound();
    const { password } = SharePasswordRequestSchema.parse(request.body);
    const throttleKey = `share:${share.uuid}`;
    const wait = ctx.loginThrottle.retryAfter(throttleKey, request.ip);
    if (wait > 0) {
      return reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ error: 'too_many_attempts', message: 'Too many attempts' });
    }
    if (!share.password || !sameText(password, share.password)) {
      if (share.password) ctx.loginThrottle.recordFailure(throttleKey, request.ip);
      throw passwordIncorrect();
    }
    ctx.loginThrottle.recordSuccess(throttleKey);
    return { key: shareKey(ctx, share) };
  });

  // SPEC §4 share stop flow: the owner's only; the link then answers share-not-found.
  app.delete('/shares/:id', (request, reply) => {
    const caller = requireCaller(ctx, request);
    Query.parse(request.query);
    const share = ownShare(ctx, caller, idParam.parse((request.params as { id: unknown }).id));
    stmt(ctx.db, 'UPDATE jobs SET deleted = 2, dtime = ? WHERE id = ?').run(ctx.now(), share.id);
    return reply.code(204).send();
  });

  // SPEC §6: a signed-in user who is not the owner adds the files to their timeline (saving
  // files needs a subscription); SPEC §8: 413 out_of_storage when they do not fit.
  app.post('/shares/:id/copy', (request) => {
    const uuid = idParam.parse((request.params as { id: unknown }).id);
    const caller = requireCaller(ctx, request);
    const { share } = readShare(ctx, request, uuid);
    if (share.owner_id === caller.user.id) throw notFound();
    requireSubscriber(caller);
    const rows = liveFilesOf(ctx.db, share.id);
    const timeline = timelineJobOf(ctx.db, caller.user.id);
    if (!timeline) throw notFound();
    const bytes = rows.reduce((sum, row) => sum + row.size, 0);
    if (bytes > remainingSpace(ctx, caller.user.id)) throw outOfStorage();
    const { pairs, serial } = copyFiles(ctx.db, rows, timeline.id, null, ctx.now());
    if (serial > 0) ctx.events.notify(timeline.id, serial);
    return { added: pairs.length };
  });

  // SPEC §7 POST /jobs/{id}/publish (to_email, subject, message): the owner emails a share or an
  // album's link. Stored in the outbox, never sent.
  app.post('/jobs/:id/publish', (request, reply) => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    Query.parse(request.query);
    const job = jobForCaller(ctx, caller, request, 'read');
    if (job.owner_id !== caller.user.id || job.type === 'timeline') throw notFound();
    const body = PublishRequestSchema.parse(request.body);
    const link = job.type === 'share' ? `/share/${job.uuid}` : `/albums/${job.uuid}`;
    const insert = stmt(
      ctx.db,
      `INSERT INTO outbox (job, from_user, to_email, subject, message, link, created)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    ctx.db.transaction(() => {
      for (const to of splitRecipients(body.to_email)) {
        insert.run(job.id, caller.user.id, to, body.subject, body.message ?? '', link, ctx.now());
      }
    })();
    return reply.code(204).send();
  });
}
