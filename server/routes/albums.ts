// SPEC §7 GET /jobs (the caller's albums and those shared with them) and POST /jobs, which
// creates a story album of the caller per `CreateJobRequestSchema`: JSON or form body, the name
// stored as given (empty → null), `public` → privacy_mode 'shared' else 'private', the
// permissions mask from allow_comments/allow_uploads (default on), `allow_sharing` accepted and
// not stored, a password stored as sent in `jobs.password` (never answered, logged or put in an
// error). Read-only users get 403 `read_only_user` (requireSubscriber); the answer is
// `CreateJobResponseSchema`.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateJobRequestSchema,
  type CreateJobResponse,
  type JobListItem,
  type JobListResponse,
} from '../../src/api/contract/albums';
import { requireCaller, requireSubscriber } from '../auth/guard';
import type { ServerContext } from '../context';
import { coverOf, createAlbum, jobsVisibleTo } from '../db/albums';
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

  /**
   * SPEC §7 POST /jobs (type, name, public, allow_sharing, allow_comments, allow_uploads,
   * password): a new album of the caller, answered like GET /jobs/{id}/info (see
   * CreateJobRequestSchema for the fields). The password is stored and never answered or logged.
   */
  app.post('/jobs', (request) => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    const { user } = caller;
    z.object(commonQuery).parse(request.query);
    const body = CreateJobRequestSchema.parse(request.body);
    const name = body.name?.trim() ? body.name : null;
    const allowComments = body.allow_comments ?? true;
    const allowUploads = body.allow_uploads ?? true;
    const job = createAlbum(ctx.db, {
      ownerId: user.id,
      title: name,
      permissions: (allowComments ? 1 : 0) | (allowUploads ? 2 : 0),
      privacyMode: body.public ? 'shared' : 'private',
      password: body.password ? body.password : null,
      now: ctx.now(),
    });
    const answer: CreateJobResponse = {
      id: job.uuid,
      type: job.type,
      ctime: job.ctime,
      mtime: job.mtime,
      owner: user.uuid,
      title: job.title,
      last_update: job.last_update,
      size: 0,
      allow_comments: allowComments,
      allow_uploads: allowUploads,
      coverPhoto: null,
      isShared: job.privacy_mode !== 'private',
      sort_order: job.sort_order,
      has_heic: false,
      permissions: job.permissions,
      privacy_mode: job.privacy_mode,
    };
    return answer;
  });
}
