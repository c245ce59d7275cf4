import { z } from 'zod';

/**
 * SPEC §7 POST /approve_tos (tos_version); "declining is also sent": the same call with
 * `accepted: false`. Approving another version than the pending one answers 409
 * `tos_version_mismatch`.
 */
export const ApproveTosRequestSchema = z.strictObject({
  tos_version: z.string().min(1).max(64),
  accepted: z.boolean().optional(),
});
export type ApproveTosRequest = z.infer<typeof ApproveTosRequestSchema>;

export const ApproveTosResponseSchema = z.object({ approved: z.boolean() });

export const TOS_VERSION_MISMATCH = 'tos_version_mismatch';
