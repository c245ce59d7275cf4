// SPEC §1/§6 comments and reactions of an album's files. Comments are read by whoever reads the
// album; written with an account, or by a visitor who named themselves for that album
// (visitors.ts: a token sent as X-Visitor-Token that opens the comment routes of that album
// only — post; edit and delete its own). Visitors' comments are rate limited per address and per
// visitor, signed-in users' per user at the visitors' rate (auth/rateLimit.ts, 429
// too_many_requests, issue 33). Posting and editing need allow_comments except for the owner,
// 403 comments_not_allowed.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHANGE_TYPE } from '../../src/api/contract/changes';
import { CommentRequestSchema, type Comment } from '../../src/api/contract/comments';
import { requireCaller, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import { recordChange } from '../db/changes';
import { fileIdOf } from '../db/ids';
import { stmt } from '../db/open';
import type { FileRow } from '../db/files';
import { userById, type JobRow } from '../db/users';
import { visitorById, type VisitorRow } from '../db/visitors';
import { forbidden, notFound } from '../errors';
import { liveFile, readableJob } from './files';
import { commonQuery, idParam } from './params';
import { profilePictureUrl } from './user';
import { commentsNotAllowed, isVisitorRequest, rateLimited, requireVisitor } from './visitors';

interface CommentRow {
  id: number;
  uuid: string;
  job: number;
  file: number;
  /** 0 for a visitor's comment (then visitor_id says who). */
  user_id: number;
  visitor_id: number | null;
  text: string;
  created: number;
  edited: number | null;
  deleted: number;
}

const Query = z.object({ ...commonQuery, key: z.string().max(128).optional() });

function commentJson(ctx: ServerContext, row: CommentRow, file: FileRow): Comment {
  const base = {
    comment_uuid: row.uuid,
    fileID: fileIdOf(file.id, file.tag),
    text: row.text,
    timestamp: row.created,
    lastEditTimestamp: row.edited,
  };
  if (row.visitor_id !== null) {
    const visitor = visitorById(ctx.db, row.visitor_id);
    return {
      ...base,
      userUUID: visitor?.uuid ?? '',
      name: visitor?.name ?? null,
      profile_url: null,
      visitor: true,
    };
  }
  const author = userById(ctx.db, row.user_id);
  return {
    ...base,
    userUUID: author?.uuid ?? '',
    name: author?.name ?? null,
    profile_url: profilePictureUrl(ctx, author?.profile_picture ?? null),
    visitor: false,
  };
}

/** Who writes: a signed-in caller, or a visitor of this album (their token, no account). */
type Author = { caller: Caller; visitor: null } | { caller: null; visitor: VisitorRow };

/**
 * The caller comes first (a call without any token is 401 before anything is read); a visitor's
 * token is checked against the album once the album is known.
 */
function authorFirst(ctx: ServerContext, request: FastifyRequest): Caller | null {
  return isVisitorRequest(request) ? null : requireCaller(ctx, request);
}

function authorOf(
  ctx: ServerContext,
  request: FastifyRequest,
  job: JobRow,
  caller: Caller | null,
): Author {
  return caller
    ? { caller, visitor: null }
    : { caller, visitor: requireVisitor(ctx, request, job) };
}

/** Whether `author` wrote the comment `row`. */
function wrote(author: Author, row: CommentRow): boolean {
  return author.caller
    ? row.visitor_id === null && row.user_id === author.caller.user.id
    : row.visitor_id === author.visitor.id;
}

/**
 * SPEC §6 "others … comment only if allow_comments": posting and editing (issue 33: edits were
 * let through once comments were off) need the bit, except for the album's owner. Deleting
 * one's own comment does not.
 */
function requireCommentsAllowed(job: JobRow, author: Author): void {
  const isOwner = author.caller !== null && author.caller.user.id === job.owner_id;
  if (!isOwner && (job.permissions & 1) === 0) throw commentsNotAllowed();
}

/**
 * Posts and edits per minute (issue 14 for visitors; issue 33: signed-in users had no limit):
 * each author has the same budget, and a visitor's address one for all its visitors (an
 * account's address is left alone: many people sign in from behind one NAT). 429 past it.
 */
function commentRate(
  ctx: ServerContext,
  reply: FastifyReply,
  request: FastifyRequest,
  author: Author,
): FastifyReply | null {
  if (author.caller) {
    return rateLimited(reply, [[ctx.visitorLimits.comments, `user:${author.caller.user.id}`]]);
  }
  return rateLimited(reply, [
    [ctx.visitorLimits.comments, `visitor:${author.visitor.id}`],
    [ctx.visitorLimits.addresses, request.ip],
  ]);
}

/** SPEC §4 comments are an album's; its file, read as the request may (link, key or member). */
function albumFile(
  ctx: ServerContext,
  request: FastifyRequest,
): { job: JobRow; file: FileRow; userId: number | null } {
  const { job, userId } = readableJob(ctx, request);
  if (job.type !== 'story') throw notFound();
  return { job, file: liveFile(ctx, job, request), userId };
}

function commentOf(ctx: ServerContext, job: JobRow, file: FileRow, request: FastifyRequest) {
  const id = idParam.parse((request.params as { commentId: unknown }).commentId);
  const row = stmt<[string, number, number], CommentRow>(
    ctx.db,
    'SELECT * FROM comments WHERE uuid = ? AND job = ? AND file = ? AND deleted = 0',
  ).get(id, job.id, file.id);
  if (!row) throw notFound();
  return row;
}

/** Each change is a type-10 change of the album (SPEC §3), for every open viewer to follow. */
function changed(ctx: ServerContext, job: JobRow, commentUuid: string, write: () => void): void {
  const now = ctx.now();
  const serial = ctx.db.transaction(() => {
    write();
    return recordChange(ctx.db, job.id, CHANGE_TYPE.comment, commentUuid, now);
  })();
  ctx.events.notify(job.id, serial);
}

/**
 * SPEC §3 Comment, §6: anyone who can read the album reads its comments; commenting needs an
 * account — or, for a visitor, a name given for this album (routes/visitors.ts) — and
 * `allow_comments` (the owner always may), and so does editing one's own; a comment is
 * deleted by its author or the album's owner.
 */
export function registerCommentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const base = '/jobs/:id/files_by_id/:fileId/comments';

  app.get(base, (request) => {
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    const rows = stmt<[number, number], CommentRow>(
      ctx.db,
      'SELECT * FROM comments WHERE job = ? AND file = ? AND deleted = 0 ORDER BY created, id',
    ).all(job.id, file.id);
    return { comments: rows.map((row) => commentJson(ctx, row, file)) };
  });

  app.post(base, (request, reply) => {
    const caller = authorFirst(ctx, request);
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    const author = authorOf(ctx, request, job, caller);
    requireCommentsAllowed(job, author);
    const { comment } = CommentRequestSchema.parse(request.body);
    const limited = commentRate(ctx, reply, request, author);
    if (limited) return limited;
    const uuid = randomUUID();
    const now = ctx.now();
    changed(ctx, job, uuid, () =>
      stmt(
        ctx.db,
        `INSERT INTO comments (uuid, job, file, user_id, visitor_id, text, created)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        uuid,
        job.id,
        file.id,
        author.caller?.user.id ?? 0,
        author.visitor?.id ?? null,
        comment.trim(),
        now,
      ),
    );
    const row = stmt<[string], CommentRow>(ctx.db, 'SELECT * FROM comments WHERE uuid = ?').get(
      uuid,
    );
    if (!row) throw notFound();
    return commentJson(ctx, row, file);
  });

  app.put(`${base}/:commentId`, (request, reply) => {
    const caller = authorFirst(ctx, request);
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    const author = authorOf(ctx, request, job, caller);
    const row = commentOf(ctx, job, file, request);
    if (!wrote(author, row)) throw forbidden();
    requireCommentsAllowed(job, author);
    const { comment } = CommentRequestSchema.parse(request.body);
    const limited = commentRate(ctx, reply, request, author);
    if (limited) return limited;
    const now = ctx.now();
    changed(ctx, job, row.uuid, () =>
      stmt(ctx.db, 'UPDATE comments SET text = ?, edited = ? WHERE id = ?').run(
        comment.trim(),
        now,
        row.id,
      ),
    );
    return commentJson(ctx, { ...row, text: comment.trim(), edited: now }, file);
  });

  app.delete(`${base}/:commentId`, (request, reply) => {
    const caller = authorFirst(ctx, request);
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    const author = authorOf(ctx, request, job, caller);
    const row = commentOf(ctx, job, file, request);
    if (!wrote(author, row) && job.owner_id !== caller?.user.id) throw forbidden();
    changed(ctx, job, row.uuid, () =>
      stmt(ctx.db, 'UPDATE comments SET deleted = 1 WHERE id = ?').run(row.id),
    );
    return reply.code(204).send();
  });
}
