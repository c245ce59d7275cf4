import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHANGE_TYPE } from '../../src/api/contract/changes';
import { CommentRequestSchema, type Comment } from '../../src/api/contract/comments';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { recordChange } from '../db/changes';
import { fileIdOf } from '../db/ids';
import { stmt } from '../db/open';
import type { FileRow } from '../db/files';
import { userById, type JobRow } from '../db/users';
import { forbidden, notFound } from '../errors';
import { liveFile, readableJob } from './files';
import { commonQuery, idParam } from './params';
import { profilePictureUrl } from './user';

interface CommentRow {
  id: number;
  uuid: string;
  job: number;
  file: number;
  user_id: number;
  text: string;
  created: number;
  edited: number | null;
  deleted: number;
}

const Query = z.object({ ...commonQuery, key: z.string().max(128).optional() });

function commentJson(ctx: ServerContext, row: CommentRow, file: FileRow): Comment {
  const author = userById(ctx.db, row.user_id);
  return {
    comment_uuid: row.uuid,
    fileID: fileIdOf(file.id, file.tag),
    userUUID: author?.uuid ?? '',
    name: author?.name ?? null,
    profile_url: profilePictureUrl(ctx, author?.profile_picture ?? null),
    text: row.text,
    timestamp: row.created,
    lastEditTimestamp: row.edited,
  };
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
 * account and `allow_comments` (the owner always may); a user edits only their own comments; a
 * comment is deleted by its author or the album's owner.
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

  app.post(base, (request) => {
    const caller = requireCaller(ctx, request);
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    if (job.owner_id !== caller.user.id && (job.permissions & 1) === 0) throw forbidden();
    const { comment } = CommentRequestSchema.parse(request.body);
    const uuid = randomUUID();
    const now = ctx.now();
    changed(ctx, job, uuid, () =>
      stmt(
        ctx.db,
        `INSERT INTO comments (uuid, job, file, user_id, text, created) VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(uuid, job.id, file.id, caller.user.id, comment.trim(), now),
    );
    const row = stmt<[string], CommentRow>(ctx.db, 'SELECT * FROM comments WHERE uuid = ?').get(
      uuid,
    );
    if (!row) throw notFound();
    return commentJson(ctx, row, file);
  });

  app.put(`${base}/:commentId`, (request) => {
    const caller = requireCaller(ctx, request);
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    const row = commentOf(ctx, job, file, request);
    if (row.user_id !== caller.user.id) throw forbidden();
    const { comment } = CommentRequestSchema.parse(request.body);
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
    const caller = requireCaller(ctx, request);
    Query.parse(request.query);
    const { job, file } = albumFile(ctx, request);
    const row = commentOf(ctx, job, file, request);
    if (row.user_id !== caller.user.id && job.owner_id !== caller.user.id) throw forbidden();
    changed(ctx, job, row.uuid, () =>
      stmt(ctx.db, 'UPDATE comments SET deleted = 1 WHERE id = ?').run(row.id),
    );
    return reply.code(204).send();
  });
}
