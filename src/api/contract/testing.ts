import type { AccountInfo } from './account';

/** An account that passes AccountInfoSchema, with nothing pending (tests only). */
export const testAccount = (overrides: Partial<AccountInfo> = {}): AccountInfo => ({
  uuid: 'u1',
  name: 'A',
  logged_in_as: 'a@example.com',
  profile_picture: null,
  used_space: 0,
  max_space: 1,
  file_type_counters: { picture_count: 0, screenshot_count: 0, video_count: 0, document_count: 0 },
  tos_to_approve: null,
  sunset_delete_date: null,
  is_read_only_user: false,
  isBeingShutDown: false,
  number_of_subscribed_albums: 0,
  allowAnalytics: false,
  has_files_not_media: false,
  ...overrides,
});
