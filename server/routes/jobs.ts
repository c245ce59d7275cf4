import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FilesResponse } from '../../src/api/contract/files';
import type { JobInfo, TimelineMonthsResponse } from '../../src/api/contract/jobs';
import { requireCaller, type Caller } from '../auth/guard';
import { serviceDict, type ServerContext } from '../context';
import { listFiles, toFileJson } from '../db/files';
import { timelineMonths } from '../db/timeline';
import { isMember } from '../db/albums';
import { jobByUuid, timelineJobOf, totals, userById, type JobRow } from '../db/users';
import { notFound } from '../errors';
import { commonQuery, idParam, intString, unixSeconds } from './params';

const FilesQuery = z.object({
  ...commonQuery,
  start: unixSeconds.optional(),
  end: unixSeconds.optional(),
  uploaded_since: intString(0, 1_000_000).optional(),
  recursive: z.string().max(8).optional(),
  include_details: z.string().max(8).optional(),
});

/** read: the owner and users the album is shared with (job_members); write: the owner only. */
export type JobAccess = 'read' | 'write';

/** The job with this uuid if the caller may use it that way, else null. */
export function jobByUuidFor(
  ctx: ServerContext,
  caller: Caller,
  uuid: string,
  access: JobAccess = 'write',
): JobRow | null {
  const job = jobByUuid(ctx.db, uuid);
  if (!job) return null;
  if (job.owner_id === caller.user.id) return job;
  if (access === 'read' && isMember(ctx.db, job.id, caller.user.id)) return job;
  return null;
}

/**
 * The job named in the path if the caller may use it, else 404 — the same answer for "no such
 * job" and "not yours", so ids cannot be probed. Writes are the owner's; members may read.
 */
export function jobForCaller(
  ctx: ServerContext,
  caller: Caller,
  request: FastifyRequest,
  access: JobAccess = 'write',
): JobRow {
  const parsed = idParam.safeParse((request.params as { id?: unknown }).id);
  const job = parsed.success ? jobByUuidFor(ctx, caller, parsed.data, access) : null;
  if (!job) throw notFound();
  return job;
}

function jobInfo(ctx: ServerContext, job: JobRow): JobInfo {
  const sums = totals(ctx.db, { job: job.id });
  return {
    id: job.uuid,
    type: job.type,
    ctime: job.ctime,
    mtime: job.mtime,
    owner: userById(ctx.db, job.owner_id)?.uuid ?? '',
    title: job.title,
    last_update: job.last_update,
    size: sums.pictures + sums.videos + sums.screenshots + sums.documents,
  };
}

export function registerJobRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/jobs/default', (request) => {
    const caller = requireCaller(ctx, request);
    const job = timelineJobOf(ctx.db, caller.user.id);
    if (!job) throw notFound();
    return jobInfo(ctx, job);
  });

  app.get('/jobs/:id/info', (request) => {
    const job = jobForCaller(ctx, requireCaller(ctx, request), request, 'read');
    return jobInfo(ctx, job);
  });

  app.get('/st/4/jobs/:id/service', (request) => {
    jobForCaller(ctx, requireCaller(ctx, request), request, 'read');
    return serviceDict(ctx);
  });

  app.get('/jobs/:id/timeline/months', (request) => {
    const job = jobForCaller(ctx, requireCaller(ctx, request), request, 'read');
    const answer: TimelineMonthsResponse = { months: timelineMonths(ctx.db, job.id) };
    return answer;
  });

  app.get('/jobs/:id/files', (request, reply) => {
    const caller = requireCaller(ctx, request);
    const job = jobForCaller(ctx, caller, request, 'read');
    const query = FilesQuery.parse(request.query);
    const rows = listFiles(ctx.db, {
      job: job.id,
      start: query.start ?? -(2 ** 53),
      end: query.end ?? 2 ** 53,
      uploadedSince:
        query.uploaded_since === undefined ? null : ctx.now() - query.uploaded_since * 86_400,
    });
    const answer: FilesResponse = { files: rows.map(toFileJson) };
    return reply.header('x-last-event-serial', String(job.last_serial)).send(answer);
  });
}
