import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChangesResponse } from '../../src/api/contract/changes';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { changesSince, lastSerial } from '../db/changes';
import { totals, userById } from '../db/users';
import { notFound } from '../errors';
import { jobByUuidFor, jobForCaller } from './jobs';
import { commonQuery, idParam, intString } from './params';

/** SPEC §4: a failed changes fetch leaves the client at serial -1, so -1 is a valid "since". */
const serial = intString(-1, Number.MAX_SAFE_INTEGER);
const ChangesQuery = z.object({ ...commonQuery, since: serial.default(0) });
const PollQuery = z.object({
  ...commonQuery,
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

export function registerChangeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const changes = (path: string) =>
    app.get(path, (request) => {
      const caller = requireCaller(ctx, request);
      const job = jobForCaller(ctx, caller, request, 'read');
      const { since } = ChangesQuery.parse(request.query);
      const owner = userById(ctx.db, job.owner_id);
      const answer: ChangesResponse = {
        changes: changesSince(ctx.db, job.id, since, CHANGES_PAGE) as ChangesResponse['changes'],
        info: {
          used_space: totals(ctx.db, { owner: job.owner_id }).bytes,
          max_space: owner?.max_space ?? 0,
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
    const caller = requireCaller(ctx, request);
    const query = PollQuery.parse(request.query);
    const job = jobByUuidFor(ctx, caller, query.event, 'read');
    if (!job) throw notFound();
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
