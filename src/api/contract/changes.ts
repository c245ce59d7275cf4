import { z } from 'zod';

/** SPEC §3 job change types: 0 file added, 1 file removed, 10 comment, 11 event, 12 reaction. */
export const ChangeTypeSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(10),
  z.literal(11),
  z.literal(12),
]);

export const JobChangeSchema = z.object({
  serial: z.number().int().nonnegative(),
  type: ChangeTypeSchema,
  /** The file (or comment) the change is about. */
  id: z.string(),
});

/**
 * GET /jobs/{id}/changes and /changes_and_async_upload_status (since): changes after `since`,
 * oldest first. At most a page; when `changes` is full, ask again from its last serial.
 */
export const ChangesResponseSchema = z.object({
  changes: z.array(JobChangeSchema),
  info: z.looseObject({ used_space: z.number().nonnegative() }),
});
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>;
