import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { JobListItem, JobListResponse } from '../../src/api/contract/albums';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { coverOf, jobsVisibleTo } from '../db/albums';
import { totals } from '../db/users';
import { commonQuery } from './params';
import { profilePictureUrl } from './user';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const JobsQuery = z.object({
  ...commonQuery,
  stories: flag.optional(),
  include_details: flag.optional(),
});

export function registerAlbumRoutes(app: FastifyInstance, ctx: ServerContext): void {
  /** SPEC §7 GET /jobs (stories, include_details): SPEC §3 job list items. */
  app.get('/jobs', (request) => {
    const { user } = requireCaller(ctx, request);
    const query = JobsQuery.parse(request.query);
    const jobs = jobsVisibleTo(ctx.db, user.id, query.stories ?? false).map((job) => {
      const item: JobListItem = {
        id: job.uuid,
        type: job.type,
        name: job.title,
        cover_id: coverOf(ctx.db, job),
        owner: {
          uuid: job.owner_uuid,
          name: job.owner_name,
          email: job.owner_email,
          profile_picture_url: profilePictureUrl(ctx, job.owner_picture),
        },
        permissions: job.permissions,
        privacy_mode: job.privacy_mode,
        attributes: { sort_order: job.sort_order },
      };
      if (query.include_details) {
        const sums = totals(ctx.db, { job: job.id });
        Object.assign(item, {
          ctime: job.ctime,
          mtime: job.mtime,
          last_update: job.last_update,
          size: sums.pictures + sums.videos + sums.screenshots + sums.documents,
        });
      }
      return item;
    });
    const answer: JobListResponse = { jobs };
    return answer;
  });
}
