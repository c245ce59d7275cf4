import { createStore, type StoreApi } from 'zustand/vanilla';
import { UPLOAD_OFFLINE_RETRY_S } from '../../domain/constants';
import { storageQuotaStore } from '../../state/storageQuota';
import type { UploadPolicy } from '../../api/contract/uploads';
import {
  isActive,
  type PendingAlbum,
  type RejectReason,
  type UploadItem,
  type UploaderConnection,
} from './model';
import { progressChanged } from './rules';

export interface NewUpload {
  id: string;
  targetJob: string;
  name: string;
  size: number;
  mtimeMs: number;
  policy: UploadPolicy;
  alsoTargetTimeline?: boolean;
  targetFolder?: string;
  /** Already known to be rejected (a folder in a drop): added as Rejected. */
  rejectedFor?: RejectReason;
  safariFolder?: boolean;
}

export interface UploadState {
  items: UploadItem[];
  connection: UploaderConnection;
  /** Seconds left before an Offline uploader retries (SPEC §9: 4 s). */
  countdown: number;
  paused: boolean;
  /** The stop confirmation is open: nothing new starts meanwhile. */
  pendingStop: boolean;
  boxVisible: boolean;
  boxExpanded: boolean;
  pendingAlbums: Record<string, PendingAlbum>;
  nextIndex: number;

  add: (uploads: readonly NewUpload[]) => UploadItem[];
  /** Items read back from storage after a reload. */
  restore: (items: readonly UploadItem[], pendingAlbums?: readonly PendingAlbum[]) => void;
  /** Pending → Enqueued, or Rejected with the reason of a failed check. */
  checked: (id: string, reason: RejectReason | null) => void;
  /** `checked` for many items in one update (a batch of a thousand files is one render, not a thousand). */
  checkedAll: (results: readonly { id: string; reason: RejectReason | null }[]) => void;
  setChecksum: (id: string, checksum: string) => void;
  started: (id: string) => void;
  progress: (id: string, fraction: number) => void;
  /** Every byte sent: the server is processing (shown as processing). */
  sent: (id: string) => void;
  succeeded: (id: string, fileUUID: string) => void;
  rejected: (id: string, reason: RejectReason) => void;
  /** A failed attempt (network, server error): back to Enqueued and the uploader Offline. */
  failed: (id: string) => void;
  /** 413: back to Enqueued and the shared out-of-storage flag set. */
  noStorage: (id: string) => void;
  /** Back to Enqueued without blame (e.g. the session must be renewed first). */
  requeue: (id: string) => void;
  /** Uploads into a job that was deleted are dropped without an error (SPEC §8). */
  ignored: (id: string) => void;
  cancel: (ids: readonly string[]) => void;
  /** SPEC §4: cancels items Enqueued (or still Pending) or Uploading under 100%. */
  stop: () => string[];
  /** One second of the offline countdown; at 0 the uploader moves to Retrying. */
  tick: () => void;
  setPaused: (paused: boolean) => void;
  setPendingStop: (pending: boolean) => void;
  setExpanded: (expanded: boolean) => void;
  /** Closing after an upload clears the queue; closing during one only hides the box. */
  close: () => void;
  /** Forgets the queue in memory (sign-out); what was saved stays for the next visit. */
  reset: () => void;
  addPendingAlbum: (album: { tempID: string; name: string }) => void;
  /** The pending album is created: its items now target the real job. */
  albumCreated: (tempID: string, jobId: string) => void;
}

export interface UploadStoreOptions {
  quota?: typeof storageQuotaStore;
}

export type UploadStore = StoreApi<UploadState>;

/** What may start next (SPEC §4): not paused, not stopping, not offline, not out of storage. */
export function canStart(state: UploadState, outOfStorage: boolean): boolean {
  return !state.paused && !state.pendingStop && state.connection !== 'Offline' && !outOfStorage;
}

/** A store with no queue (created, and after reset; upload indexes keep counting). */
const IDLE: Pick<
  UploadState,
  | 'items'
  | 'connection'
  | 'countdown'
  | 'paused'
  | 'pendingStop'
  | 'boxVisible'
  | 'boxExpanded'
  | 'pendingAlbums'
