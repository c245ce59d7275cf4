import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { TEXT_MAX } from '../../domain/constants';
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
  name: singleLineText(TEXT_MAX).nullable().optional(),
  public: CreateFlagSchema.optional(),
  allow_sharing: CreateFlagSchema.optional(),
  allow_comments: CreateFlagSchema.optional(),
  allow_uploads: CreateFlagSchema.optional(),
  password: singleLineText(256).nullable().optional(),
});
/** What a client sends. */
export type CreateJobRequest = z.input<typeof CreateJobRequestSchema>;

/** POST /jobs answer: the new album as GET /jobs/{id}/info answers it, plus its list fields. */
export const CreateJobResponseSchema = lazySchema(() =>
  JobInfoSchema.extend({
    /** SPEC §6 bit mask: 1 comments, 2 uploads. */
    permissions: z.number().int().min(0).max(3),
    privacy_mode: PrivacyModeSchema,
  }),
);
export type CreateJobResponse = z.infer<typeof CreateJobResponseSchema>;

/** SPEC §3 sort orders of an album. */
export const SortOrderSchema = z.enum(['ADDED', 'OLDEST_TAKEN', 'NEWEST_TAKEN']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/**
 * GET /jobs/{id}/info of an album: the job info plus what the album page needs (SPEC §3
 * Job/Album). `role` is the caller's: owner, member (subscribed) or visitor (may read, has not
 * joined). The password itself is never answered; `has_password` says one is set.
 */
export const AlbumInfoSchema = lazySchema(() =>
  JobInfoSchema.extend({
    permissions: z.number().int().min(0).max(3),
    privacy_mode: PrivacyModeSchema,
    role: z.enum(['owner', 'member', 'visitor']),
    has_password: z.boolean(),
    counts: z.object({
      files: z.number().int().nonnegative(),
      comments: z.number().int().nonnegative(),
      loves: z.number().int().nonnegative(),
      contributors: z.number().int().nonnegative(),
    }),
  }),
);
export type AlbumInfo = z.infer<typeof AlbumInfoSchema>;

/** GET /jobs/{id}/users (include_profile_url): the owner first, then the members. */
export const JobUsersResponseSchema = z.object({
  users: z.array(
    z.object({
      uuid: z.string(),
      name: z.string().nullable(),
      profile_url: z.string().nullable(),
      subscribed: z.boolean(),
      owner: z.boolean(),
    }),
  ),
});
export type JobUsersResponse = z.infer<typeof JobUsersResponseSchema>;

/** POST /jobs/{id}/name: SPEC §5 album title, max 255, no control characters. */
export const AlbumNameRequestSchema = z.object({ name: singleLineText(TEXT_MAX) });
/** POST /jobs/{id}/privacy_mode. */
export const PrivacyModeRequestSchema = z.object({ mode: z.enum(['shared', 'private']) });
/** POST /jobs/{id}/permissions: SPEC §6 bits 1 comments, 2 uploads. */
export const PermissionsRequestSchema = z.object({
  allow_comments: CreateFlagSchema,
  allow_uploads: CreateFlagSchema,
});
/** POST /jobs/{id}/cover: a live file of the album. */
export const CoverRequestSchema = z.object({ id: z.string().min(1).max(64) });
/** PUT /jobs/{id}/attribute/sort_order. */
export const SortOrderAttributeSchema = z.object({ value: SortOrderSchema });

/**
 * Copies (SPEC §7 "copy to album or timeline": the paths are this server's design). POST
 * /jobs/{id}/copy_files copies files the caller can read, from `source_job`, into album {id}
 * (owner, or member when uploads are allowed); POST /jobs/{id}/keep-files (ids, one per line,
 * text/plain) and /keep-all-files copy an album's files into the caller's own timeline. A copy
 * shares the original's content and takes the target owner's storage (413 out_of_storage when it
 * does not fit); read-only users get 403 read_only_user.
 */
export const CopyFilesRequestSchema = z.object({
  source_job: z.string().min(1).max(64),
  file_ids: z.array(z.string().min(1).max(64)).min(1).max(10_000),
});
export const CopyFilesResponseSchema = z.object({
  files: z.array(z.object({ source: z.string(), id: z.string() })),
});
export type CopyFilesResponse = z.infer<typeof CopyFilesResponseSchema>;

/**
 * POST /jobs/{id}/password (owner): the album's password as the client transformed it (SPEC §5,
 * `domain/password.ts`, salted with the album id), or null to take it off.
 */
export const AlbumPasswordRequestSchema = z.object({
  password: singleLineText(512).min(1).nullable(),
});
