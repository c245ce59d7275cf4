// SPEC §7 one file: files_by_id GET and DELETE (to the trash, through trashFile), reactions,
// metadata, content (with Range) and v-check (answered from blobs.encoding). Content and
// details read through linkRead.ts for a link's visitor.
import { create as contentDisposition } from 'content-disposition';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHANGE_TYPE } from '../../src/api/contract/changes';
import {
  ReactionRequestSchema,
  type FileDetail,
  type FileMetadataResponse,
} from '../../src/api/contract/media';
import { fileExtension, fileName } from '../../src/domain/classify';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { blobBySha1, metadataOf } from '../db/blobs';
import { findFileInJob, KIND, toFileJson, trashFile, type FileRow } from '../db/files';
import { fileIdOf } from '../db/ids';
import { stmt } from '../db/open';
import { lovesOf, setReaction } from '../db/reactions';
import { recordChange } from '../db/changes';
import type { JobRow } from '../db/users';
import { forbidden, notFound } from '../errors';
import { liveFileCount, trashAlbum } from '../db/albums';
import { contentTypeOf, parseRange } from '../media/range';
import { jobForCaller } from './jobs';
import { canDeleteFile, currentUserCan } from './fileRights';
import { commonQuery, idParam } from './params';
import { linkJob, readLinkJob } from './linkRead';
import { trashedAlbumOf } from './trash';

const ContentQuery = z.object({
  ...commonQuery,
  download: z.enum(['0', '1']).optional(),
});

/** A live (not trashed) file of the job in the path, else 404. */
export function liveFile(ctx: ServerContext, job: JobRow, request: FastifyRequest): FileRow {
  const fileId = (request.params as { fileId?: unknown }).fileId;
  const file = typeof fileId === 'string' ? findFileInJob(ctx.db, job.id, fileId) : null;
  if (!file || file.deleted) throw notFound();
  return file;
}

function fileDetail(
  ctx: ServerContext,
  job: JobRow,
  file: FileRow,
  userId: number | null,
): FileDetail {
  const blob = file.blob ? blobBySha1(ctx.db, file.blob) : undefined;
  const uploaded =
    stmt<[number], { uploaded: number }>(ctx.db, 'SELECT uploaded FROM files WHERE id = ?').get(
      file.id,
    )?.uploaded ?? file.mtime;
  return {
    ...toFileJson(file),
    jobID: job.uuid,
    uploaded,
    encodingStatus: blob?.encoding ?? 'done',
    metadata: metadataOf(blob),
    currentUserCan: currentUserCan(job, file, userId),
    ...(job.type === 'story' ? { loves: lovesOf(ctx.db, job.id, file.id, userId) } : {}),
  };
}

/** RFC 6266 attachment/inline: an ASCII fallback and the RFC 8187 UTF-8 name. */
function disposition(file: FileRow, attachment: boolean): string {
  return contentDisposition(fileName(file.path) || 'file', {
    type: attachment ? 'attachment' : 'inline',
  });
}

