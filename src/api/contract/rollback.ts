import { z } from 'zod';
import { RESTORE_BATCH, RESTORE_PARALLEL } from '../../domain/constants';

/** SPEC §8 backend error kinds of a restore (multi_rollback). */
export const RollbackErrorReasonSchema = z.enum([
  'quota_exceeded_error',
  'file_not_found_error',
  'forbidden_error',
  'file_is_trashed_error',
  'is_directory_error',
  'unable_to_rollback_error',
  'not_master_error',
  'not_latest_revision_error',
]);
export type RollbackErrorReason = z.infer<typeof RollbackErrorReasonSchema>;

/** SPEC §9: the client sends at most 200 ids per call, at most 5 calls in parallel. */
export const MULTI_ROLLBACK_BATCH = RESTORE_BATCH;
export const MULTI_ROLLBACK_PARALLEL = RESTORE_PARALLEL;

/**
 * POST /jobs/{id}/multi_rollback, JSON body. Only the job's owner may restore (anyone else: 404).
 * Each restored file is logged as change type 0 (file added) on the job.
 */
export const MultiRollbackRequestSchema = z.object({
  file_uuids: z.array(z.string().min(1)).min(1).max(MULTI_ROLLBACK_BATCH),
});
export type MultiRollbackRequest = z.infer<typeof MultiRollbackRequestSchema>;

/**
 * One file's outcome: `ok` (back in the job, same id) or `error` with its reason. The contract
 * server answers file_not_found_error for an unknown id, another job's file or one trashed more
 * than 90 days ago (permanently deleted); unable_to_rollback_error for a file that is not in the
 * trash (live, e.g. restored already); quota_exceeded_error when restoring it would pass the
 * owner's max_space (counted cumulatively in request order within the call); is_directory_error
 * for a folder path.
 */
export const RollbackResultSchema = z.object({
  file_uuid: z.string(),
  status: z.enum(['ok', 'error']),
  error_reason: RollbackErrorReasonSchema.optional(),
});

/** The answer: a result per requested id (same order), and the owner's quota after the call. */
export const MultiRollbackResponseSchema = z.object({
  results: z.array(RollbackResultSchema),
  quota: z.object({
    used_space: z.number().nonnegative(),
    max_space: z.number().nonnegative(),
  }),
});
export type MultiRollbackResponse = z.infer<typeof MultiRollbackResponseSchema>;
