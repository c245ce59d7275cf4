// SPEC §7 the job reads: GET /jobs/default, info (only the owner and members get the owner's
// storage figures), months (from day_counts only), files (documents left out; listing uses
// files_job_time with deleted = 0) and service; `jobForCaller` decides who reads a job (the
// owner, members, or a link's visitor through linkRead.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FilesResponse } from '../../src/api/contract/files';
import type { AlbumInfo } from '../../src/api/contract/albums';
import type { JobInfo, TimelineMonthsResponse } from '../../src/api/contract/jobs';
import { requireCaller, type Caller } from '../auth/guard';
import { serviceDict, type ServerContext } from '../context';
import { listFiles, listFilesByUpload, toFileJson } from '../db/files';
import { addedMonths, timelineMonths } from '../db/timeline';
import { contributorCount, coverOf, isMember } from '../db/albums';
import { albumCommentCount, albumLoveCount } from '../db/reactions';
import { jobByUuid, timelineJobOf, totals, userById, type JobRow } from '../db/users';
import { notFound } from '../errors';
import { linkJob, readLinkJob } from './linkRead';
import { commonQuery, idParam, intString, unixSeconds } from './params';

const FilesQuery = z.object({
  ...commonQuery,
  start: unixSeconds.optional(),
  end: unixSeconds.optional(),
  uploaded_since: intString(0, 1_000_000).optional(),
  recursive: z.string().max(8).optional(),
  include_details: z.string().max(8).optional(),
  /** An album sorted by when files were added: start/end are upload times. */
  order: z.enum(['taken', 'added']).optional(),
});

const MonthsQuery = z.object({ ...commonQuery, order: z.enum(['taken', 'added']).optional() });

/**
 * read: the owner, the album's members (job_members), and any signed-in user for an album
 * shared without a password (its link is the invitation; password-protected albums are read
 * through the album password, SPEC §6 visitors);
 * contribute (add files): the owner, and members when the album allows uploads (SPEC §6: bit 2);
 * write: the owner only.
 */
export type JobAccess = 'read' | 'contribute' | 'write';

/** SPEC §3 privacy modes that let anyone with the album's link see it. */
export function openToLink(job: JobRow): boolean {
  return (
    job.type === 'story' &&
    (job.privacy_mode === 'shared' || job.privacy_mode === 'public') &&
    !job.password
  );
}

