import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CHANGE_TYPE } from '../../api/contract/changes';
import { api } from '../../platform/api';
import { resourceLoadOf } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import type { GalleryEngine, TimelineSource } from '../../gallery';
import { useJobSync, type JobChange, type SerialStore } from '../sync';
import {
  apiTimelineSource,
  defaultRecentsFilter,
  isRecents,
  parseFilter,
  recentsWindowOf,
  type TimelineFilter,
} from '../photoGrid';
import { recentsQuery, recentsSource, windowCounts } from './recents';
import { useFilterChoice } from './useFilterChoice';
import { usePersistedTimeline } from './usePersistedTimeline';

// What the timeline page draws: the job's files under the URL's filter (?filter=), or the
// recents of a window, with the last visit's timeline in front; and how live changes reach it.

type Refresh = () => Promise<void>;

export interface TimelineContent {
  filter: TimelineFilter;
  /** A filter, or 'recents': the window is then picked by what each holds (SPEC §9). */
  onFilterChange: (choice: TimelineFilter | 'recents') => void;
  /** "Recently added" chosen, its window not known yet (its chip shows chosen meanwhile). */
  recentsPending: boolean;
  /** Null until the job is known (and, for recents, listed). */
  source: TimelineSource | null;
  /** The recents listing failed: the grid shows that, with its own retry. */
  recentsFailed: boolean;
  retryRecents: () => void;
  /** The persisted timeline's change serials, where the change stream resumes. */
  serials: SerialStore | undefined;
  /** Set by useTimelineLive: what the persisted timeline calls once it is revalidated. */
  refreshRef: RefObject<Refresh>;
}

export function useTimelineSource(jobId: string | undefined): TimelineContent {
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('filter'));
  const setFilter = useCallback(
    (next: TimelineFilter) =>
      setParams(
        (old) => {
          const copy = new URLSearchParams(old);
          if (next === 'all') copy.delete('filter');
          else copy.set('filter', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  // SPEC §9: the default recents window is picked by what each window holds.
  const recentsDefault = useMemo(
    () =>
      jobId
        ? () =>
            queryClient.fetchQuery({ ...recentsQuery(jobId), staleTime: Infinity }).then(
              (data) => defaultRecentsFilter(windowCounts(data)),
              (): TimelineFilter => 'recents_7',
            )
        : null,
    [jobId],
  );
  const { choose: onFilterChange, recentsPending } = useFilterChoice(setFilter, recentsDefault);

  const recents = useQuery({
    ...recentsQuery(jobId ?? ''),
    enabled: jobId !== undefined && isRecents(filter),
    // Kept until a live change asks for a fresh listing (useTimelineLive).
    staleTime: Infinity,
  });
  const recentsLoad = resourceLoadOf(recents);
  const recentsReady = recentsLoad === 'SUCCEEDED';

  // The last visit's timeline, drawn before the network answers (issue 19).
  const persisted = usePersistedTimeline(jobId, filter);
  const refreshRef = useRef<Refresh>(() => Promise.resolve());
  // One source per job and filter: live changes reconcile into it rather than replacing it.
  const source = useMemo(() => {
    if (!jobId) return null;
    if (!isRecents(filter)) {
      const inner = apiTimelineSource(api(), jobId, filter);
      return persisted
        ? persisted.wrap(inner, () => void refreshRef.current().catch(() => undefined))
        : inner;
    }
    if (!recentsReady) return null;
    const key = recentsQuery(jobId).queryKey;
    return recentsSource(() => queryClient.getQueryData(key) ?? null, recentsWindowOf(filter));
  }, [jobId, filter, recentsReady, persisted]);

  return {
    filter,
    onFilterChange,
    recentsPending,
    source,
    recentsFailed: isRecents(filter) && recentsLoad === 'FAILED',
    retryRecents: () => void recents.refetch(),
    serials: persisted?.serials,
    refreshRef,
  };
}

/**
 * Follows the job's changes into the grid: removed files leave loaded sections at once, and
 * added or removed files (or a full resync) bring fresh sections in place, recents listed again
 * first when they are shown. Returns that refresh (restored files want it too).
 */
export function useTimelineLive(
  engine: GalleryEngine | null,
  jobId: string | undefined,
  { filter, serials, refreshRef }: TimelineContent,
  refresh: Refresh,
): Refresh {
  const refreshAfterChange = useCallback(async () => {
    if (!jobId) return;
    // Shown recents are listed again (keeping what shows until the answer); hidden ones are
    // dropped and listed afresh when next chosen.
    const key = recentsQuery(jobId).queryKey;
    if (isRecents(filter))
      await queryClient.refetchQueries({ queryKey: key }).catch(() => undefined);
    else queryClient.removeQueries({ queryKey: key });
    await refresh();
  }, [jobId, filter, refresh]);
  useLayoutEffect(() => {
    refreshRef.current = refreshAfterChange;
  });

  const applyChanges = useCallback(
    async (changes: readonly JobChange[], full: boolean) => {
      if (!engine) return;
      const removed = changes.filter((c) => c.type === CHANGE_TYPE.fileRemoved).map((c) => c.id);
      // Removed files leave loaded sections at once; fresh counts settle the rest.
      if (removed.length > 0) engine.removeFiles(removed);
      if (
        full ||
        changes.some((c) => c.type === CHANGE_TYPE.fileAdded || c.type === CHANGE_TYPE.fileRemoved)
      )
        await refreshAfterChange();
    },
    [engine, refreshAfterChange],
  );
  // The timeline job is always the user's own (SPEC §6): its changes carry their used space.
  useJobSync(engine ? jobId : undefined, applyChanges, serials, true);
  return refreshAfterChange;
}
