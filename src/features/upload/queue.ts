/*
 * The queue runner: turns the store's Enqueued items into uploads, at most five at a time
 * (SPEC §9), and maps every outcome to a SPEC §4 transition. Per item: checksum in the worker,
 * files_dedup with the upload policy (nothing sent when the server has the content), then the
 * bytes with progress. It also checks new files (SPEC §5), keeps the queue in IndexedDB and
 * raises the storage popups.
 */
import { UPLOAD_CONCURRENCY, UPLOAD_PROBE_BYTES } from '../../domain/constants';
import { storageQuotaStore } from '../../state/storageQuota';
import { isActive, type RejectReason, type UploadItem } from './model';
import type { UploadPersistence } from './persistence';
import { STORAGE_POPUPS, type StoragePopupKind } from '../storage';
import { totalSize } from './batchSize';
import { batchFits, crossedThreshold, fileRejection, isIgnoredDrop, policyFor } from './rules';
import { UploadError, type UploadTransport } from './transport';
import { canStart, type NewUpload, type UploadStore } from './uploadStore';

export type UploadTarget =
  | { kind: 'timeline' }
  | { kind: 'job'; jobId: string }
  /** SPEC: an album with a temporary id, created on its first upload. */
  | { kind: 'pendingAlbum'; tempID: string; name: string };

/** One file of a batch; `folder` marks a dropped directory (SPEC §5: folders cannot be uploaded). */
export interface IncomingFile {
  file: File;
  folder?: boolean;
  /** The folder came from Safari, which cannot read folders at all. */
  safari?: boolean;
}

export type AddResult =
  { kind: 'added'; count: number } | { kind: 'rejectedNoSpace' } | { kind: 'nothing' };

export interface UploadQueueDeps {
  store: UploadStore;
  transport: UploadTransport;
  hasher: { sha1: (file: Blob) => Promise<string> };
  persistence?: UploadPersistence | null;
  quota?: typeof storageQuotaStore;
  showPopup?: (kind: StoragePopupKind) => void;
  /** The queue went idle after uploads: refresh what shows the account's used space. */
  onIdle?: () => void;
  confirmStop?: () => Promise<boolean>;
  concurrency?: number;
  newId?: () => string;
  /** Coalesces IndexedDB writes (ms). */
  persistDelayMs?: number;
}

/** IndexedDB writes of new files per transaction (each File is cloned on the main thread). */
const FILES_PER_TRANSACTION = 50;

const isReadError = (error: unknown): boolean =>
  error instanceof DOMException ||
  (error instanceof Error &&
    /NotReadable|NotFound|NotAllowed/.test(`${error.name} ${error.message}`));

