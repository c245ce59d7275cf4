// SPEC §7 GET /jobs/{id}/changes (and changes_and_async_upload_status) and the long poll
// GET /poll?seq=&event=job_changed:{job}, woken by ctx.events after the transaction that raised
// the job's serial commits. A link job's changes are followed through its link like its other
// reads (linkRead.ts), so a visitor's page follows comments and loves live.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ChangesResponse } from '../../src/api/contract/changes';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { isMember } from '../db/albums';
import { changesSince, lastSerial } from '../db/changes';
import { totals, userById, type JobRow } from '../db/users';
import { notFound } from '../errors';
import { jobByUuidFor } from './jobs';
import { linkJob, readLinkJob } from './linkRead';
import { commonQuery, idParam, intString } from './params';

/** SPEC §4: a failed changes fetch leaves the client at serial -1, so -1 is a valid "since". */
const serial = intString(-1, Number.MAX_SAFE_INTEGER);
const ChangesQuery = z.object({
  ...commonQuery,
  key: z.string().max(128).optional(),
  since: serial.default(0),
});
const PollQuery = z.object({
  ...commonQuery,
  key: z.string().max(128).optional(),
  seq: serial,
  event: z
    .string()
    .max(100)
    .regex(/^job_changed:[^:]+$/, 'expected job_changed:{job}')
    .transform((e) => e.slice('job_changed:'.length))
    .pipe(idParam),
});

/** One answer holds at most this many changes; the client asks again from the last serial. */
export const CHANGES_PAGE = 1000;

/**
 * The job whose changes this request may follow: through its link (SPEC §6 Visitor: anyone who
 * reads a shared album or share, with its key when it has a password: so a visitor's page
 * follows comments and loves live), else one the signed-in caller reads (404 otherwise).
 * `insider` is its owner or an album member: only they see the owner's storage figures.
 */
function followedJob(
  ctx: ServerContext,
  request: FastifyRequest,
  uuid: string | undefined,
): { job: JobRow; insider: boolean } {
  const linked = uuid === undefined ? null : linkJob(ctx, uuid);
  if (linked) {
    const { job, caller } = readLinkJob(ctx, request, linked.uuid);
    const insider =
      caller !== null &&
      (caller.user.id === job.owner_id || isMember(ctx.db, job.id, caller.user.id));
    return { job, insider };
  }
  const caller = requireCaller(ctx, request);
  const job = uuid === undefined ? null : jobByUuidFor(ctx, caller, uuid, 'read');
  if (!job) throw notFound();
  return { job, insider: true };
}

export function registerChangeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const changes = (path: string) =>
    app.get(path, (request) => {
      const id = idParam.safeParse((request.params as { id?: unknown }).id);
      const { job, insider } = followedJob(ctx, request, id.data);
      const { since } = ChangesQuery.parse(request.query);
      const owner = userById(ctx.db, job.owner_id);
      const answer: ChangesResponse = {
        changes: changesSince(ctx.db, job.id, since, CHANGES_PAGE) as ChangesResponse['changes'],
        info: {
          // Another person's storage is nobody's business: a link's visitor gets no figures.
          ...(insider
            ? {
                used_space: totals(ctx.db, { owner: job.owner_id }).bytes,
                max_space: owner?.max_space ?? 0,
              }
            : {}),
          last_serial: lastSerial(ctx.db, job.id),
        },
      };
      return answer;
    });
  changes('/jobs/:id/changes');
  // Uploads are processed synchronously here (videos report through encodingStatus), so there
  // is no separate async upload status to add.
  changes('/jobs/:id/changes_and_async_upload_status');

  /**
   * The long poll on the poll host (SPEC §7): 200 with the new serial on the first line as soon
   * as the job's serial passes `seq`, else 204 after ctx.pollTimeoutMs. Waiting is a promise on
   * the in-process notifier; a client that goes away stops its wait.
   */
  app.get('/poll', async (request, reply) => {
    const query = PollQuery.parse(request.query);
    const { job } = followedJob(ctx, request, query.event);
    reply.header('Cache-Control', 'no-store');
    const current = lastSerial(ctx.db, job.id);
    if (current > query.seq) return reply.type('text/plain').send(`${current}\n`);
    const gone = new AbortController();
    const onClose = () => gone.abort();
    // The response's close (not the request's, which fires once a GET is read) means gone.
    reply.raw.once('close', onClose);
    try {
      const next = await ctx.events.wait(job.id, query.seq, ctx.pollTimeoutMs, gone.signal);
      if (next === null) return reply.code(204).send();
      return reply.type('text/plain').send(`${next}\n`);
    } finally {
      reply.raw.off('close', onClose);
    }
  });
}
