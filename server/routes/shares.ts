// SPEC §3 Share: a share is a job of type `share` holding copies of the shared files (its
// thumbnails and content go through the usual routes with the share id as the job), never listed
// by GET /jobs, never counted in storage, never added to or deleted from. A share of a password
// album's files made by anyone but the album's owner starts sealed (a random password nobody is
// told) until its maker sets one (issue 33). readShare (linkRead.ts) lets anyone with the link
// read a live one (not stopped, within 30 days of its ctime); unlock guesses (shares and albums)
// are counted per link and address, apart from sign-ins (auth/linkThrottle.ts, issue 33).
// POST /jobs/{id}/publish stores the email share in the outbox table, one row per recipient, and
// sends nothing; at most PUBLISH_RECIPIENTS_PER_DAY = 100 recipients per user in any 24 hours,
// counted from the outbox, then 429 too_many_requests with Retry-After (issue 33).
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { stmt } from '../db/open';
import { timelineJobOf, userById, type JobRow } from '../db/users';
import { notFound, outOfStorage } from '../errors';
import { jobByUuidFor, jobForCaller } from './jobs';
import { KeyQuery, liveShare, readShare, SHARE_LIFETIME_SECONDS, unlock } from './linkRead';
import { commonQuery, idParam } from './params';
import { remainingSpace } from './uploadStore';

const Query = z.object(commonQuery);

/**
 * Email-share recipients a user may have in any 24 hours (issue 33: 20 calls of 50 recipients
 * went out in 0.1 s): enough for sharing with family and friends, too few for spam. Counted from
 * the outbox, so a restart forgets nothing.
 */
export const PUBLISH_RECIPIENTS_PER_DAY = 100;
const DAY_SECONDS = 86_400;

/** Seconds until `count` more recipients fit in the user's budget (0: they fit now). */
function publishWait(ctx: ServerContext, userId: number, count: number): number {
  const now = ctx.now();
  const sent = stmt<[number, number], { created: number }>(
    ctx.db,
    'SELECT created FROM outbox WHERE from_user = ? AND created > ? ORDER BY created',
  ).all(userId, now - DAY_SECONDS);
  const over = sent.length + count - PUBLISH_RECIPIENTS_PER_DAY;
  if (over <= 0) return 0;
  // When the `over` oldest have left the window (a call never has more than the budget).
  const freed = sent[Math.min(over, sent.length) - 1];
  return Math.max(1, (freed?.created ?? now) + DAY_SECONDS - now);
}

/**
 * Issue 33: files of a password-protected album re-shared by someone other than its owner would
 * make an open link (the album's password cannot follow: the client salts a password with the
 * link's id). Such a share starts sealed, with a random password nobody is told, so its link opens
 * nothing until its maker sets one (POST /shares/{id}/password); the share dialog asks for it.
 * The owner decides for their own album. Null: the share starts open.
 */
function sealFor(caller: Caller, source: JobRow): string | null {
  const othersLocked = source.type === 'story' && source.password !== null;
  return othersLocked && source.owner_id !== caller.user.id
    ? randomBytes(32).toString('base64url')
    : null;
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
           share_album, password)
         VALUES (?, ?, 'share', ?, ?, ?, ?, 'public', ?, ?)`,
      ).run(
        randomUUID(),
        caller.user.id,
        album?.title ?? null,
        now,
        now,
        now,
        album?.id ?? null,
        sealFor(caller, source),
      );
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
    KeyQuery.parse(request.query);
    return shareJson(ctx, share, caller);
  });

  // SPEC §5: a wrong password answers "Incorrect password"; guesses are throttled per share and
  // address (auth/linkThrottle.ts).
  app.post('/shares/:id/unlock', (request, reply) => {
    const uuid = idParam.parse((request.params as { id: unknown }).id);
    Query.parse(request.query);
    const share = liveShare(ctx, uuid);
    if (!share) throw notFound();
    const { password } = SharePasswordRequestSchema.parse(request.body);
    return unlock(ctx, request, reply, share, password);
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
  // album's link. Stored in the outbox, never sent; at most PUBLISH_RECIPIENTS_PER_DAY a day.
  app.post('/jobs/:id/publish', (request, reply) => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    Query.parse(request.query);
    const job = jobForCaller(ctx, caller, request, 'read');
    if (job.owner_id !== caller.user.id || job.type === 'timeline') throw notFound();
    const body = PublishRequestSchema.parse(request.body);
    // Checked and stored with no await between: two calls at once cannot both slip under it.
    const wait = publishWait(ctx, caller.user.id, splitRecipients(body.to_email).length);
    if (wait > 0) {
      return reply.code(429).header('Retry-After', String(wait)).send({
        error: 'too_many_requests',
        message: 'Daily limit of email share recipients reached, try again later',
      });
    }
    // The link anyone can open: a share's receiver, or an album's visitor page (SPEC §2 `/a/{jobId}`).
    const link = job.type === 'share' ? `/share/${job.uuid}` : `/a/${job.uuid}`;
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
