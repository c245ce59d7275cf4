import { z } from 'zod';
import { lazySchema } from './lazySchema';
import { FileSchema } from './files';
import { FileServerStatusSchema } from './uploads';

/**
 * SPEC §3 file metadata. Numbers are plain values: ApertureValue is the f-number (1.8),
 * ExposureTime in seconds (0.008 for 1/125), FocalLength in mm. Absent when the file lacks them.
 */
export const FileMetadataFieldsSchema = z.object({
  Make: z.string().optional(),
  Model: z.string().optional(),
  ISOSpeedRatings: z.number().optional(),
  ApertureValue: z.number().optional(),
  ExposureTime: z.number().optional(),
  FocalLength: z.number().optional(),
});

/** GET /jobs/{id}/metadata/{fileId}: the EXIF fields plus the displayed (oriented) size. */
export const FileMetadataResponseSchema = lazySchema(() =>
  FileMetadataFieldsSchema.extend({
    width: z.number().int().nonnegative(),
    height: z.number().int().nonnegative(),
  }),
);
export type FileMetadataResponse = z.infer<typeof FileMetadataResponseSchema>;

/** A file's content as SPEC §3's file server statuses say it (ours: processing, done, failed). */
export const EncodingStatusSchema = FileServerStatusSchema;

/** GET /jobs/{id}/files_by_id/{fileId}: the listing's file plus details only one file needs. */
export const FileDetailSchema = lazySchema(() =>
  FileSchema.extend({
    jobID: z.string(),
    /** Unix seconds when it was uploaded. */
    uploaded: z.number(),
    encodingStatus: EncodingStatusSchema,
    metadata: FileMetadataFieldsSchema,
    /** SPEC §3 Reaction, in an album: how many love the file, and whether the caller does. */
    loves: z.object({ count: z.number().int().nonnegative(), loved: z.boolean() }).optional(),
  }),
);
export type FileDetail = z.infer<typeof FileDetailSchema>;

/** GET /st/4/jobs/{id}/files_by_id/{fileId}/v-check (SPEC §7 video status). */
export const VideoCheckResponseSchema = z.object({ result: z.enum(['queued', 'ready', 'failed']) });

/** POST /jobs/{id}/files_by_id/{fileId}/reaction (SPEC §3 Reaction kinds; the client loves). */
export const ReactionRequestSchema = z.strictObject({ reaction: z.enum(['love', 'favorite']) });
