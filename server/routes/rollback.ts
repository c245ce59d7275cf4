// SPEC §7 POST /jobs/{id}/multi_rollback: the owner's only, a subscriber's (requireSubscriber);
// a per-file error_reason, the quota counted cumulatively, files trashed over the SPEC §9
// retention ago count as permanently deleted. Restores go through restoreFile, one notify after
// the transaction with the last serial.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MultiRollbackRequestSchema,
  type MultiRollbackResponse,
  type RollbackErrorReason,
} from '../../src/api/contract/rollback';
import { isFolderPath } from '../../src/domain/classify';
import { TRASH_RETENTION_DAYS } from '../../src/domain/constants';
import { requireCaller, requireSubscriber } from '../auth/guard';
import type { ServerContext } from '../context';
import { findFileInJob, restoreFile } from '../db/files';
import { totals, userById } from '../db/users';
import { jobForCaller } from './jobs';
import { commonQuery } from './params';

/** SPEC §9 trash retention: a file trashed longer ago than this counts as permanently deleted. */
export const TRASH_RETENTION_SECONDS = TRASH_RETENTION_DAYS * 86_400;

/** The owner's used and max space (what the client's storage meter and popups read). */
export function quotaOf(ctx: ServerContext, ownerId: number): MultiRollbackResponse['quota'] {
  return {
    used_space: totals(ctx.db, { owner: ownerId }).bytes,
    max_space: userById(ctx.db, ownerId)?.max_space ?? 0,
  };
}

export function registerRollbackRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // Restores trashed files of the job (undo of a delete, trash restore). Owner only; per-file
  // outcome in request order; the quota is checked cumulatively within the call.
  app.post('/jobs/:id/multi_rollback', (request) => {
    const caller = requireCaller(ctx, request);
    // SPEC §6: restoring saves files again ("restore disabled" for read-only users).
    requireSubscriber(caller);
    const job = jobForCaller(ctx, caller, request, 'write');
    z.object(commonQuery).parse(request.query);
    const { file_uuids: ids } = MultiRollbackRequestSchema.parse(request.body);
    const now = ctx.now();
    const maxSpace = userById(ctx.db, job.owner_id)?.max_space ?? 0;

    const run = ctx.db.transaction(() => {
      let used = totals(ctx.db, { owner: job.owner_id }).bytes;
      let serial: number | null = null;
      const results: MultiRollbackResponse['results'] = ids.map((fileUuid) => {
        const fail = (reason: RollbackErrorReason) => ({
          file_uuid: fileUuid,
          status: 'error' as const,
          error_reason: reason,
        });
        const file = findFileInJob(ctx.db, job.id, fileUuid);
        // Unknown, another job's, deleted for good (emptied from the trash: deleted = 2), or past
        // the trash retention.
        if (
          !file ||
          file.deleted === 2 ||
          (file.deleted && (file.dtime ?? now) < now - TRASH_RETENTION_SECONDS)
        ) {
          return fail('file_not_found_error');
        }
        if (isFolderPath(file.path)) return fail('is_directory_error');
        // Live (never trashed or already restored): nothing to roll back.
        if (!file.deleted) return fail('unable_to_rollback_error');
        if (used + file.size > maxSpace) return fail('quota_exceeded_error');
        const restored = restoreFile(ctx.db, file, now);
        if (restored === null) return fail('unable_to_rollback_error');
        used += file.size;
        serial = restored;
        return { file_uuid: fileUuid, status: 'ok' as const };
      });
      return { results, serial };
    });
    const { results, serial } = run();
    if (serial !== null) ctx.events.notify(job.id, serial);
    const answer: MultiRollbackResponse = { results, quota: quotaOf(ctx, job.owner_id) };
    return answer;
  });
}
