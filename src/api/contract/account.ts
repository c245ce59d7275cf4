import { z } from 'zod';

/**
 * The `error` of a 403 answered to every call of a disabled account (SPEC §8 "account terminated
 * (error user_disabled)"); the client then shows /error/user_disabled.
 */
export const USER_DISABLED = 'user_disabled';

/** SPEC §3 Account info. Nullable and optional where the service may omit a value. */
export const AccountInfoSchema = z.object({
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
});

export type AccountInfo = z.infer<typeof AccountInfoSchema>;
