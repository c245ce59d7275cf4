import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { findFile } from '../db/files';
import { jobByUuid } from '../db/users';
import { notFound } from '../errors';
import { commonQuery, idParam, intString } from './params';

const ThumbQuery = z.object({
  ...commonQuery,
  area: intString(1, 100_000).optional(),
  share: idParam.optional(),
});

export function registerThumbnailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/th/3/:fileId', async (request, reply) => {
    const caller = requireCaller(ctx, request, { allowQueryToken: true });
    const query = ThumbQuery.parse(request.query);
    const fileId = (request.params as { fileId: string }).fileId;
    const file = findFile(ctx.db, fileId);
    if (!file || file.owner_id !== caller.user.id) throw notFound();
    if (query.share !== undefined && jobByUuid(ctx.db, query.share)?.id !== file.job) {
      throw notFound();
    }
    // SPEC §9: two sizes; anything up to 256 gets the small one.
    const thumb = await ctx.thumbnails.get(file, (query.area ?? 256) <= 256 ? 256 : 1280);
    reply
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', thumb.etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(thumb.etag)) {
      return reply.code(304).send();
    }
    return reply
      .type('image/jpeg')
      .header('Content-Length', String(thumb.size))
      .send(fs.createReadStream(thumb.file));
  });
}
