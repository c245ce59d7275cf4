/*
 * The check of a GET /jobs/{id}/files answer (FilesResponseSchema), split so it can run a slice at
 * a time: the envelope first, then the files in slices. Used on the main thread
 * (apiTimelineSource's parseFilesInSlices) and in the files-answer worker (filesAnswer.worker.ts),
 * so both report a malformed answer with the same words. Imports nothing of the DOM.
 */
import { z } from 'zod';
import { FileSchema, type FileInfo } from '../../api/contract/files';

/** FilesResponseSchema before its files are checked. */
export const FilesEnvelopeSchema = z.object({ files: z.array(z.unknown()) });
const FileSliceSchema = z.array(FileSchema);

/** A zod issue as it can cross to another thread: where, and what. */
export interface FileIssue {
  path: PropertyKey[];
  message: string;
}

export type SliceCheck = { ok: true; files: FileInfo[] } | { ok: false; issues: FileIssue[] };

/**
 * The files of `items`, which begin at `from` in the answer's list; or the issues, their paths
 * counted from the answer's root (`files.N.field`), as one FilesResponseSchema check reports them.
 */
export function checkFileSlice(items: readonly unknown[], from: number): SliceCheck {
  const parsed = FileSliceSchema.safeParse(items);
  if (parsed.success) return { ok: true, files: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: ['files', from + Number(issue.path[0]), ...issue.path.slice(1)],
      message: issue.message,
    })),
  };
}
