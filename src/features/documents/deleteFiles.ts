import { z } from 'zod';
import { isApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';

/** Deletes run a few at a time: the server trashes each in its own transaction. */
export const DELETE_PARALLEL = 5;

export interface DeleteOutcome {
  deleted: string[];
  failed: string[];
  /**
   * SPEC §8 "File deletion failing with message Forbidden suppresses the retry offer": true when
   * any failure was the server refusing (403 / "Forbidden"), since trying again cannot help.
   */
  forbidden: boolean;
}

function isForbidden(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'forbidden' || /\bForbidden\b/.test(error.body ?? '');
}

/**
 * Moves files to the trash with `DELETE /jobs/{id}/files_by_id/{fileId}`, at most
 * DELETE_PARALLEL at once. Never rejects: each file ends up deleted or failed. A file that is
 * already gone (404) counts as deleted: what the user asked for is true.
 */
export async function deleteFiles(
  client: ApiClient,
  jobId: string,
  fileIds: readonly string[],
  parallel = DELETE_PARALLEL,
): Promise<DeleteOutcome> {
  const outcome: DeleteOutcome = { deleted: [], failed: [], forbidden: false };
  let next = 0;
  const worker = async () => {
    while (next < fileIds.length) {
      const id = fileIds[next++];
      try {
        await client.request({
          method: 'DELETE',
          path: `/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(id)}`,
          schema: z.unknown(),
        });
        outcome.deleted.push(id);
      } catch (error) {
        if (isApiError(error, 'notFound')) {
          outcome.deleted.push(id);
          continue;
        }
        outcome.failed.push(id);
        if (isForbidden(error)) outcome.forbidden = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, fileIds.length) }, worker));
  return outcome;
}
