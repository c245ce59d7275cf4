import { createStore } from 'zustand/vanilla';

/** What is being done to a trashed file while its task runs. */
export type TrashProcess = 'restore' | 'delete';

interface TrashState {
  /**
   * SPEC §3 Trash state `processingFiles`: the files a restore or a permanent delete is working
   * on, until that task settles (restored and deleted files then leave the grid; failed ones stay
   * and are shown as before).
   */
  processingFiles: ReadonlyMap<string, TrashProcess>;
  /** Marks `ids` as being processed; returns the end of that task (once, however it settles). */
  begin: (ids: readonly string[], process: TrashProcess) => () => void;
}

export const trashStore = createStore<TrashState>()((set, get) => ({
  processingFiles: new Map(),
  begin(ids, process) {
    const next = new Map(get().processingFiles);
    for (const id of ids) next.set(id, process);
    set({ processingFiles: next });
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = new Map(get().processingFiles);
      // A later task on the same file owns it now: only this task's own marks go.
      for (const id of ids) if (left.get(id) === process) left.delete(id);
      set({ processingFiles: left });
    };
  },
}));
