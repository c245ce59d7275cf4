import { createStore } from 'zustand/vanilla';
import { removeItem, writeString } from '../../state/persisted';

export type LongTaskKind = 'delete' | 'restore';

/** SPEC §9 long-running task markers, kept in local storage while such work runs. */
const MARKERS = {
  delete: 'filesAreBeingDeleted',
  restore: 'filesAreBeingRestored',
} as const;

interface LongTaskState {
  running: Record<LongTaskKind, number>;
  /** Starts one task; returns its end (call it once, whatever the outcome). */
  begin: (kind: LongTaskKind) => () => void;
}

/**
 * Deletes and restores in progress on this page. While any runs, its marker is set (SPEC §9)
 * and leaving warns "Changes might be lost" (SPEC §8); the last one to end clears the marker.
 */
export const longTaskStore = createStore<LongTaskState>()((set, get) => ({
  running: { delete: 0, restore: 0 },
  begin(kind) {
    const running = { ...get().running, [kind]: get().running[kind] + 1 };
    set({ running });
    writeString(MARKERS[kind], String(Date.now()));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const now = get().running;
      const left = Math.max(0, now[kind] - 1);
      set({ running: { ...now, [kind]: left } });
      if (left === 0) removeItem(MARKERS[kind]);
    };
  },
}));

export function anyLongTaskRunning(state: Pick<LongTaskState, 'running'>): boolean {
  return state.running.delete > 0 || state.running.restore > 0;
}
