import { createStore } from 'zustand/vanilla';
import { LOCAL_KEYS, removeItem, writeString } from './persisted';

/**
 * SPEC §8 "in-progress toasts (deleting, restoring, copying, preparing download) … Leaving while
 * these are pending warns "Changes might be lost"".
 */
export type LongTaskKind = 'delete' | 'restore' | 'copy' | 'download';

/**
 * SPEC §9 long-running task markers, kept in local storage while such work runs. Preparing a
 * download has none in the SPEC: it warns on leaving, and leaves no marker.
 */
export const LONG_TASK_MARKERS = {
  delete: LOCAL_KEYS.filesAreBeingDeleted,
  restore: LOCAL_KEYS.filesAreBeingRestored,
  copy: LOCAL_KEYS.filesAreBeingCopied,
  download: null,
} as const satisfies Record<LongTaskKind, string | null>;

interface LongTaskState {
  running: Record<LongTaskKind, number>;
  /** Starts one task; returns its end (call it once, whatever the outcome). */
  begin: (kind: LongTaskKind) => () => void;
}

/**
 * Deletes, restores, copies and download preparations in progress, on whatever page started
 * them. While any runs, its marker is set (SPEC §9) and leaving warns "Changes might be lost"
 * (SPEC §8, `app/overlays/LeaveWarning`); the last one of a kind to end clears its marker.
 */
export const longTaskStore = createStore<LongTaskState>()((set, get) => ({
  running: { delete: 0, restore: 0, copy: 0, download: 0 },
  begin(kind) {
    const running = { ...get().running, [kind]: get().running[kind] + 1 };
    set({ running });
    const marker = LONG_TASK_MARKERS[kind];
    if (marker !== null) writeString(marker, String(Date.now()));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const now = get().running;
      const left = Math.max(0, now[kind] - 1);
      set({ running: { ...now, [kind]: left } });
      if (left === 0 && marker !== null) removeItem(marker);
    };
  },
}));

/** Runs `work` as a long-running task of `kind`: begun now, ended however it settles. */
export async function asLongTask<T>(kind: LongTaskKind, work: () => Promise<T>): Promise<T> {
  const end = longTaskStore.getState().begin(kind);
  try {
    return await work();
  } finally {
    end();
  }
}

export function anyLongTaskRunning(state: Pick<LongTaskState, 'running'>): boolean {
  return Object.values(state.running).some((count) => count > 0);
}
