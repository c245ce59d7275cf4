/**
 * Messages between the app (src/platform/serviceWorker.ts) and the service worker (sw.ts).
 * The worker never sees the login token at rest: the app sends its SHA-256 only, and the worker
 * compares it with the hash of a thumbnail URL's token before caching or answering from cache.
 */

/** The Cache API cache of thumbnails; the app deletes it on logout even without the worker. */
export const THUMB_CACHE = 'capture-thumbs-v1';
/** The worker's own bookkeeping (who is signed in, the LRU index): no tokens, no pixels. */
export const META_CACHE = 'capture-thumbs-meta-v1';
/**
 * The app itself (the page, its hashed assets, its config) for offline starts: nobody's data,
 * so it survives a logout; a new worker version drops the old one's.
 */
export const SHELL_CACHE = 'capture-shell-v1';

export interface SwIdentity {
  /** The account's uuid: every cache key starts with it. */
  user: string;
  /** SHA-256 (hex) of the login token the thumbnail URLs carry. */
  tokenHash: string;
  /** Byte budget of the thumbnail cache; unset, the worker picks one by device class. */
  budgetBytes?: number;
}

export type SwMessage =
  | { type: 'identity'; identity: SwIdentity }
  | { type: 'logout' }
  | { type: 'skipWaiting' }
  /** Answered on the message's port with SwStats. */
  | { type: 'stats' };

export interface SwStats {
  version: string;
  user: string | null;
  entries: number;
  bytes: number;
  budgetBytes: number;
  hits: number;
  misses: number;
  /** Since the worker started: entries the LRU dropped to stay within the budget. */
  evicted: number;
  /** Since the worker started: bytes of thumbnails put into the cache. */
  storedBytes: number;
  /**
   * Writes not landed yet: thumbnails fetched on a miss and not yet put into the cache, and the
   * LRU index save while it is scheduled or being written. 0: what a next visit would find in
   * the caches is all there (the revisit bench waits for it instead of sleeping).
   */
  pendingWrites: number;
}

/**
 * Counts writes started and not landed yet. `begin` covers a write before its promise exists
 * (a miss whose fetch is still running); `track` covers a promise until it settles.
 */
export class PendingWrites {
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** One write under way; the returned function ends it (once, however often called). */
  begin(): () => void {
    this.count++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count--;
    };
  }

  track<T>(write: Promise<T>): Promise<T> {
    const end = this.begin();
    return write.finally(end);
  }
}

/**
 * A save run at most once per `intervalMs`: `schedule` starts the timer unless one is running.
 * `pending` is 1 from the schedule until the save's promise settles, 0 otherwise.
 */
export class ThrottledSave {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly writes = new PendingWrites();

  constructor(
    private readonly save: () => Promise<unknown> | undefined,
    private readonly intervalMs: number,
  ) {}

  get pending(): number {
    return (this.timer ? 1 : 0) + this.writes.size;
  }

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const write = this.save();
      if (write) void this.writes.track(write).catch(() => undefined);
    }, this.intervalMs);
  }

  /** Drops a scheduled save (a save already being written still lands). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The LRU byte budget per device class (navigator.deviceMemory, GB; unknown counts as mid). */
export function thumbBudgetBytes(deviceMemoryGb: number | undefined): number {
  const MB = 1024 * 1024;
  if (deviceMemoryGb !== undefined && deviceMemoryGb <= 2) return 64 * MB;
  if (deviceMemoryGb === undefined || deviceMemoryGb <= 4) return 192 * MB;
  return 384 * MB;
}

/**
 * The cache key of a thumbnail request, or null when it is not one the worker may cache: the
 * SPEC §7 route `/th/3/{fileId}?area=256|1280&share={jobId}&token=…`, no share key (a visitor's
 * link read), no trash route. The key holds the user, job, file and size only, never the token.
 */
export function thumbnailKey(
  url: URL,
  user: string,
  origin: string,
): { key: string; token: string } | null {
  const match = /^\/th\/3\/([^/]+)$/.exec(url.pathname);
  if (!match) return null;
  const area = url.searchParams.get('area');
  const token = url.searchParams.get('token');
  const job = url.searchParams.get('share');
  if ((area !== '256' && area !== '1280') || !token || !job) return null;
  if (url.searchParams.has('key')) return null;
  const part = (value: string) => encodeURIComponent(value);
  return {
    key: `${origin}/__thumbs/${part(user)}/${part(job)}/${match[1]}/${area}`,
    token,
  };
}

/**
 * Least-recently-used bookkeeping of the cached thumbnails by bytes. A Map keeps insertion
 * order, so touching an entry re-inserts it and the first key is always the oldest.
 */
export class ThumbLru {
  private readonly entries = new Map<string, number>();
  private total = 0;

  constructor(public budgetBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Marks an entry used now (a hit). */
  touch(key: string): void {
    const bytes = this.entries.get(key);
    if (bytes === undefined) return;
    this.entries.delete(key);
    this.entries.set(key, bytes);
  }

  /**
   * Records an entry; returns the keys to evict (oldest first) so the total fits the budget
   * again. An entry larger than the whole budget is evicted at once.
   */
  add(key: string, bytes: number): string[] {
    this.remove(key);
    this.entries.set(key, bytes);
    this.total += bytes;
    return this.evictToBudget();
  }

  /** Drops the oldest entries until the total fits the budget; returns their keys. */
  evictToBudget(): string[] {
    const evicted: string[] = [];
    for (const [oldest, size] of this.entries) {
      if (this.total <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.total -= size;
      evicted.push(oldest);
    }
    return evicted;
  }

  remove(key: string): void {
    const bytes = this.entries.get(key);
    if (bytes === undefined) return;
    this.entries.delete(key);
    this.total -= bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Oldest first, for saving. */
  toJSON(): [string, number][] {
    return [...this.entries];
  }

  static from(saved: unknown, budgetBytes: number): ThumbLru {
    const lru = new ThumbLru(budgetBytes);
    if (!Array.isArray(saved)) return lru;
    for (const row of saved as unknown[]) {
      if (Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'number') {
        lru.entries.set(row[0], row[1]);
        lru.total += row[1];
      }
    }
    return lru;
  }
}
