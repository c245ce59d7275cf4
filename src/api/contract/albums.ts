import { z } from 'zod';
import { JobInfoSchema } from './jobs';
import { singleLineText } from './text';

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

/** A flag as JSON (true/false, 1/0) or form text ('1'/'0', 'true'/'false'). */
const CreateFlagSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * POST /jobs (SPEC §7): create an album (type story) owned by the caller; JSON or form body.
 * `name` is stored as given (max 255, SPEC §5; the client's placeholder `__new_album__` too); an
 * empty or absent name stays null (shown as "Unnamed album", SPEC §3). `public` makes the album
 * shared (privacy_mode 'shared', else 'private'); `allow_comments` / `allow_uploads` become the
 * permissions bit mask (1 comments, 2 uploads), both on unless set false (SPEC §5 creation
 * defaults). `allow_sharing` is accepted and not stored (no SPEC §3 album field holds it).
 * `password` is sent already transformed (SHA-1, then PBKDF2, base64: SPEC §5) and stored as
 * given; it is never answered. Read-only users (SPEC §6) get 403 `read_only_user`. A name with
 * control characters is refused (`text.ts`).
 */
export const CreateJobRequestSchema = z.object({
  type: z.literal('story'),
  name: singleLineText(255).nullable().optional(),
  public: CreateFlagSchema.optional(),
  allow_sharing: CreateFlagSchema.optional(),
  allow_comments: CreateFlagSchema.optional(),
  allow_uploads: CreateFlagSchema.optional(),
  password: z.string().max(256).nullable().optional(),
});
/** What a client sends. */
export type CreateJobRequest = z.input<typeof CreateJobRequestSchema>;

/** POST /jobs answer: the new album as GET /jobs/{id}/info answers it, plus its list fields. */
export const CreateJobResponseSchema = JobInfoSchema.extend({
  /** SPEC §6 bit mask: 1 comments, 2 uploads. */
  permissions: z.number().int().min(0).max(3),
  privacy_mode: PrivacyModeSchema,
});
export type CreateJobResponse = z.infer<typeof CreateJobResponseSchema>;
