import { createStore } from 'zustand/vanilla';
import type { RecentsData } from './recents';

/** SPEC §4 Resource load states (recents, account attributes). */
export type ResourceLoad = 'EMPTY' | 'FETCHING' | 'SUCCEEDED' | 'FAILED';

export type RecentsFetch = (jobId: string, signal: AbortSignal) => Promise<RecentsData>;

interface RecentsState {
  status: ResourceLoad;
  jobId: string | null;
  data: RecentsData | null;
  /**
   * Loads the job's recents. A load of the job already loaded (or loading) does nothing unless
   * `refresh` (live changes): then it loads again in the background, keeping the shown data and
   * SUCCEEDED until the new data is in.
   */
  load: (jobId: string, options?: { refresh?: boolean }) => Promise<void>;
  reset: () => void;
}

/** One store per fetcher; the app's is `recentsStore` (timeline page). */
export function createRecentsStore(fetchRecents: RecentsFetch) {
  let controller: AbortController | null = null;
  return createStore<RecentsState>()((set, get) => ({
    status: 'EMPTY',
    jobId: null,
    data: null,
    async load(jobId, options = {}) {
      const state = get();
      const same = state.jobId === jobId;
      if (same && !options.refresh && (state.status === 'FETCHING' || state.status === 'SUCCEEDED'))
        return;
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      const keep = same && options.refresh && state.status === 'SUCCEEDED';
      if (!keep) set({ status: 'FETCHING', jobId, data: same ? state.data : null });
      try {
        const data = await fetchRecents(jobId, mine.signal);
        if (controller !== mine) return;
        set({ status: 'SUCCEEDED', jobId, data });
      } catch {
        if (controller !== mine) return;
        // A failed background refresh keeps what is shown; a first load fails visibly.
        if (!keep) set({ status: 'FAILED', jobId });
      } finally {
        if (controller === mine) controller = null;
      }
    },
    reset() {
      controller?.abort();
      controller = null;
      set({ status: 'EMPTY', jobId: null, data: null });
    },
  }));
}

export type RecentsStore = ReturnType<typeof createRecentsStore>;
