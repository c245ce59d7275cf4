import { byUrgencyAscending, TILE_STATE_COUNT, TileEntry, TileState } from './TileEntry';
import type { ThumbnailLoader } from './ThumbnailLoader';
import { TIER_LAYER_SIZE, type TextureTier } from './tiers';

/**
 * The CPU side of the texture cache: which tiles are wanted (visibility passes), their loads
 * (priority queue, in-flight limit, cancellation) and the decoded bitmaps waiting for upload.
 * TextureCache owns the GPU side and moves entries to and from Ready.
 *
 * The screen first: while a small tile on screen (`onScreen`) of the last pass is not uploaded,
 * only such tiles start loading; the prefetch beyond the screen starts at the first pass that
 * finds every one of them in (or failed). Loads of the margin already running go on. So a slow
 * network or a loaded machine spends its load slots on what is shown, and a second visit asks
 * for nothing beyond the first screen before it is full (bench/revisit.bench.ts).
 */
export class TileRequests {
  private readonly entries: Record<TextureTier, Map<string, TileEntry>> = {
    small: new Map(),
    large: new Map(),
  };
  /** Every entry that is not Ready (stale ones leave at the next endPass). */
  private readonly unsettled: TileEntry[] = [];
  /** Queued entries, ascending urgency once sorted; stale ones leave on compaction. */
  private readonly queue: TileEntry[] = [];
  private readonly decoded: TileEntry[] = [];
  private queueSorted = true;
  private decodedSorted = true;
  private readonly counts = new Int32Array(TILE_STATE_COUNT);
  private readonly decodedPerTier: Record<TextureTier, number> = { small: 0, large: 0 };
  /** Small tiles on screen, at the last endPass, not yet uploaded (nor failed). */
  private screenPending = 0;
  private pass = 0;
  private inPass = false;
  private sequence = 0;
  private disposed = false;
  failedTotal = 0;

  constructor(
    private readonly loader: ThumbnailLoader,
    private readonly maxInFlight: number,
    /** A bitmap is waiting for upload, or a tile failed: the renderer needs a frame. */
    private readonly onChange: () => void,
    /**
     * Decoded bitmaps a tier may hold waiting for their upload before loads pause. Small ones
     * as many as a frame uploads: with fewer, a slow frame (a 4K screen) uploads only what the
     * last frame let through (bench/scale.bench.ts: 6 a frame instead of 8).
     */
    private readonly decodedCap: Readonly<Record<TextureTier, number>> = {
      small: maxInFlight,
      large: maxInFlight,
    },
  ) {}

  get(fileId: string, tier: TextureTier): TileEntry | undefined {
    return this.entries[tier].get(fileId);
  }

  count(state: TileState): number {
    return this.counts[state];
  }

  beginPass(): void {
    this.pass++;
    this.inPass = true;
  }

  /**
   * Wants the tile in this pass; creates and queues it if new. Loads start at endPass. `onScreen`:
   * a small tile the screen shows (see the class comment).
   */
  request(fileId: string, tier: TextureTier, priority: number, onScreen = false): TileEntry {
    let entry = this.entries[tier].get(fileId);
    if (entry === undefined) {
      entry = new TileEntry(fileId, tier, this.sequence++);
      entry.priority = priority;
      entry.onScreen = onScreen;
      entry.lastPass = this.pass;
      this.counts[TileState.Queued]++;
      this.entries[tier].set(fileId, entry);
      this.unsettled.push(entry);
      this.queue.push(entry);
      this.queueSorted = false;
      // Outside a pass nothing else would start it.
      if (!this.inPass && !this.disposed) this.startLoads();
      return entry;
    }
    entry.lastPass = this.pass;
    entry.onScreen = onScreen;
    if (entry.priority !== priority) {
      entry.priority = priority;
      if (entry.state === TileState.Queued) this.queueSorted = false;
      else if (entry.state === TileState.Decoded) this.decodedSorted = false;
    }
    return entry;
  }

  /** Tiles the pass did not request stop loading (the worker aborts their fetch). */
  endPass(): void {
    this.inPass = false;
    let kept = 0;
    let screenPending = 0;
    for (let i = 0; i < this.unsettled.length; i++) {
      const entry = this.unsettled[i];
      if (entry.state === TileState.Ready || entry.state === TileState.Dropped) continue;
      if (entry.lastPass !== this.pass) {
        this.drop(entry);
        continue;
      }
      if (entry.onScreen && entry.state !== TileState.Failed) screenPending++;
      this.unsettled[kept++] = entry;
    }
    this.screenPending = screenPending;
    this.unsettled.length = kept;
    // Compacted here too: while every load slot is busy, startLoads() does not get that far.
    keepOnly(this.queue, TileState.Queued);
    keepOnly(this.decoded, TileState.Decoded);
    this.startLoads();
  }

  /** Entries requested in this pass or later are in the margin. Mid-pass, the last one counts. */
  protectedPass(): number {
    return this.inPass ? this.pass - 1 : this.pass;
  }

