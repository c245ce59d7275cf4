import { z } from 'zod';

/**
 * SPEC §3 Trash file, as GET /trash_can lists it: the caller's trashed files (any job they own),
 * most recently deleted first. `dtime` is when it was deleted (unix seconds); the client derives
 * the days remaining of SPEC §9's 90-day retention from it.
 */
export const TrashFileSchema = z.looseObject({
  id: z.string().min(1),
  job: z.string().min(1),
  path: z.string(),
  ctime: z.number(),
  mtime: z.number(),
  dtime: z.number(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  type: z.enum(['picture', 'movie', 'document']),
  duration: z.number().nonnegative().optional(),
  screenshot: z.boolean().optional(),
  group_type: z.enum(['live', 'burst']).optional(),
  group_id: z.string().optional(),
  /** '1' marks the group's master (SPEC §3). */
  master: z.literal('1').optional(),
});
export type TrashFile = z.infer<typeof TrashFileSchema>;

/** GET /trash_can (offset, limit): one page; the total is also the capture-total-items header. */
export const TrashListResponseSchema = z.object({
  total_item_count: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  files: z.array(TrashFileSchema),
});
export type TrashListResponse = z.infer<typeof TrashListResponseSchema>;

/** The most a page of GET /trash_can holds, and ids a call of POST /empty_trash_can takes. */
export const TRASH_PAGE_MAX = 1000;

/** POST /empty_trash_can: deletes these trashed files for good (SPEC §7 `fileid`). */
export const EmptyTrashRequestSchema = z.object({
  fileid: z.array(z.string().min(1).max(64)).min(1).max(TRASH_PAGE_MAX),
});
/** The ids deleted for good; ids not in the caller's trash are left out. */
export const EmptyTrashResponseSchema = z.object({ deleted: z.array(z.string()) });

/** SPEC §3 Deleted album, as GET /trash_can_albums lists it (the caller's, newest first). */
export const DeletedAlbumSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullable(),
  media_count: z.number().int().nonnegative(),
  /** A file of the album for its cover (its thumbnail: the trash route), or null when empty. */
  cover_id: z.string().nullable(),
  dtime: z.number(),
});
export type DeletedAlbum = z.infer<typeof DeletedAlbumSchema>;
export const TrashAlbumsResponseSchema = z.object({ albums: z.array(DeletedAlbumSchema) });

/** POST /rollback_albums and DELETE /delete_albums_from_trash_can: the albums' uuids. */
export const AlbumUuidsRequestSchema = z.object({
  job_uuids: z.array(z.string().min(1).max(64)).min(1).max(TRASH_PAGE_MAX),
});
/** The albums the call acted on (SPEC §7 "success list with uuid"); the rest were not found. */
export const AlbumUuidsResponseSchema = z.object({
  success: z.array(z.object({ uuid: z.string() })),
});
