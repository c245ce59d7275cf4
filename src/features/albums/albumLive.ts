import { useCallback, useMemo } from 'react';
import { CHANGE_TYPE } from '../../api/contract/changes';
import type { GalleryEngineState } from '../../gallery';
import { queryClient } from '../../platform/queryClient';
import { fileDetailQuery } from '../carousel';
import { useJobSync, type JobChange, type JobFetchStatus } from '../sync';
import { refreshAlbum } from './albumApi';
import { refreshAlbumComments } from './comments/commentsApi';

/** What a batch of an album's changes asks the page to read again (SPEC §3 change types). */
export interface AlbumChangePlan {
  /** Files gone (type 1): out of the grid at once. */
  removed: string[];
  /** Files came or went (types 0, 1): the grid's sections again. */
  files: boolean;
  /** Someone commented, edited or deleted a comment (type 10; its id is the comment's). */
  comments: boolean;
  /** Files someone loved or unloved (type 12; its id is the file's): their love text again. */
  loved: string[];
  /** Anything else (type 11 events, or lost changes): everything about the album again. */
  everything: boolean;
}

export function albumChangePlan(changes: readonly JobChange[], full: boolean): AlbumChangePlan {
  const ids = (type: number) => [
    ...new Set(changes.filter((c) => c.type === type).map((c) => c.id)),
  ];
  const removed = ids(CHANGE_TYPE.fileRemoved);
  return {
    removed,
    files: full || removed.length > 0 || ids(CHANGE_TYPE.fileAdded).length > 0,
    comments: full || ids(CHANGE_TYPE.comment).length > 0,
    loved: ids(CHANGE_TYPE.reaction),
    everything: full || ids(CHANGE_TYPE.event).length > 0,
  };
}

/**
 * Follows an album live (its page's `useJobSync`): the grid for files, the open viewer's comments
 * and love text for others' comments and loves, and the header's counts for all of them — on the
 * album page and on a visitor's page alike.
 */
export interface AlbumGrid {
  removeFiles: (ids: string[]) => void;
  refresh: () => Promise<unknown>;
}

export async function applyAlbumChanges(
  jobId: string,
  changes: readonly JobChange[],
  full: boolean,
  grid: AlbumGrid,
): Promise<void> {
  const plan = albumChangePlan(changes, full);
  if (plan.removed.length > 0) grid.removeFiles(plan.removed);
  const reads: Promise<unknown>[] = [];
  if (plan.files) reads.push(grid.refresh());
  if (plan.everything) reads.push(refreshAlbum(jobId));
  else {
    if (plan.comments) reads.push(refreshAlbumComments(jobId));
    for (const fileId of plan.loved) {
      reads.push(
        queryClient.invalidateQueries({ queryKey: fileDetailQuery(jobId, fileId).queryKey }),
      );
    }
    // The header's counts of files, comments and loves (the album page's and the link's).
    reads.push(queryClient.invalidateQueries({ queryKey: ['jobs', jobId, 'info'] }));
  }
  reads.push(queryClient.invalidateQueries({ queryKey: ['visitorAlbum', jobId] }));
  await Promise.all(reads);
}

/** No grid (the comments page): the changes only read the comments, loves and counts again. */
const NO_GRID: AlbumGrid = { removeFiles: () => undefined, refresh: () => Promise.resolve() };

/**
 * Follows the album (`useJobSync`) once its grid's engine is there (`grid`: the page's engine
 * and refresh; unset on a page without a grid), applying each batch with `applyAlbumChanges`;
 * the job's fetch status.
 */
export function useAlbumSync(
  jobId: string,
  grid?: Pick<GalleryEngineState, 'engine' | 'refresh'>,
): JobFetchStatus {
  const engine = grid ? grid.engine : undefined;
  const refresh = grid?.refresh;
  const live = useMemo((): AlbumGrid | null => {
    if (engine === undefined || !refresh) return NO_GRID;
    return engine ? { removeFiles: (ids) => engine.removeFiles(ids), refresh } : null;
  }, [engine, refresh]);
  const apply = useCallback(
    async (changes: readonly JobChange[], full: boolean) => {
      if (live) await applyAlbumChanges(jobId, changes, full, live);
    },
    [jobId, live],
  );
  return useJobSync(live ? jobId : undefined, apply);
}
