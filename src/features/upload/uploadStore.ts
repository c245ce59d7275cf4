import { createStore } from 'zustand/vanilla';
import { UPLOAD_OFFLINE_RETRY_S } from '../../domain/constants';
import { storageQuotaStore } from '../../state/storageQuota';
import { isActive, type UploadItem } from './model';
import { heldProgress, progressChanged } from './rules';
import { IDLE, type UploadState, type UploadStore, type UploadStoreOptions } from './uploadState';

export {
  canStart,
  type NewUpload,
  type UploadState,
  type UploadStore,
  type UploadStoreOptions,
} from './uploadState';

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
      get().connection === 'Online' && !get().waitingForNetwork
        ? {}
        : { connection: 'Online', countdown: 0, waitingForNetwork: false };
    const startCountdown = () => {
      if (countdownTimer === null) countdownTimer = setInterval(() => get().tick(), 1000);
    };
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
          // Offline, nothing starts: the panel opens at once and says why (issue 34.8).
          ...(rejectedAny || state.waitingForNetwork ? { boxVisible: true } : {}),
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

      setResumable: (id, resumable) => {
        update(
          id,
          (item) => isActive(item),
          () => (resumable ? { resumable } : { resumable: null, resuming: false }),
        );
      },

      setRate: (id, rate) => {
        const { rates } = get();
        if (!rate && !(id in rates)) return;
        const next = { ...rates };
        if (rate) next[id] = rate;
        else delete next[id];
        set({ rates: next });
      },

      restart: (id, forgetChecksum) => {
        const item = get().items.find((candidate) => candidate.id === id);
        if (!item || (item.status !== 'Uploading' && item.status !== 'BackendSucceeded')) return;
        const restarts = (item.restarts ?? 0) + 1;
        update(
          id,
          () => true,
          () => ({
            resumable: null,
            resuming: false,
            restarts,
            ...(forgetChecksum ? { checksum: null } : {}),
          }),
        );
        if (restarts > 1) get().failed(id);
        else get().requeue(id);
      },

      started: (id) => {
        const idle = !get().items.some((item) => item.status === 'Uploading');
        update(
          id,
          (item) => item.status === 'Enqueued',
          (item) => ({ status: 'Uploading', ...heldProgress(item) }),
          idle ? { boxVisible: true } : {},
        );
      },

      progress: (id, fraction) => {
        const clamped = Math.max(0, Math.min(1, fraction));
        update(
          id,
          (item) =>
            item.status === 'Uploading' &&
            (progressChanged(item.uploadedPercent, clamped) || item.resuming === true),
          (item) => ({
            uploadedPercent: clamped,
            retrying: false,
            resuming: false,
            // The offset a reload resumes from (the server's HEAD has the last word).
            ...(item.resumable
              ? { resumable: { ...item.resumable, offset: Math.round(clamped * item.size) } }
              : {}),
          }),
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
        // Offline, the countdown waits for the connection to come back.
        const waiting = get().waitingForNetwork;
        const changed = update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          (item) => ({ status: 'Enqueued', ...heldProgress(item), retrying: true }),
          { connection: 'Offline', countdown: waiting ? 0 : UPLOAD_OFFLINE_RETRY_S },
        );
        if (changed && !waiting) startCountdown();
      },

      noStorage: (id) => {
        const starts = !quota.getState().outOfStorage;
        update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          (item) => ({ status: 'Enqueued', ...heldProgress(item) }),
        );
        quota.getState().markOutOfStorage();
        return starts;
      },

      requeue: (id) => {
        update(
          id,
          (item) => item.status === 'Uploading' || item.status === 'BackendSucceeded',
          (item) => ({ status: 'Enqueued', ...heldProgress(item) }),
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
        const { connection, countdown, waitingForNetwork } = get();
        if (connection !== 'Offline' || waitingForNetwork) {
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

      networkLost: () => {
        stopCountdown();
        set((state) => ({
          waitingForNetwork: true,
          connection: 'Offline',
          countdown: 0,
          boxVisible: state.boxVisible || state.items.some(isActive),
        }));
      },

      networkBack: () => {
        if (!get().waitingForNetwork) return;
        // Nothing waits: simply online. Files wait: the SPEC countdown, then a retry.
        if (!get().items.some(isActive)) {
          set({ waitingForNetwork: false, connection: 'Online', countdown: 0 });
          return;
        }
        set({ waitingForNetwork: false, countdown: UPLOAD_OFFLINE_RETRY_S });
        startCountdown();
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