export async function sendContent(
  ctx: ServerContext,
  file: FileRow,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = ContentQuery.parse(request.query);
  let source: { path: string; type: string; etag: string; size: number };
  if (file.blob) {
    source = {
      path: ctx.media.blobs.pathOf(file.blob),
      type: contentTypeOf(fileExtension(file.path)),
      etag: `"${file.blob}"`,
      size: (await fs.promises.stat(ctx.media.blobs.pathOf(file.blob))).size,
    };
  } else {
    // A seeded file has no content: its large rendering stands in for it.
    const thumb = await ctx.thumbnails.get(file, 1280);
    source = { path: thumb.file, type: 'image/jpeg', etag: thumb.etag, size: thumb.size };
  }
  const range = parseRange(request.headers.range, source.size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${source.size}`)
      .send({ error: 'range_not_satisfiable', message: 'Range not satisfiable' });
  }
  const attachment = query.download === '1' || file.kind === KIND.document;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', source.etag)
    .header('Cache-Control', 'private, max-age=31536000, immutable')
    .header('Content-Disposition', disposition(file, attachment))
    .header('X-Content-Type-Options', 'nosniff')
    // Served from the API origin: never let uploaded HTML or SVG run there.
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .type(source.type);
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(source.etag)) {
    return reply.code(304).send();
  }
  if (!range) {
    reply.header('Content-Length', String(source.size));
    return reply.send(fs.createReadStream(source.path));
  }
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${source.size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(fs.createReadStream(source.path, { start: range.start, end: range.end }));
}

/**
 * The job in the path, to read: a share through its link (a visitor too, routes/shares.ts), else
 * a job the signed-in caller may read. `userId` is null for a visitor.
 */
export function readableJob(
  ctx: ServerContext,
  request: FastifyRequest,
  options: { allowQueryToken?: boolean } = {},
): { job: JobRow; userId: number | null } {
  const id = idParam.safeParse((request.params as { id?: unknown }).id);
  // A share or a shared album: its link (and key, with a password) opens it to anyone.
  const linked = id.success ? linkJob(ctx, id.data) : null;
  if (linked) {
    const { caller } = readLinkJob(ctx, request, linked.uuid);
    return { job: linked, userId: caller?.user.id ?? null };
  }
  const caller = requireCaller(ctx, request, options);
  // The owner's album in the trash: its files are still there to export (SPEC §2 trash albums).
  const trashedAlbum = id.success ? trashedAlbumOf(ctx, caller, id.data) : null;
  if (trashedAlbum) return { job: trashedAlbum, userId: caller.user.id };
  return { job: jobForCaller(ctx, caller, request, 'read'), userId: caller.user.id };
}

export function registerFileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/jobs/:id/files_by_id/:fileId', (request) => {
    const { job, userId } = readableJob(ctx, request);
    z.object(commonQuery).parse(request.query);
    return fileDetail(ctx, job, liveFile(ctx, job, request), userId);
  });

  // SPEC §3 Reaction, §6: loving a file of an album needs an account (a visitor signs in first)
  // and read access (its link, with the key when it has a password). Each change goes to the
  // album's change stream (type 12) so other viewers follow without a reload.
  const react = (request: FastifyRequest, kind: string | null) => {
    const caller = requireCaller(ctx, request);
    const { job } = readableJob(ctx, request);
    if (job.type !== 'story') throw notFound();
    const file = liveFile(ctx, job, request);
    const now = ctx.now();
    const serial = ctx.db.transaction(() =>
      setReaction(ctx.db, { job: job.id, file: file.id, userId: caller.user.id, kind, now })
        ? recordChange(ctx.db, job.id, CHANGE_TYPE.reaction, fileIdOf(file.id, file.tag), now)
        : 0,
    )();
    if (serial > 0) ctx.events.notify(job.id, serial);
    return lovesOf(ctx.db, job.id, file.id, caller.user.id);
  };
  app.post('/jobs/:id/files_by_id/:fileId/reaction', (request) => {
    z.object(commonQuery).parse(request.query);
    const { reaction } = ReactionRequestSchema.parse(request.body);
    return react(request, reaction);
  });
  app.delete('/jobs/:id/files_by_id/:fileId/reaction', (request) => {
    z.object(commonQuery).parse(request.query);
    return react(request, null);
  });

  // SPEC §6: a file is deleted by whoever added it or the owner; SPEC §4: deleting the last file
  // of an album deletes the album.
  app.delete('/jobs/:id/files_by_id/:fileId', (request, reply) => {
    const caller = requireCaller(ctx, request);
    const job = jobForCaller(ctx, caller, request, 'read');
    z.object(commonQuery).parse(request.query);
    const file = liveFile(ctx, job, request);
    if (job.type === 'share' || !canDeleteFile(job, file, caller.user.id)) throw forbidden();
    const serial = trashFile(ctx.db, file, ctx.now());
    if (serial === null) throw notFound();
    if (job.type === 'story' && liveFileCount(ctx.db, job.id) === 0) {
      trashAlbum(ctx.db, job.id, ctx.now());
    }
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  // Read like the file itself: a shared album's visitor sees the viewer's info panel too.
  app.get('/jobs/:id/metadata/:fileId', (request) => {
    const { job } = readableJob(ctx, request);
    z.object(commonQuery).parse(request.query);
    const file = liveFile(ctx, job, request);
    const blob = file.blob ? blobBySha1(ctx.db, file.blob) : undefined;
    const answer: FileMetadataResponse = {
      ...metadataOf(blob),
      width: file.width,
      height: file.height,
    };
    return answer;
  });

  // <img>/<video src> cannot send headers: the token may come as ?token= here.
  app.get('/st/4/jobs/:id/files_by_id/:fileId', async (request, reply) => {
    const { job } = readableJob(ctx, request, { allowQueryToken: true });
    return sendContent(ctx, liveFile(ctx, job, request), request, reply);
  });

  app.get('/st/4/jobs/:id/files_by_id/:fileId/v-check', (request) => {
    const { job } = readableJob(ctx, request, { allowQueryToken: true });
    z.object(commonQuery).parse(request.query);
    const file = liveFile(ctx, job, request);
    const status = file.blob ? (blobBySha1(ctx.db, file.blob)?.encoding ?? 'done') : 'done';
    return { result: status === 'processing' ? 'queued' : status === 'done' ? 'ready' : 'failed' };
  });
}
