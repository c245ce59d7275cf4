import { isActive, type UploadItem } from './model';
import type { UploadPersistence } from './persistence';
import type { UploadStore } from './uploadStore';

/** IndexedDB writes of new files per transaction (each File is cloned on the main thread). */
const FILES_PER_TRANSACTION = 50;
const DEFAULT_DELAY_MS = 250;

/**
 * Keeps the upload queue in IndexedDB (SPEC: nothing active is lost across a reload): writes
 * are coalesced, only what changed since the last write is written, and every write waits for
 * the one before it, so a saved active item always finds its file saved first.
 */
export class QueueSaver {
  private readonly saved = new Map<string, UploadItem>();
  private savedAlbums: unknown = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly persistence: UploadPersistence | null | undefined,
    private readonly store: UploadStore,
    /** The account the queue belongs to; nothing is written before it is known. */
    private readonly ownerOf: () => string,
    private readonly delayMs = DEFAULT_DELAY_MS,
  ) {}

  /** What was just restored from storage is saved already. */
  adopt(items: readonly UploadItem[]): void {
    for (const item of items) this.saved.set(item.id, item);
    this.savedAlbums = this.store.getState().pendingAlbums;
  }

  /** Saves new files, in groups of one transaction each: a thousand never block one task. */
  putFiles(files: ReadonlyMap<string, Blob>): void {
    const entries = [...files];
    for (let i = 0; i < entries.length; i += FILES_PER_TRANSACTION) {
      const group = new Map(entries.slice(i, i + FILES_PER_TRANSACTION));
      this.writes = this.writes
        .then(() => this.persistence?.putFiles(group))
        .catch((error: unknown) => console.error('[upload] files could not be saved', error));
    }
  }

  /** The store changed: write it soon. */
  schedule(): void {
    if (!this.persistence || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.write();
    }, this.delayMs);
  }

  /** Resolves when pending writes are done (tests, and before a planned unload). */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.write();
    }
    await this.writes;
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private write(): void {
    const persistence = this.persistence;
    const owner = this.ownerOf();
    if (!persistence || !owner) return;
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
    this.writes = this.writes
      .then(async () => {
        if (changed.length > 0) await persistence.putItems(owner, changed);
        if (ended.length > 0) await persistence.removeFiles(ended);
        if (removed.length > 0) await persistence.removeItems(removed);
        if (albumsChanged) await persistence.putAlbums(owner, Object.values(pendingAlbums));
      })
      .catch((error: unknown) => console.error('[upload] the queue could not be saved', error));
  }
}
