import { z } from 'zod';

/** SPEC §3 Document file: the name, the id and when it was uploaded (unix seconds). */
export const DocumentFileSchema = z.object({
  fileName: z.string(),
  fileID: z.string().min(1),
  uploadedTime: z.number(),
  size: z.number().nonnegative(),
});
export type DocumentFile = z.infer<typeof DocumentFileSchema>;

/**
 * GET /jobs/{id}/documents (owner only): the job's live documents (files whose extension is
 * neither picture nor movie, SPEC §5; folders left out), newest upload first. Paged by
 * `offset` / `limit` (default 500, at most 2000); `total` counts them all.
 */
export const DocumentsResponseSchema = z.object({
  documents: z.array(DocumentFileSchema),
  total: z.number().int().nonnegative(),
});
export type DocumentsResponse = z.infer<typeof DocumentsResponseSchema>;