> = {
  items: [],
  connection: 'Online',
  countdown: 0,
  paused: false,
  pendingStop: false,
  boxVisible: false,
  boxExpanded: false,
  pendingAlbums: {},
};

export function createUploadStore(options: UploadStoreOptions = {}): UploadStore {
  const quota = options.quota ?? storageQuotaStore;
  let countdownTimer: ReturnType<typeof setInterval> | null = null;

  const stopCountdown = () => {
    if (countdownTimer !== null) clearInterval(countdownTimer);
    countdownTimer = null;
  };

  return createStore<UploadState>()((set, get) => {
    /** Replaces one item (if `guard` accepts its current state); returns whether it changed. */
    const update = (
      id: string,
      guard: (item: UploadItem) => boolean,
      patch: (item: UploadItem) => Partial<UploadItem>,
      extra: Partial<UploadState> = {},
    ): boolean => {
      const { items } = get();
      const index = items.findIndex((item) => item.id === id);
      const item = items[index];
      if (!item || !guard(item)) return false;
      const next = items.slice();
      next[index] = { ...item, ...patch(item) };
      set({ items: next, ...extra });
      return true;
    };
    const online = (): Partial<UploadState> =>
      get().connection === 'Online' ? {} : { connection: 'Online', countdown: 0 };
    const rejectionsGrow = (): Partial<UploadState> => ({ boxVisible: true });

    return {
      ...IDLE,
      nextIndex: 0,

      add: (uploads) => {
        let index = get().nextIndex;
        const added = uploads.map<UploadItem>((upload) => ({
          id: upload.id,
          targetJob: upload.targetJob,
          targetFolder: upload.targetFolder ?? '',
          alsoTargetTimeline: upload.alsoTargetTimeline ?? false,
          name: upload.name,
          size: upload.size,
          status: upload.rejectedFor ? 'Rejected' : 'Pending',
          uploadedPercent: 0,
          fileUUID: null,
          statusReason: upload.rejectedFor ?? null,
          uploadIndex: index++,
          mtimeMs: upload.mtimeMs,
          policy: upload.policy,
          checksum: null,
          retrying: false,
          ...(upload.safariFolder ? { safariFolder: true } : {}),
        }));
        if (added.length === 0) return added;
        const rejectedAny = added.some((item) => item.status === 'Rejected');
        set((state) => ({
          items: [...state.items, ...added],
          nextIndex: index,
          ...(rejectedAny ? rejectionsGrow() : {}),
        }));
        return added;
      },

      restore: (items, pendingAlbums = []) => {
        const known = new Set(get().items.map((item) => item.id));
        const fresh = items.filter((item) => !known.has(item.id));
        if (fresh.length === 0 && pendingAlbums.length === 0) return;
        const nextIndex = Math.max(get().nextIndex, ...fresh.map((item) => item.uploadIndex + 1));
        const albums = { ...get().pendingAlbums };
        for (const album of pendingAlbums) albums[album.tempID] = album;
        set((state) => ({
          items: [...state.items, ...fresh].sort((a, b) => a.uploadIndex - b.uploadIndex),
          nextIndex,
          pendingAlbums: albums,
          boxVisible: state.boxVisible || fresh.some(isActive),
        }));
      },

      checked: (id, reason) => {
        update(
          id,
          (item) => item.status === 'Pending',
          () => (reason ? { status: 'Rejected', statusReason: reason } : { status: 'Enqueued' }),
          reason ? rejectionsGrow() : {},
        );
      },

      checkedAll: (results) => {
        const byId = new Map(results.map((result) => [result.id, result.reason]));
        let rejectedAny = false;
        let changed = false;
        const items = get().items.map((item) => {
          if (item.status !== 'Pending' || !byId.has(item.id)) return item;
          const reason = byId.get(item.id) ?? null;
          changed = true;
          if (!reason) return { ...item, status: 'Enqueued' as const };
          rejectedAny = true;
          return { ...item, status: 'Rejected' as const, statusReason: reason };
        });
        if (changed) set({ items, ...(rejectedAny ? rejectionsGrow() : {}) });
      },

      setChecksum: (id, checksum) => {
        update(
          id,
          () => true,
          () => ({ checksum }),
        );
      },

      started: (id) => {
        const idle = !get().items.some((item) => item.status === 'Uploading');
        update(
          id,
          (item) => item.status === 'Enqueued',
          () => ({ status: 'Uploading', uploadedPercent: 0 }),
          idle ? { boxVisible: true } : {},
        );
      },

      progress: (id, fraction) => {
        const clamped = Math.max(0, Math.min(1, fraction));
        update(
          id,
          (item) => item.status === 'Uploading' && progressChanged(item.uploadedPercent, clamped),
          () => ({ uploadedPercent: clamped, retrying: false }),
          clamped > 0 ? online() : {},
        );
      },

      sent: (id) => {
        update(
          id,
          (item) => item.status === 'Uploading',
          () => ({ status: 'BackendSucceeded', uploadedPercent: 1 }),
        );
      },

      succeeded: (id, fileUUID) => {
        update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          () => ({ status: 'Succeeded', uploadedPercent: 1, fileUUID, retrying: false }),
          online(),
        );
      },

      rejected: (id, reason) => {
        update(
          id,
          (item) => item.status !== 'Succeeded' && item.status !== 'Cancelled',
          () => ({ status: 'Rejected', statusReason: reason, retrying: false }),
          rejectionsGrow(),
        );
      },

      failed: (id) => {
        const changed = update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          () => ({ status: 'Enqueued', uploadedPercent: 0, retrying: true }),
          { connection: 'Offline', countdown: UPLOAD_OFFLINE_RETRY_S },
        );
        if (changed && countdownTimer === null) {
          countdownTimer = setInterval(() => get().tick(), 1000);
        }
      },

      noStorage: (id) => {
        update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          () => ({ status: 'Enqueued', uploadedPercent: 0 }),
        );
        quota.getState().markOutOfStorage();
      },

      requeue: (id) => {
        update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          () => ({ status: 'Enqueued', uploadedPercent: 0 }),
        );
      },

      ignored: (id) => {
        update(
          id,
          (item) => isActive(item),
          () => ({ status: 'Cancelled', retrying: false }),
        );
      },

      cancel: (ids) => {
        const wanted = new Set(ids);
        set((state) => ({
          items: state.items.map((item) =>
            wanted.has(item.id) && isActive(item) && item.status !== 'BackendSucceeded'
              ? { ...item, status: 'Cancelled', retrying: false }
              : item,
          ),
        }));
      },

      stop: () => {
        const ids = get()
          .items.filter(
            (item) =>
              item.status === 'Pending' ||
              item.status === 'Enqueued' ||
              (item.status === 'Uploading' && item.uploadedPercent < 1),
          )
          .map((item) => item.id);
        get().cancel(ids);
        set({ pendingStop: false });
        return ids;
      },

      tick: () => {
        const { connection, countdown } = get();
        if (connection !== 'Offline') {
          stopCountdown();
          return;
        }
        if (countdown > 1) {
          set({ countdown: countdown - 1 });
          return;
        }
        stopCountdown();
        set({ connection: 'Retrying', countdown: 0 });
      },

      setPaused: (paused) => set({ paused }),
      setPendingStop: (pendingStop) => set({ pendingStop }),
      setExpanded: (boxExpanded) => set({ boxExpanded, boxVisible: true }),

      close: () => {
        if (get().items.some(isActive)) {
          set({ boxVisible: false });
          return;
        }
        set({ items: [], boxVisible: false, boxExpanded: false });
      },

      reset: () => {
        stopCountdown();
        set(IDLE);
      },

      addPendingAlbum: ({ tempID, name }) => {
        set((state) => ({
          pendingAlbums: { ...state.pendingAlbums, [tempID]: { tempID, name, targetJob: null } },
        }));
      },

      albumCreated: (tempID, jobId) => {
        const album = get().pendingAlbums[tempID];
        if (!album) return;
        set((state) => ({
          pendingAlbums: { ...state.pendingAlbums, [tempID]: { ...album, targetJob: jobId } },
          items: state.items.map((item) =>
            item.targetJob === tempID ? { ...item, targetJob: jobId } : item,
          ),
        }));
      },
    };
  });
}
