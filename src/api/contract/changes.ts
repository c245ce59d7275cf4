import { z } from 'zod';

/**
 * SPEC §3 job change types: "0 file added, 1 file removed, 10 comment (empty comment means
 * removed), 11 event, 12 reaction". The server records them and the client reads them by these
 * names only.
 */
export const CHANGE_TYPE = {
  fileAdded: 0,
  fileRemoved: 1,
  comment: 10,
  event: 11,
  reaction: 12,
} as const;
export type ChangeType = (typeof CHANGE_TYPE)[keyof typeof CHANGE_TYPE];

export const ChangeTypeSchema = z.union([
  z.literal(CHANGE_TYPE.fileAdded),
  z.literal(CHANGE_TYPE.fileRemoved),
  z.literal(CHANGE_TYPE.comment),
  z.literal(CHANGE_TYPE.event),
  z.literal(CHANGE_TYPE.reaction),
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
  /**
   * The owner's storage (`used_space`, `max_space`) for the owner and the album's members only;
   * a visitor following a shared album through its link gets no figures.
   */
  info: z.looseObject({ used_space: z.number().nonnegative().optional() }),
});
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>;
