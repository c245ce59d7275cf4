import { z } from 'zod';
import { lazySchema } from './lazySchema';

/**
 * SPEC §3 File type: "Pictures or Movies; also image, livephoto, movie, document". Our server
 * sends picture, movie or document; the SPEC's other words are read as those (a live photo is
 * its picture).
 */
const SPEC_FILE_TYPES: Readonly<Record<string, 'picture' | 'movie'>> = {
  Pictures: 'picture',
  image: 'picture',
  livephoto: 'picture',
  Movies: 'movie',
};

const fileType = lazySchema(() =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && Object.hasOwn(SPEC_FILE_TYPES, value)
        ? SPEC_FILE_TYPES[value]
        : value,
    z.enum(['picture', 'movie', 'document']),
  ),
);

/**
 * SPEC §3 File, as listed by GET /jobs/{id}/files. Compact on purpose: one section holds up to
 * ~500 of these and the client may keep a million ids in memory. `ctime` is the capture time
 * (null when unknown: the client then falls back to `mtime`); times are unix seconds. Ids are
 * short strings with a dash, which the client's log masking relies on.
 */
export const FileSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    path: z.string(),
    ctime: z.number().nullable().optional(),
    mtime: z.number(),
    /**
     * When the file was uploaded (unix seconds). Optional (added later): the recents windows are
     * cut by it from one `uploaded_since=30` listing; without it they need one listing each.
     */
    uploaded: z.number().optional(),
    size: z.number().nonnegative(),
    width: z.number().nonnegative().nullable().optional(),
    height: z.number().nonnegative().nullable().optional(),
    duration: z.number().nonnegative().nullable().optional(),
    /** Documents are listed too; the timeline skips them (they are not in section counts). */
    type: fileType,
    screenshot: z.literal(true).optional(),
    checksum: z.string().optional(),
    group: z
      .object({ type: z.enum(['live', 'burst']), id: z.string(), master: z.boolean() })
      .optional(),
    /**
     * SPEC §3 addedBy: the uuid of the user who added the file to an album, when that is not the
     * album's owner (absent: the owner). SPEC §6: a file is deleted by whoever added it or the owner.
     */
    addedBy: z.string().optional(),
    /**
     * SPEC §3 File currentUserCan (SPEC §6 rules) for the caller, decided by the server: in a file's
     * detail, and with each file of an album's listing (absent elsewhere).
     */
    currentUserCan: z
      .object({ deleteFile: z.boolean(), setFileAsAlbumCoverPhoto: z.boolean() })
      .optional(),
  }),
);

/** GET /jobs/{id}/files: newest first (capture time desc, then path asc). */
export const FilesResponseSchema = lazySchema(() => z.object({ files: z.array(FileSchema) }));

export type FileInfo = z.infer<typeof FileSchema>;
export type FileRights = NonNullable<FileInfo['currentUserCan']>;
export type FilesResponse = z.infer<typeof FilesResponseSchema>;
