import { createStore } from 'zustand/vanilla';

interface StorageQuotaState {
  /** SPEC §4: an upload got 413 (or a restore hit the quota); uploads wait for space. */
  outOfStorage: boolean;
  /** Bumped whenever space may have been freed or added, so waiting work can try again. */
  freedSerial: number;
  /** Latest known used/max space (bytes) from any answer that carries it; null until known. */
  usedSpace: number | null;
  maxSpace: number | null;
  markOutOfStorage: () => void;
  /**
   * SPEC §4: out-of-storage clears on delete, restore, purchase or plan change. Every one of
   * those calls this after it succeeds (and passes the new figures when the answer has them).
   */
  storageChanged: (quota?: { usedSpace?: number; maxSpace?: number }) => void;
  /** Figures seen in an answer that does not free anything (account info, changes). */
  setQuota: (quota: { usedSpace?: number; maxSpace?: number }) => void;
}

/** The one shared fact "are we out of storage" between uploads, deletes, restores and billing. */
export const storageQuotaStore = createStore<StorageQuotaState>()((set) => ({
  outOfStorage: false,
  freedSerial: 0,
  usedSpace: null,
  maxSpace: null,
  markOutOfStorage: () => set({ outOfStorage: true }),
  storageChanged: (quota) =>
    set((state) => ({
      outOfStorage: false,
      freedSerial: state.freedSerial + 1,
      usedSpace: quota?.usedSpace ?? state.usedSpace,
      maxSpace: quota?.maxSpace ?? state.maxSpace,
    })),
  setQuota: (quota) =>
    set((state) => ({
      usedSpace: quota.usedSpace ?? state.usedSpace,
      maxSpace: quota.maxSpace ?? state.maxSpace,
    })),
}));
