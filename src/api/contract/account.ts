import { z } from 'zod';
import { lazySchema } from './lazySchema';

/**
 * The `error` of a 403 answered to every call of a disabled account (SPEC §8 "account terminated
 * (error user_disabled)"); the client then shows /error/user_disabled.
 */
export const USER_DISABLED = 'user_disabled';

/**
 * Ours, not SPEC §3 (issue 32, src/api/CONTEXT.md): the service takes resumable uploads by the tus
 * protocol 1.0.0 (creation, termination) at `endpoint` (absolute, or a path on the app host);
 * `max_size` is the largest upload it creates (Tus-Max-Size). A finished tus upload becomes a
 * file through the SPEC's POST /jobs/{id}/upload with the field `resumable_upload` (its URL)
 * instead of the file part (contract/uploads.ts). A service without it, or with a value this
 * client does not understand, gets multipart uploads only.
 */
export const ResumableUploadsSchema = lazySchema(() =>
  z.object({
    protocol: z.literal('tus'),
    version: z.literal('1.0.0'),
    endpoint: z.string().min(1).max(2048),
    max_size: z.number().int().positive(),
  }),
);
export type ResumableUploads = z.infer<typeof ResumableUploadsSchema>;

/** SPEC §3 Account info. Nullable and optional where the service may omit a value. */
export const AccountInfoSchema = lazySchema(() =>
  z.object({
    uuid: z.string(),
    name: z.string().nullable(),
    logged_in_as: z.string(),
    profile_picture: z.string().nullable(),
    auth_token: z.string().optional(),
    used_space: z.number().nonnegative(),
    max_space: z.number().nonnegative(),
    file_type_counters: z.object({
      picture_count: z.number().int().nonnegative(),
      screenshot_count: z.number().int().nonnegative(),
      video_count: z.number().int().nonnegative(),
      document_count: z.number().int().nonnegative(),
    }),
    tos_to_approve: z.object({ version: z.string() }).nullable(),
    sunset_delete_date: z.number().nullable(),
    is_read_only_user: z.boolean(),
    isBeingShutDown: z.boolean(),
    number_of_subscribed_albums: z.number().int().nonnegative(),
    allowAnalytics: z.boolean(),
    has_files_not_media: z.boolean(),
    /** Ours (issue 32): absent or not understood means multipart uploads only. */
    resumable_uploads: ResumableUploadsSchema.optional().catch(undefined),
  }),
);

export type AccountInfo = z.infer<typeof AccountInfoSchema>;