  /** Decoded entries, most urgent LAST; stale ones may remain until `compactDecoded()`. */
  decodedByUrgency(): readonly TileEntry[] {
    if (!this.decodedSorted) {
      this.decoded.sort(byUrgencyAscending);
      this.decodedSorted = true;
    }
    return this.decoded;
  }

  compactDecoded(): void {
    keepOnly(this.decoded, TileState.Decoded);
  }

  /** Uploaded: the bitmap is closed and the layer holds the tile. */
  markReady(entry: TileEntry, layer: number): void {
    entry.bitmap = null;
    entry.layer = layer;
    this.transition(entry, TileState.Ready);
  }

  /** A Ready tile leaves the cache (evicted, or its GPU copy is gone). */
  forget(entry: TileEntry): void {
    entry.layer = -1;
    this.entries[entry.tier].delete(entry.fileId);
    this.transition(entry, TileState.Dropped);
  }

  /** A Ready tile whose GPU copy is gone loads again; call startLoads() after the batch. */
  requeue(entry: TileEntry): void {
    entry.layer = -1;
    this.transition(entry, TileState.Queued);
    this.unsettled.push(entry);
    this.queue.push(entry);
    this.queueSorted = false;
  }

  /**
   * Fills free load slots from the queue, most urgent first; only tiles on screen while one of
   * them is not in.
   */
  startLoads(): void {
    if (this.disposed || this.queue.length === 0) return;
    if (this.counts[TileState.Loading] >= this.maxInFlight) return;
    if (!this.queueSorted) {
      this.queue.sort(byUrgencyAscending);
      this.queueSorted = true;
    }
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.counts[TileState.Loading] >= this.maxInFlight) break;
      const entry = this.queue[i];
      // Bitmaps waiting for a layer are bounded per tier, so a saturated pool cannot pile them up.
      if (
        entry.state !== TileState.Queued ||
        this.decodedPerTier[entry.tier] >= this.decodedCap[entry.tier] ||
        (this.screenPending > 0 && !entry.onScreen)
      ) {
        continue;
      }
      this.load(entry);
    }
    keepOnly(this.queue, TileState.Queued);
  }

  /** Aborts every load and closes every waiting bitmap; Ready entries are the caller's. */
  dispose(): void {
    this.disposed = true;
    for (const tier of ['small', 'large'] as const) {
      for (const entry of this.entries[tier].values()) this.drop(entry);
      this.entries[tier].clear();
    }
    this.unsettled.length = this.queue.length = this.decoded.length = 0;
  }

  private load(entry: TileEntry): void {
    const controller = new AbortController();
    entry.abort = controller;
    this.transition(entry, TileState.Loading);
    let promise: Promise<ImageBitmap>;
    try {
      promise = this.loader.load(entry.fileId, entry.tier, controller.signal);
    } catch (error) {
      promise = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    promise.then(
      (bitmap) => this.onLoaded(entry, bitmap),
      () => this.onLoadFailed(entry),
    );
  }

  private onLoaded(entry: TileEntry, bitmap: ImageBitmap): void {
    // Dropped or disposed meanwhile: the entry is stale and nobody else closes this bitmap.
    if (entry.state !== TileState.Loading || this.disposed) {
      bitmap.close();
      return;
    }
    entry.abort = null;
    const size = TIER_LAYER_SIZE[entry.tier];
    if (bitmap.width !== size || bitmap.height !== size) {
      // Breaks the loader contract; a partial layer would show the previous tile's leftovers.
      bitmap.close();
      this.fail(entry);
    } else {
      entry.bitmap = bitmap;
      this.transition(entry, TileState.Decoded);
      this.decoded.push(entry);
      this.decodedSorted = false;
    }
    this.startLoads();
    this.onChange();
  }

  private onLoadFailed(entry: TileEntry): void {
    if (entry.state !== TileState.Loading || this.disposed) return;
    entry.abort = null;
    this.fail(entry);
    this.startLoads();
    this.onChange();
  }

  /** Failed tiles show the fallback while in the margin and retry once they come back. */
  private fail(entry: TileEntry): void {
    this.transition(entry, TileState.Failed);
    this.failedTotal++;
  }

  /** Cancels a tile that is not Ready and forgets it. */
  private drop(entry: TileEntry): void {
    if (entry.state === TileState.Loading) entry.abort?.abort();
    entry.abort = null;
    entry.bitmap?.close();
    entry.bitmap = null;
    if (this.entries[entry.tier].get(entry.fileId) === entry) {
      this.entries[entry.tier].delete(entry.fileId);
    }
    this.transition(entry, TileState.Dropped);
  }

  private transition(entry: TileEntry, next: TileState): void {
    if (entry.state === TileState.Decoded) this.decodedPerTier[entry.tier]--;
    if (next === TileState.Decoded) this.decodedPerTier[entry.tier]++;
    this.counts[entry.state]--;
    this.counts[next]++;
    entry.state = next;
  }
}

/** Removes, in place and in order, the entries whose state moved on. */
function keepOnly(list: TileEntry[], state: TileState): void {
  let kept = 0;
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (entry.state === state) list[kept++] = entry;
  }
  list.length = kept;
}
