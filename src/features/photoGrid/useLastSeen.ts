import { useCallback, useEffect, useMemo } from 'react';
import {
  AnchorKeeper,
  type GalleryEngine,
  type GalleryLoad,
  type ItemPosition,
} from '../../gallery';
import { lastSeenOf, lastSeenStore } from '../../state/lastSeen';

/**
 * SPEC §3 "last seen element per job" for a grid page (GridPage's frame, so every grid page has
 * it): the grid's place is kept under `jobId` (the page's content key) when the page goes, and
 * brought back the first time the grid lists its sections on a later visit in this session.
 * Returns what to call when a file is opened (it becomes the place until the grid scrolls).
 */
export function useLastSeen(
  engine: GalleryEngine | null,
  load: GalleryLoad,
  jobId: string | undefined,
): (position: ItemPosition) => void {
  const keeper = useMemo(
    () =>
      engine && jobId
        ? new AnchorKeeper(engine, {
            saved: () => lastSeenOf(jobId),
            keep: (anchor) => lastSeenStore.getState().remember(jobId, anchor),
          })
        : null,
    [engine, jobId],
  );
  useEffect(() => keeper?.watch(), [keeper]);
  useEffect(() => (keeper && load === 'ready' ? keeper.restoreOnce() : undefined), [keeper, load]);
  return useCallback((position: ItemPosition) => keeper?.opened(position), [keeper]);
}
