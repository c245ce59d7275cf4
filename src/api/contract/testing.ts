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

/**
 * A share as SPEC §3 words it, and nothing more: "id, link, isAlbum flag, owner (userID, name,
 * email), thumbFiles, docFiles, optional password". No title, isOwner, created, expires or
 * hasPassword, which only our server adds (tests only).
 */
export const specShare = {
  id: 'share-1',
  link: '/share/share-1',
  isAlbum: false,
  owner: { userID: 'owner-uuid', name: 'Owner', email: 'owner@example.com' },
  thumbFiles: [{ id: 'f-1', path: 'a.jpg', mtime: 1_700_000_000, size: 10, type: 'Pictures' }],
  docFiles: [],
};
