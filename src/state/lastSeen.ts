import { createStore } from 'zustand/vanilla';

/**
 * SPEC §3 "last seen element per job": where the user was in each job's grid (the timeline, an
 * album, a share, the trash), so the grid page coming back in this session starts there. Kept in
 * memory only: a reload starts at the top, as it always has.
 */
export interface LastSeen {
  fileId: string;
  /** The key of the grid section holding the file (loaded first when the page comes back). */
  sectionKey: string;
  /** The file's tile top in the grid's viewport, CSS pixels. */
  offset: number;
}

interface LastSeenState {
  /** By job id (the grid's content key). */
  byJob: Readonly<Record<string, LastSeen>>;
  remember: (jobId: string, seen: LastSeen) => void;
  /** Forgets every job's (a signed-out session's places are not the next user's). */
  clear: () => void;
}

export const lastSeenStore = createStore<LastSeenState>()((set) => ({
  byJob: {},
  remember(jobId, seen) {
    set((state) => ({ byJob: { ...state.byJob, [jobId]: { ...seen } } }));
  },
  clear() {
    set({ byJob: {} });
  },
}));

/** The job's last seen element, or null when its grid has not been shown in this session. */
export function lastSeenOf(jobId: string): LastSeen | null {
  return lastSeenStore.getState().byJob[jobId] ?? null;
}
