/*
 * The queue runner: turns the store's Enqueued items into uploads, at most five at a time
 * (SPEC §9), and maps every outcome to a SPEC §4 transition. Per item: checksum in the worker,
 * files_dedup with the upload policy (nothing sent when the server has the content), then the
 * bytes with progress. It also checks new files (SPEC §5), keeps the queue in IndexedDB and
 * raises the storage popups.
 */
import {
  RESUMABLE_UPLOAD_MIN_BYTES,
  UPLOAD_CONCURRENCY,
  UPLOAD_PROBE_BYTES,
} from '../../domain/constants';
import { storageQuotaStore } from '../../state/storageQuota';
import { isActive, type IncomingFile, type UploadItem, type UploadTarget } from './model';
import type { UploadPersistence } from './persistence';
import { STORAGE_POPUPS, type StoragePopupKind } from '../storage';
import { totalSize } from './batchSize';
import { UploadJobs } from './jobs';
import { QueueSaver } from './queueSaver';
import { RateMeter } from './rate';
import { copyToTimeline } from './timelineCopy';
import {
  batchFits,
  crossedThreshold,
  fileRejection,
  heldProgress,
  isIgnoredDrop,
  policyFor,
  sameFile,
  usesResumable,
} from './rules';
import { CANCELLED, UploadError, type SendRequest, type UploadTransport } from './transport';
import { readable, recordFailure } from './uploadFailure';
import { canStart, type NewUpload, type UploadStore } from './uploadStore';

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
  /** Milliseconds, for speed and time left (tests pass a clock). */
  now?: () => number;
}

export class UploadQueue {
  private readonly store: UploadStore;
  private readonly transport: UploadTransport;
  private readonly quota: typeof storageQuotaStore;
  private readonly concurrency: number;
  private readonly files = new Map<string, Blob>();
  private readonly inFlight = new Map<string, AbortController>();
  private readonly unsubscribe: (() => void)[] = [];
  private owner = '';
  private usedAtStart: number | null = null;
  private wasActive = false;
  private readonly saver: QueueSaver;
  private readonly jobs: UploadJobs;
  private disposed = false;
  private pumping = false;
  private pumpAgain = false;

