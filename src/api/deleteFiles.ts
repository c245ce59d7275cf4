import { CALLS } from './contract/calls';
import { callTo } from './contract/callTarget';
import { isApiError, needsNetwork } from './errors';
import type { ApiClient } from './http';

/**
 * Deletes (moves to the trash) run this many requests at a time, one DELETE per file: the
 * server trashes each in its own transaction. The timeline and the documents share it.
 */
export const DELETE_PARALLEL = 5;

export interface DeleteOutcome {
  deleted: string[];
  failed: string[];
  /**
   * SPEC §8 "File deletion failing with message Forbidden suppresses the retry offer": true when
   * any failure was the server refusing, since trying again cannot help.
   */
  forbidden: boolean;
  /** Some failed because the network was missing (offline): the failure says so (issue 19). */
  offline: boolean;
}

/**
 * SPEC §8: a deletion refused with the message "Forbidden" (the error body's `message`, or a
 * plain-text body) or with 403 is final: no retry is offered.
 */
export function isForbiddenDeletion(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'forbidden') return true;
  const body = error.body?.trim() ?? '';
  if (body === 'Forbidden') return true;
  try {
    return (JSON.parse(body) as { message?: unknown } | null)?.message === 'Forbidden';
  } catch {
    return false;
  }
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
  const outcome: DeleteOutcome = { deleted: [], failed: [], forbidden: false, offline: false };
  let next = 0;
  const worker = async () => {
    while (next < fileIds.length) {
      const id = fileIds[next++];
      try {
        await client.request({
          call: callTo(CALLS.deleteFile, { id: jobId, fileId: id }),
          responseType: 'none',
        });
        outcome.deleted.push(id);
      } catch (error) {
        if (isApiError(error, 'notFound')) {
          outcome.deleted.push(id);
          continue;
        }
        outcome.failed.push(id);
        if (isForbiddenDeletion(error)) outcome.forbidden = true;
        if (needsNetwork(error)) outcome.offline = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, fileIds.length) }, worker));
  return outcome;
}
