import { useCallback, useRef, useState } from 'react';
import type { TimelineFilter } from '../photoGrid';

export interface FilterChoice {
  /** A filter, or 'recents': its default window is asked for first (SPEC §9). */
  choose: (choice: TimelineFilter | 'recents') => void;
  /** "Recently added" was chosen and its default window is not known yet. */
  recentsPending: boolean;
}

/**
 * A choice of the timeline's filter chips. "Recently added" needs the recents listing before its
 * window can be picked, so it is pending meanwhile (its chip shows chosen at once, not only once the
 * listing came), and only the latest choice lands: a listing answered after another chip was
 * picked no longer turns the timeline to recents.
 */
export function useFilterChoice(
  setFilter: (filter: TimelineFilter) => void,
  recentsDefault: (() => Promise<TimelineFilter>) | null,
): FilterChoice {
  const latest = useRef(0);
  const [recentsPending, setRecentsPending] = useState(false);
  const choose = useCallback(
    (choice: TimelineFilter | 'recents') => {
      const ticket = ++latest.current;
      if (choice !== 'recents') {
        setRecentsPending(false);
        setFilter(choice);
        return;
      }
      if (!recentsDefault) return;
      setRecentsPending(true);
      void recentsDefault().then((filter) => {
        if (ticket !== latest.current) return;
        setRecentsPending(false);
        setFilter(filter);
      });
    },
    [setFilter, recentsDefault],
  );
  return { choose, recentsPending };
}