/** The job with this uuid if the caller may use it that way, else null. */
export function jobByUuidFor(
  ctx: ServerContext,
  caller: Caller,
  uuid: string,
  access: JobAccess = 'write',
): JobRow | null {
  const job = jobByUuid(ctx.db, uuid);
  if (!job) return null;
  // A share is a snapshot: nobody adds to or edits it; others read it through its own routes
  // (routes/shares.ts: the link, its password and expiry).
  if (job.type === 'share')
    return access === 'read' && job.owner_id === caller.user.id ? job : null;
  if (job.owner_id === caller.user.id) return job;
  if (access === 'write') return null;
  const member = isMember(ctx.db, job.id, caller.user.id);
  if (access === 'contribute') return member && (job.permissions & 2) !== 0 ? job : null;
  return member || openToLink(job) ? job : null;
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

/**
 * A job to read: through its link (a share or a shared album — anyone, with the key when it has a
 * password: routes/linkRead.ts), else one the signed-in caller may read (404 otherwise).
 */
function jobToRead(
  ctx: ServerContext,
  request: FastifyRequest,
): { job: JobRow; caller: Caller | null } {
  const parsed = idParam.safeParse((request.params as { id?: unknown }).id);
  const linked = parsed.success ? linkJob(ctx, parsed.data) : null;
  if (linked) return readLinkJob(ctx, request, linked.uuid);
  // A visitor's dead link says so (SPEC §4 NOT_FOUND) rather than asking to sign in; ids are
  // random, so this tells nothing of other people's albums.
  if (!request.headers.authorization && (!parsed.success || !jobByUuid(ctx.db, parsed.data))) {
    throw notFound();
  }
  const caller = requireCaller(ctx, request);
  return { job: jobForCaller(ctx, caller, request, 'read'), caller };
}

function jobInfo(ctx: ServerContext, job: JobRow, caller: Caller | null): JobInfo | AlbumInfo {
  const sums = totals(ctx.db, { job: job.id });
  const info: JobInfo = {
    id: job.uuid,
    type: job.type,
    ctime: job.ctime,
    mtime: job.mtime,
    owner: userById(ctx.db, job.owner_id)?.uuid ?? '',
    title: job.title,
    last_update: job.last_update,
    size: sums.pictures + sums.videos + sums.screenshots + sums.documents,
  };
  if (job.type !== 'story') return info;
  // SPEC §3 Job/Album: what the album page shows and the caller may do there.
  const album: AlbumInfo = {
    ...info,
    allow_comments: (job.permissions & 1) !== 0,
    allow_uploads: (job.permissions & 2) !== 0,
    coverPhoto: coverOf(ctx.db, job),
    isShared: job.privacy_mode !== 'private',
    sort_order: job.sort_order,
    has_heic: false,
    permissions: job.permissions,
    privacy_mode: job.privacy_mode,
    role:
      caller === null
        ? 'visitor'
        : job.owner_id === caller.user.id
          ? 'owner'
          : isMember(ctx.db, job.id, caller.user.id)
            ? 'member'
            : 'visitor',
    has_password: job.password !== null,
    counts: {
      files: sums.pictures + sums.videos + sums.screenshots,
      comments: albumCommentCount(ctx.db, job.id),
      loves: albumLoveCount(ctx.db, job.id),
      contributors: contributorCount(ctx.db, job.id),
    },
  };
  return album;
}

export function registerJobRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/jobs/default', (request) => {
    const caller = requireCaller(ctx, request);
    const job = timelineJobOf(ctx.db, caller.user.id);
    if (!job) throw notFound();
    return jobInfo(ctx, job, caller);
  });

  app.get('/jobs/:id/info', (request) => {
    const { job, caller } = jobToRead(ctx, request);
    return jobInfo(ctx, job, caller);
  });

  app.get('/st/4/jobs/:id/service', (request) => {
    jobToRead(ctx, request);
    return serviceDict(ctx);
  });

  app.get('/jobs/:id/timeline/months', (request) => {
    const { job } = jobToRead(ctx, request);
    const { order } = MonthsQuery.parse(request.query);
    const months = order === 'added' ? addedMonths(ctx.db, job.id) : timelineMonths(ctx.db, job.id);
    const answer: TimelineMonthsResponse = { months };
    return answer;
  });

  app.get('/jobs/:id/files', (request, reply) => {
    const { job } = jobToRead(ctx, request);
    const query = FilesQuery.parse(request.query);
    const range = {
      job: job.id,
      start: query.start ?? -(2 ** 53),
      end: query.end ?? 2 ** 53,
      uploadedSince:
        query.uploaded_since === undefined ? null : ctx.now() - query.uploaded_since * 86_400,
    };
    const rows =
      query.order === 'added' ? listFilesByUpload(ctx.db, range) : listFiles(ctx.db, range);
    const uuids = new Map<number, string>();
    const uuidOf = (userId: number) => {
      let uuid = uuids.get(userId);
      if (uuid === undefined) {
        uuid = userById(ctx.db, userId)?.uuid ?? '';
        uuids.set(userId, uuid);
      }
      return uuid;
    };
    const answer: FilesResponse = {
      files: rows.map((row) => {
        const json = toFileJson(row);
        if (row.added_by !== null && row.added_by !== job.owner_id)
          json.addedBy = uuidOf(row.added_by);
        return json;
      }),
    };
    return reply.header('x-last-event-serial', String(job.last_serial)).send(answer);
  });
}