  constructor(private readonly deps: UploadQueueDeps) {
    this.store = deps.store;
    this.transport = deps.transport;
    this.quota = deps.quota ?? storageQuotaStore;
    this.concurrency = deps.concurrency ?? UPLOAD_CONCURRENCY;
    this.jobs = new UploadJobs(this.store, this.transport);
    this.saver = new QueueSaver(
      deps.persistence,
      this.store,
      () => this.owner,
      deps.persistDelayMs,
    );
    this.unsubscribe.push(
      this.store.subscribe((state, previous) => {
        if (state.items !== previous.items) {
          this.abortCancelled(state.items.length < previous.items.length);
          this.saver.schedule();
          this.watchIdle();
        }
        if (state.pendingAlbums !== previous.pendingAlbums) this.saver.schedule();
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
      // An upload cut by the reload goes on: from the server's offset when it was resumable
      // (issue 32), else from the start (files_dedup finds it if the server kept it).
      return item.status === 'Pending'
        ? item
        : { ...item, status: 'Enqueued', retrying: false, ...heldProgress(item) };
    });
    this.store.getState().restore(items, stored.albums);
    this.saver.adopt(items);
    await this.checkPending(items.filter((item) => item.status === 'Pending'));
  }

  /** SPEC §5: checks the files of one batch and queues the good ones. */
  async addFiles(incoming: readonly IncomingFile[], target: UploadTarget): Promise<AddResult> {
    const files = incoming.filter((entry) => !isIgnoredDrop(entry.file.name));
    if (files.length === 0) return { kind: 'nothing' };
    const { jobId, isStory } = await this.jobs.resolveTarget(target);

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
      // Only an album's files have a timeline to be copied to.
      alsoTargetTimeline: isStory && target.kind === 'job' && target.alsoTargetTimeline === true,
      ...(entry.folder ? { rejectedFor: 'FileIsFolder' as const } : {}),
      ...(entry.folder && entry.safari ? { safariFolder: true } : {}),
    }));
    const fresh = new Map<string, Blob>();
    uploads.forEach((upload, index) => {
      if (!upload.rejectedFor) fresh.set(upload.id, files[index].file);
    });
    for (const [id, file] of fresh) this.files.set(id, file);
    // The files are written before their items, so a saved active item always has its file.
    this.saver.putFiles(fresh);
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
  flush(): Promise<void> {
    return this.saver.flush();
  }

  dispose(): void {
    this.disposed = true;
    for (const stop of this.unsubscribe) stop();
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    this.saver.dispose();
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

  private async run(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(item.id, controller);
    const store = () => this.store.getState();
    store().started(item.id);
    const file = this.files.get(item.id);
    try {
      if (!file) throw new UploadError('aborted', 'no file');
      const job = await this.jobs.jobFor(item.targetJob);
      // Issue 32: the service says whether it takes resumable uploads (for large files only).
      const offered =
        file.size >= RESUMABLE_UPLOAD_MIN_BYTES ? await this.transport.resumableUploads() : null;
      let checksum = item.checksum;
      let resume = item.resumable ?? null;
      if (resume && !(usesResumable(file.size, offered) && sameFile(resume, file))) {
        // Never stitched: a file changed on disk starts again, hashed again; an upload the
        // service no longer takes goes by the multipart call.
        void this.transport.discardResumable(resume.url);
        if (!sameFile(resume, file)) {
          checksum = null;
          store().setChecksum(item.id, null);
        }
        store().setResumable(item.id, null);
        resume = null;
      }
      if (!checksum) {
        checksum = await this.deps.hasher.sha1(file);
        store().setChecksum(item.id, checksum);
      }
      if (controller.signal.aborted) return;
      const mtime = Math.floor(item.mtimeMs / 1000);
      const fields = { job, path: item.name, mtime, policy: item.policy };
      let uuid = await this.transport.dedup({ ...fields, checksum });
      if (controller.signal.aborted) return;
      if (uuid === null) {
        const request: SendRequest = {
          ...fields,
          file,
          signal: controller.signal,
          onProgress: this.progressOf(item.id, file.size),
          onSent: () => store().sent(item.id),
        };
        uuid =
          offered && usesResumable(file.size, offered)
            ? await this.transport.sendResumable({
                ...request,
                checksum,
                offered,
                resume,
                onResumable: (state) => store().setResumable(item.id, state),
              })
            : await this.transport.send(request);
      }
      store().succeeded(item.id, uuid);
      if (item.alsoTargetTimeline) {
        const job = await this.jobs.timelineJob().catch(() => null);
        if (job)
          await copyToTimeline(this.transport, { job, path: item.name, mtime }, file, checksum);
      }
    } catch (error) {
      await recordFailure(this.store.getState(), item, file, error, this.deps.showPopup, (id) =>
        this.inFlight.has(id),
      );
    } finally {
      store().setRate(item.id, null);
      this.inFlight.delete(item.id);
      this.pump();
    }
  }

  /**
   * The progress callback of one send: the store's (throttled to 1%), and for large files the
   * speed and time left (issue 32), a reading at most once a second.
   */
  private progressOf(id: string, size: number): (fraction: number) => void {
    const store = this.store.getState;
    if (size < RESUMABLE_UPLOAD_MIN_BYTES) return (fraction) => store().progress(id, fraction);
    const meter = new RateMeter();
    const now = this.deps.now ?? (() => performance.now());
    return (fraction) => {
      store().progress(id, fraction);
      const at = now();
      meter.add(at, fraction * size);
      const reading = meter.reading(at, size);
      if (reading) store().setRate(id, reading);
    };
  }

  private abortCancelled(removed: boolean): void {
    if (this.inFlight.size > 0) {
      for (const item of this.store.getState().items) {
        if (item.status === 'Cancelled') this.inFlight.get(item.id)?.abort(CANCELLED);
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
}