async function readable(file: Blob, bytes: number): Promise<boolean> {
  try {
    await file.slice(0, bytes).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

export class UploadQueue {
  private readonly store: UploadStore;
  private readonly transport: UploadTransport;
  private readonly quota: typeof storageQuotaStore;
  private readonly concurrency: number;
  private readonly files = new Map<string, Blob>();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly creatingAlbums = new Map<string, Promise<string>>();
  private owner = '';
  private defaultJob: Promise<string> | null = null;
  private usedAtStart: number | null = null;
  private wasActive = false;
  private saved = new Map<string, UploadItem>();
  private savedAlbums: unknown = null;
  private persistTimer: ReturnType<typeof setTimeout> | null = null;
  private persisting: Promise<void> = Promise.resolve();
  private disposed = false;
  private pumping = false;
  private pumpAgain = false;

  constructor(private readonly deps: UploadQueueDeps) {
    this.store = deps.store;
    this.transport = deps.transport;
    this.quota = deps.quota ?? storageQuotaStore;
    this.concurrency = deps.concurrency ?? UPLOAD_CONCURRENCY;
    this.unsubscribe.push(
      this.store.subscribe((state, previous) => {
        if (state.items !== previous.items) {
          this.abortCancelled(state.items.length < previous.items.length);
          this.schedulePersist();
          this.watchIdle();
        }
        if (state.pendingAlbums !== previous.pendingAlbums) this.schedulePersist();
        this.pump();
      }),
      // SPEC §4: out-of-storage clears on delete, restore, purchase or plan change.
      this.quota.subscribe((state, previous) => {
        if (
          state.freedSerial !== previous.freedSerial ||
          state.outOfStorage !== previous.outOfStorage
        ) {
          this.pump();
        }
      }),
    );
  }

  /** Loads the queue left by a reload or crash (for this account) and resumes it. */
  async resume(owner: string): Promise<void> {
    this.owner = owner;
    const persistence = this.deps.persistence;
    if (!persistence) return;
    let stored;
    try {
      stored = await persistence.load(owner);
    } catch (error) {
      console.error('[upload] the saved queue could not be read', error);
      return;
    }
    const items = stored.items.map<UploadItem>((item) => {
      if (!isActive(item)) return item;
      const file = stored.files.get(item.id);
      if (!file) return { ...item, status: 'Rejected', statusReason: 'LocalFileUnavailable' };
      this.files.set(item.id, file);
      // An upload cut by the reload starts again; files_dedup finds it if the server kept it.
      return item.status === 'Pending' ? item : { ...item, status: 'Enqueued', uploadedPercent: 0 };
    });
    for (const item of items) this.saved.set(item.id, item);
    this.store.getState().restore(items, stored.albums);
    this.savedAlbums = this.store.getState().pendingAlbums;
    await this.checkPending(items.filter((item) => item.status === 'Pending'));
  }

  /** SPEC §5: checks the files of one batch and queues the good ones. */
  async addFiles(incoming: readonly IncomingFile[], target: UploadTarget): Promise<AddResult> {
    const files = incoming.filter((entry) => !isIgnoredDrop(entry.file.name));
    if (files.length === 0) return { kind: 'nothing' };
    const { jobId, isStory } = await this.resolveTarget(target);

    const batchBytes = await totalSize(files);
    const account = await this.transport.account().catch(() => null);
    if (account) {
      this.owner ||= account.uuid;
      this.quota.getState().setQuota({ usedSpace: account.usedSpace, maxSpace: account.maxSpace });
    }
    const { usedSpace, maxSpace } = this.quota.getState();
    const queuedBytes = this.store
      .getState()
      .items.filter((item) => isActive(item) && item.status !== 'BackendSucceeded')
      .reduce((sum, item) => sum + item.size, 0);
    if (!batchFits({ batchBytes, usedSpace, maxSpace, queuedBytes, targetIsStory: isStory })) {
      // SPEC §8: "Rejecting file additions: There is not enough space", with the storage popup.
      this.deps.showPopup?.(STORAGE_POPUPS.addedMoreThanAvailable);
      return { kind: 'rejectedNoSpace' };
    }
    if (!this.store.getState().items.some(isActive)) this.usedAtStart = usedSpace;

    const newId = this.deps.newId ?? (() => crypto.randomUUID());
    const uploads = files.map<NewUpload>((entry) => ({
      id: newId(),
      targetJob: jobId,
      name: entry.file.name,
      size: entry.file.size,
      mtimeMs: entry.file.lastModified,
      policy: policyFor(isStory),
      ...(entry.folder ? { rejectedFor: 'FileIsFolder' as const } : {}),
      ...(entry.folder && entry.safari ? { safariFolder: true } : {}),
    }));
    const fresh = new Map<string, Blob>();
    uploads.forEach((upload, index) => {
      if (!upload.rejectedFor) fresh.set(upload.id, files[index].file);
    });
    for (const [id, file] of fresh) this.files.set(id, file);
    // The files are written before their items, so a saved active item always has its file;
    // in groups, one transaction each, so a thousand files never block the page in one task.
    const entries = [...fresh];
    for (let i = 0; i < entries.length; i += FILES_PER_TRANSACTION) {
      const group = new Map(entries.slice(i, i + FILES_PER_TRANSACTION));
      this.persisting = this.persisting
        .then(() => this.deps.persistence?.putFiles(group))
        .catch((error: unknown) => console.error('[upload] files could not be saved', error));
    }
    const added = this.store.getState().add(uploads);
    await this.checkPending(added.filter((item) => item.status === 'Pending'));
    return { kind: 'added', count: added.length };
  }

  /** SPEC §4: stop asks yes/no, then cancels what has not been sent. */
  async requestStop(): Promise<void> {
    const state = this.store.getState();
    if (state.pendingStop) return;
    state.setPendingStop(true);
    let confirmed = false;
    try {
      confirmed = (await this.deps.confirmStop?.()) ?? true;
    } finally {
      if (confirmed) this.store.getState().stop();
      else this.store.getState().setPendingStop(false);
    }
  }

  /** Starts what may start: SPEC §4 conditions, five at a time, one probe while retrying. */
  pump(): void {
    // Starting an item updates the store, whose listener pumps again: not re-entrantly, so
    // items start (and reach the server) in queue order.
    if (this.disposed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        this.startNext();
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }

  private startNext(): void {
    const state = this.store.getState();
    if (!canStart(state, this.quota.getState().outOfStorage)) return;
    const limit = state.connection === 'Retrying' ? 1 : this.concurrency;
    for (const item of state.items) {
      if (this.inFlight.size >= limit) return;
      if (item.status === 'Enqueued' && !this.inFlight.has(item.id)) void this.run(item);
    }
  }

  hasFile(id: string): boolean {
    return this.files.has(id);
  }

  /** Resolves when pending IndexedDB writes are done (tests, and before a planned unload). */
  async flush(): Promise<void> {
    if (this.persistTimer !== null) {
      clearTimeout(this.persistTimer);
      this.persistTimer = null;
      this.persist();
    }
    await this.persisting;
  }

  dispose(): void {
    this.disposed = true;
    for (const stop of this.unsubscribe) stop();
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    if (this.persistTimer !== null) clearTimeout(this.persistTimer);
  }

  private async resolveTarget(target: UploadTarget): Promise<{ jobId: string; isStory: boolean }> {
    if (target.kind === 'pendingAlbum') {
      const state = this.store.getState();
      if (!state.pendingAlbums[target.tempID]) state.addPendingAlbum(target);
      const created = this.store.getState().pendingAlbums[target.tempID]?.targetJob;
      return { jobId: created ?? target.tempID, isStory: true };
    }
    if (target.kind === 'job') {
      const type = await this.transport.jobType(target.jobId).catch(() => null);
      return { jobId: target.jobId, isStory: type === 'story' };
    }
    return { jobId: await this.timelineJob(), isStory: false };
  }

  private timelineJob(): Promise<string> {
    this.defaultJob ??= this.transport.defaultJob().catch((error: unknown) => {
      this.defaultJob = null;
      throw error;
    });
    return this.defaultJob;
  }

  private async checkPending(items: readonly UploadItem[]): Promise<void> {
    // A few reads at a time (a thousand at once would queue up I/O), and one store update per
    // group, so a big batch costs a few renders rather than one per file.
    const group = 32;
    for (let i = 0; i < items.length; i += group) {
      const results = await Promise.all(
        items.slice(i, i + group).map(async (item) => {
          const file = this.files.get(item.id);
          const ok = file ? await readable(file, UPLOAD_PROBE_BYTES) : false;
          const reason = file
            ? fileRejection({ name: item.name, size: item.size, readable: ok })
            : 'LocalFileUnavailable';
          return { id: item.id, reason };
        }),
      );
      this.store.getState().checkedAll(results);
    }
  }

  /** The real job of a target, creating a pending album on its first upload (once). */
  private async jobFor(targetJob: string): Promise<string> {
    const album = this.store.getState().pendingAlbums[targetJob];
    if (!album) return targetJob;
    if (album.targetJob) return album.targetJob;
    let creating = this.creatingAlbums.get(targetJob);
    if (!creating) {
      creating = this.transport.createAlbum(album.name).then((jobId) => {
        this.store.getState().albumCreated(targetJob, jobId);
        return jobId;
      });
      creating.catch(() => this.creatingAlbums.delete(targetJob));
      this.creatingAlbums.set(targetJob, creating);
    }
    return creating;
  }

  private async run(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(item.id, controller);
    const store = () => this.store.getState();
    store().started(item.id);
    const file = this.files.get(item.id);
    try {
      if (!file) throw new UploadError('aborted', 'no file');
      const job = await this.jobFor(item.targetJob);
      let checksum = item.checksum;
      if (!checksum) {
        checksum = await this.deps.hasher.sha1(file);
        store().setChecksum(item.id, checksum);
      }
      if (controller.signal.aborted) return;
      const mtime = Math.floor(item.mtimeMs / 1000);
      const fields = { job, path: item.name, mtime, policy: item.policy };
      let uuid = await this.transport.dedup({ ...fields, checksum });
      if (controller.signal.aborted) return;
      uuid ??= await this.transport.send({
        ...fields,
        file,
        signal: controller.signal,
        onProgress: (fraction) => store().progress(item.id, fraction),
        onSent: () => store().sent(item.id),
      });
      store().succeeded(item.id, uuid);
      if (item.alsoTargetTimeline) await this.copyToTimeline(item, checksum, mtime);
    } catch (error) {
      await this.failed(item, file, error);
    } finally {
      this.inFlight.delete(item.id);
      this.pump();
    }
  }

  private async copyToTimeline(item: UploadItem, checksum: string, mtime: number): Promise<void> {
    try {
      const job = await this.timelineJob();
      await this.transport.dedup({ job, path: item.name, checksum, mtime, policy: 'once_only' });
    } catch (error) {
      // The album upload succeeded; a missing timeline copy is not worth failing it for.
      console.warn('[upload] the timeline copy failed', error);
    }
  }

  /** SPEC §4/§8: what each failure does to the item and the uploader. */
  private async failed(item: UploadItem, file: Blob | undefined, error: unknown): Promise<void> {
    const state = this.store.getState();
    const reject = (reason: RejectReason) => state.rejected(item.id, reason);
    if (!(error instanceof UploadError)) {
      if (isReadError(error)) reject('LocalFileUnavailable');
      else {
        console.error('[upload] unexpected failure', error);
        reject('Unknown');
      }
      return;
    }
    switch (error.kind) {
      case 'aborted':
        if (!file) reject('LocalFileUnavailable');
        return;
      case 'network':
      case 'server':
        // A file that went away mid-send looks like a network error: tell the two apart.
        if (file && !(await readable(file, 1))) reject('LocalFileUnavailable');
        else state.failed(item.id);
        return;
      case 'outOfStorage':
        state.noStorage(item.id);
        this.deps.showPopup?.(STORAGE_POPUPS.addedMoreThanAvailable);
        return;
      case 'tooLarge':
        reject('TooLargeFile');
        return;
      case 'fileWasDeleted':
        reject('FileWasDeleted');
        return;
      case 'rejected':
        // SPEC §8: FileError ("File rejected by server") maps to UnSupported.
        reject('UnSupported');
        return;
      case 'invalidName':
        reject('InvalidName');
        return;
      case 'readOnly':
        // SPEC §6: without a subscription nothing can be saved, so nothing waiting is tried.
        // Files already on their way settle on their own (the server may have stored them).
        reject('ReadOnly');
        for (const other of state.items) {
          if (isActive(other) && !this.inFlight.has(other.id)) state.rejected(other.id, 'ReadOnly');
        }
        return;
      case 'jobDeleted':
        // SPEC §8: uploading into a deleted job is ignored: every item bound for it is dropped.
        for (const other of state.items) {
          if (other.targetJob === item.targetJob && isActive(other)) state.ignored(other.id);
        }
        state.ignored(item.id);
        return;
      case 'unauthorized':
        // Nothing can go until the user signs in again; the item waits.
        state.requeue(item.id);
        state.setPaused(true);
        return;
    }
  }

  private abortCancelled(removed: boolean): void {
    if (this.inFlight.size > 0) {
      for (const item of this.store.getState().items) {
        if (item.status === 'Cancelled') this.inFlight.get(item.id)?.abort();
      }
    }
    // Items removed from the store (queue cleared) release their files.
    if (removed && this.files.size > 0) {
      const present = new Set(this.store.getState().items.map((item) => item.id));
      for (const id of this.files.keys()) if (!present.has(id)) this.files.delete(id);
    }
  }

  private watchIdle(): void {
    const active = this.store.getState().items.some(isActive);
    if (this.wasActive && !active) void this.afterBatch();
    this.wasActive = active;
  }

  /** SPEC §8/§9: after an upload, the used space updates and may cross 80% or 95%. */
  private async afterBatch(): Promise<void> {
    const before = this.usedAtStart;
    this.usedAtStart = null;
    this.deps.onIdle?.();
    const account = await this.transport.account().catch(() => null);
    if (!account) return;
    this.quota.getState().setQuota({ usedSpace: account.usedSpace, maxSpace: account.maxSpace });
    if (before == null) return;
    const crossed = crossedThreshold(before, account.usedSpace, account.maxSpace);
    if (crossed)
      this.deps.showPopup?.(
        crossed === 'above95' ? STORAGE_POPUPS.above95 : STORAGE_POPUPS.above80,
      );
  }

  private schedulePersist(): void {
    if (!this.deps.persistence || this.persistTimer !== null) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = null;
      this.persist();
    }, this.deps.persistDelayMs ?? 250);
  }

  private persist(): void {
    const persistence = this.deps.persistence;
    if (!persistence || !this.owner) return;
    const { items, pendingAlbums } = this.store.getState();
    const changed: UploadItem[] = [];
    const ended: string[] = [];
    const present = new Set<string>();
    for (const item of items) {
      present.add(item.id);
      const before = this.saved.get(item.id);
      if (before === item) continue;
      changed.push(item);
      if (!isActive(item) && (!before || isActive(before))) ended.push(item.id);
      this.saved.set(item.id, item);
    }
    const removed = [...this.saved.keys()].filter((id) => !present.has(id));
    for (const id of removed) this.saved.delete(id);
    const albumsChanged = pendingAlbums !== this.savedAlbums;
    this.savedAlbums = pendingAlbums;
    const owner = this.owner;
    this.persisting = this.persisting
      .then(async () => {
        if (changed.length > 0) await persistence.putItems(owner, changed);
        if (ended.length > 0) await persistence.removeFiles(ended);
        if (removed.length > 0) await persistence.removeItems(removed);
        if (albumsChanged) await persistence.putAlbums(owner, Object.values(pendingAlbums));
      })
      .catch((error: unknown) => console.error('[upload] the queue could not be saved', error));
  }
}
