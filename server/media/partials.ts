import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';

/**
 * Issue 32: resumable uploads while they are partial. The bytes are @tus/file-store's
 * (DATA_DIR/partials/<id>, with <id>.json holding the length and metadata the upload was created
 * with; the offset is the data file's size). A partial is no file of anyone's: it counts toward
 * no quota and shows nowhere until `adopt` hands its bytes to the blob store. Partials nobody
 * wrote to for `idleSeconds` are removed by `sweep`.
 */
export interface PartialUpload {
  id: string;
  /** Declared length (tus Upload-Length); undefined only for deferred lengths, never created. */
  size: number | undefined;
  /** Bytes received so far. */
  offset: number;
  metadata: Record<string, string | null>;
  /** The data file, for hashing and moving. */
  file: string;
}

/** tus upload ids made by `newId`: 32 hex digits (what @tus/server's default would make). */
export const PARTIAL_ID = /^[0-9a-f]{32}$/;

/** An abandoned partial is removed a day after its last byte arrived (issue 32). */
export const PARTIAL_IDLE_SECONDS = 24 * 3600;

export class PartialUploads {
  readonly directory: string;
  private fileStore: FileStore | null = null;
  /** Partials being finished: a second finish of the same one waits its turn (busy). */
  private readonly claimed = new Set<string>();

  constructor(
    dataDir: string,
    readonly idleSeconds = PARTIAL_IDLE_SECONDS,
  ) {
    this.directory = path.join(dataDir, 'partials');
  }

  /**
   * The tus store, made on first use (it creates its directory in the background, which must
   * not outlive a server that never took an upload).
   */
  get store(): FileStore {
    if (!this.fileStore) {
      fs.mkdirSync(this.directory, { recursive: true });
      // No expiration period in the store: its rule counts from creation, which would end a
      // 200 GiB upload on a slow line mid-way. Ours counts from the last byte (sweep).
      this.fileStore = new FileStore({ directory: this.directory });
    }
    return this.fileStore;
  }

  /** The partial, or null when there is none by that id (or it is malformed). */
  async find(id: string): Promise<PartialUpload | null> {
    if (!PARTIAL_ID.test(id)) return null;
    try {
      const upload = await this.store.getUpload(id);
      return {
        id,
        size: upload.size,
        offset: upload.offset,
        metadata: upload.metadata ?? {},
        file: path.join(this.directory, id),
      };
    } catch {
      return null;
    }
  }

  /** Marks the partial as being finished; false when it already is. */
  claim(id: string): boolean {
    if (this.claimed.has(id)) return false;
    this.claimed.add(id);
    return true;
  }

  release(id: string): void {
    this.claimed.delete(id);
  }

  /** When the partial last received bytes (unix seconds), or null if it has no data file. */
  async lastWrite(id: string): Promise<number | null> {
    if (!PARTIAL_ID.test(id)) return null;
    try {
      return Math.floor((await fs.promises.stat(path.join(this.directory, id))).mtimeMs / 1000);
    } catch {
      return null;
    }
  }

  /** SHA-1 of the bytes received (read in one pass; the file is not held in memory). */
  async sha1(partial: PartialUpload): Promise<string> {
    const hash = createHash('sha1');
    await pipeline(fs.createReadStream(partial.file, { highWaterMark: 1024 * 1024 }), hash);
    return hash.digest('hex');
  }

  /**
   * Moves the partial's bytes to `target` (a path on the same disk: a rename) and forgets the
   * partial. Afterwards the id is unknown, as if it never existed.
   */
  async adopt(partial: PartialUpload, target: string): Promise<void> {
    await fs.promises.rename(partial.file, target);
    await fs.promises.rm(`${partial.file}.json`, { force: true });
  }

  /** Removes a partial and its bytes (termination, a bad checksum, expiry). */
  async remove(id: string): Promise<void> {
    if (!PARTIAL_ID.test(id)) return;
    await fs.promises.rm(path.join(this.directory, id), { force: true });
    await fs.promises.rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  /**
   * Removes every partial whose last byte (or, without bytes, its creation) is older than
   * `idleSeconds` before `now` (unix seconds), and anything in the directory that is not a
   * partial's file; returns how many partials went.
   */
  async sweep(now: number): Promise<number> {
    if (!fs.existsSync(this.directory)) return 0;
    const names = await fs.promises.readdir(this.directory);
    const ids = new Set<string>();
    for (const name of names) {
      const id = name.endsWith('.json') ? name.slice(0, -5) : name;
      if (PARTIAL_ID.test(id)) ids.add(id);
      else await fs.promises.rm(path.join(this.directory, name), { recursive: true, force: true });
    }
    let removed = 0;
    for (const id of ids) {
      const last = await this.lastTouched(id);
      if (last !== null && now - last < this.idleSeconds) continue;
      await this.remove(id);
      removed++;
    }
    return removed;
  }

  /** The newest mtime of the partial's two files (seconds), or null when both are gone. */
  private async lastTouched(id: string): Promise<number | null> {
    let newest: number | null = null;
    for (const name of [id, `${id}.json`]) {
      try {
        const mtime = (await fs.promises.stat(path.join(this.directory, name))).mtimeMs / 1000;
        newest = Math.max(newest ?? 0, Math.floor(mtime));
      } catch {
        // That half is missing: the other one decides.
      }
    }
    return newest;
  }
}
