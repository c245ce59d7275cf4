// SPEC §7 thumbnails: GET /th/3/{file}?area=256|1280 (live files, a link's too through
// linkRead.ts) and /th/3/trash/{job}/{file} (the caller's trashed files), from media/thumbnails.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { findFile, findFileInJob, type FileRow } from '../db/files';
import { jobByUuid } from '../db/users';
import { notFound } from '../errors';
import type { CachedThumb } from '../media/thumbnails';
import { jobByUuidFor, jobForCaller } from './jobs';
import { linkJob, readLinkJob } from './linkRead';
import { trashedAlbumOf } from './trash';
import { commonQuery, idParam, intString } from './params';

const ThumbQuery = z.object({
  ...commonQuery,
  area: intString(1, 100_000).optional(),
  share: idParam.optional(),
  /** A password-protected share's key (routes/shares.ts). */
  key: z.string().max(128).optional(),
});

export function registerThumbnailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/th/3/:fileId', async (request, reply) => {
    const query = ThumbQuery.parse(request.query);
    const fileId = (request.params as { fileId: string }).fileId;
    // A share's or a shared album's files: its link (and key, when it has a password) opens
    // them to anyone.
    const share = query.share === undefined ? null : linkJob(ctx, query.share);
    if (share) {
      readLinkJob(ctx, request, share.uuid);
      const shared = findFileInJob(ctx.db, share.id, fileId);
      if (!shared || shared.deleted) throw notFound();
      return sendThumb(ctx, await thumbFor(ctx, shared, query.area), request, reply);
    }
    const caller = requireCaller(ctx, request, { allowQueryToken: true });
    const file = findFile(ctx.db, fileId);
    if (!file) throw notFound();
    // `share` names the job the file is shown in: it must hold the file, and a caller who does
    // not own the file must be able to read that job (an album shared with them).
    const shownIn = query.share === undefined ? null : jobByUuid(ctx.db, query.share);
    if (query.share !== undefined && shownIn?.id !== file.job) throw notFound();
    if (file.owner_id !== caller.user.id) {
      const readable = shownIn && jobByUuidFor(ctx, caller, shownIn.uuid, 'read');
      if (!readable) throw notFound();
    }
    return sendThumb(ctx, await thumbFor(ctx, file, query.area), request, reply);
  });

  // SPEC §7: thumbnails of trashed files, for the trash lists (live files answer 404 here).
  app.get('/th/3/trash/:id/:fileId', async (request, reply) => {
    const caller = requireCaller(ctx, request, { allowQueryToken: true });
    // A trashed file of a live job, or any live file of the caller's album in the trash (the
    // trash albums list shows its cover).
    const uuid = (request.params as { id: string }).id;
    const trashedAlbum = trashedAlbumOf(ctx, caller, uuid);
    const job = trashedAlbum ?? jobForCaller(ctx, caller, request);
    const query = ThumbQuery.parse(request.query);
    const fileId = (request.params as { fileId: string }).fileId;
    const file = findFileInJob(ctx.db, job.id, fileId);
    if (!file || (trashedAlbum ? file.deleted !== 0 : file.deleted !== 1)) throw notFound();
    return sendThumb(ctx, await thumbFor(ctx, file, query.area), request, reply);
  });
}

// SPEC §9: two sizes; anything up to 256 gets the small one.
export const thumbFor = (ctx: ServerContext, file: FileRow, area = 256): Promise<CachedThumb> =>
  ctx.thumbnails.get(file, area <= 256 ? 256 : 1280);

export async function sendThumb(
  ctx: ServerContext,
  thumb: CachedThumb,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('Cache-Control', 'private, max-age=31536000, immutable').header('ETag', thumb.etag);
  if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(thumb.etag)) {
    return reply.code(304).send();
  }
  return reply.type('image/jpeg').send(await ctx.thumbnails.bytes(thumb));
}
