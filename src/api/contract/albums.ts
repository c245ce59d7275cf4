import { z } from 'zod';

/** SPEC §3 privacy modes. */
export const PrivacyModeSchema = z.enum(['shared', 'protected', 'private', 'public']);

/** SPEC §3 Job list item, as listed by GET /jobs (stories, include_details). */
export const JobListItemSchema = z.looseObject({
  id: z.string().min(1),
  type: z.enum(['timeline', 'story', 'share']),
  name: z.string().nullable(),
  /** A file id, or null for an empty album. */
  cover_id: z.string().nullable(),
  owner: z.object({
    uuid: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    profile_picture_url: z.string().nullable(),
  }),
  /** SPEC §6 bit mask: 1 comments, 2 uploads. */
  permissions: z.number().int().min(0).max(3),
  privacy_mode: PrivacyModeSchema,
  attributes: z.looseObject({ sort_order: z.enum(['ADDED', 'OLDEST_TAKEN', 'NEWEST_TAKEN']) }),
  /** With include_details=1. */
  ctime: z.number().optional(),
  mtime: z.number().optional(),
  last_update: z.number().optional(),
  size: z.number().int().nonnegative().optional(),
});
export type JobListItem = z.infer<typeof JobListItemSchema>;

/** GET /jobs: the caller's albums and the albums shared with them, newest activity first. */
export const JobListResponseSchema = z.object({ jobs: z.array(JobListItemSchema) });
export type JobListResponse = z.infer<typeof JobListResponseSchema>;
