/*
 * The upload store's shape (SPEC §4 upload item and uploader flags): its state and actions, and
 * what may start next. The actions are implemented in uploadStore.ts.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { UploadPolicy } from '../../api/contract/uploads';
import type { storageQuotaStore } from '../../state/storageQuota';
import type {
  PendingAlbum,
  RejectReason,
  ResumableState,
  UploadItem,
  UploadRate,
  UploaderConnection,
} from './model';

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
  /**
   * The app is offline (SPEC §4 connectivity, §8 "No Internet connection"): the uploader is
   * Offline without a countdown, which starts once the connection is back (issue 34.8).
   */
  waitingForNetwork: boolean;
  paused: boolean;
  /** The stop confirmation is open: nothing new starts meanwhile. */
  pendingStop: boolean;
  boxVisible: boolean;
  boxExpanded: boolean;
  pendingAlbums: Record<string, PendingAlbum>;
  nextIndex: number;
  /** Issue 32: speed and time left of large files uploading now (by item id; not persisted). */
  rates: Record<string, UploadRate>;

  add: (uploads: readonly NewUpload[]) => UploadItem[];
  /** Items read back from storage after a reload. */
  restore: (items: readonly UploadItem[], pendingAlbums?: readonly PendingAlbum[]) => void;
  /** Pending → Enqueued, or Rejected with the reason of a failed check. */
  checked: (id: string, reason: RejectReason | null) => void;
  /** `checked` for many items in one update (a batch of a thousand files is one render, not a thousand). */
  checkedAll: (results: readonly { id: string; reason: RejectReason | null }[]) => void;
  setChecksum: (id: string, checksum: string | null) => void;
  /** Issue 32: the resumable upload the item's bytes go to (null: none, start a new one). */
  setResumable: (id: string, resumable: ResumableState | null) => void;
  /** Issue 32: the item's speed and time left (null when it stops sending). */
  setRate: (id: string, rate: UploadRate | null) => void;
  /**
   * Issue 32: the item starts again from its file (its resumable upload is gone, or the file is
   * not the one hashed: `forgetChecksum`). Back to Enqueued at once; from the second restart on,
   * as a failed attempt (the offline countdown), so a server that keeps refusing is not hammered.
   */
  restart: (id: string, forgetChecksum: boolean) => void;
  started: (id: string) => void;
  progress: (id: string, fraction: number) => void;
  /** Every byte sent: the server is processing (shown as processing). */
  sent: (id: string) => void;
  succeeded: (id: string, fileUUID: string) => void;
  rejected: (id: string, reason: RejectReason) => void;
  /** A failed attempt (network, server error): back to Enqueued and the uploader Offline. */
  failed: (id: string) => void;
  /**
   * 413: back to Enqueued and the shared out-of-storage flag set. True when this answer starts
   * the out-of-storage spell (the flag was not set), false for the other files of the batch that
   * were already on their way and meet the same full quota.
   */
  noStorage: (id: string) => boolean;
  /** Back to Enqueued without blame (e.g. the session must be renewed first). */
  requeue: (id: string) => void;
  /** Uploads into a job that was deleted are dropped without an error (SPEC §8). */
  ignored: (id: string) => void;
  cancel: (ids: readonly string[]) => void;
  /** SPEC §4: cancels items Enqueued (or still Pending) or Uploading under 100%. */
  stop: () => string[];
  /** One second of the offline countdown; at 0 the uploader moves to Retrying. */
  tick: () => void;
  /** The app went offline: nothing starts, the panel says so while files wait. */
  networkLost: () => void;
  /** The app is back online: the SPEC §9 countdown of 4 s, then a retry. */
  networkBack: () => void;
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
export const IDLE: Pick<
  UploadState,
  | 'items'
  | 'connection'
  | 'countdown'
  | 'waitingForNetwork'
  | 'paused'
  | 'pendingStop'
  | 'boxVisible'
  | 'boxExpanded'
  | 'pendingAlbums'
  | 'rates'
> = {
  items: [],
  connection: 'Online',
  countdown: 0,
  waitingForNetwork: false,
  paused: false,
  pendingStop: false,
  boxVisible: false,
  boxExpanded: false,
  pendingAlbums: {},
  rates: {},
};
