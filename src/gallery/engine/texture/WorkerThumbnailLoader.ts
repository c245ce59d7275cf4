import { releaseProxy, wrap, type Remote } from 'comlink';
import type { DecodeRequest, DecodeWorkerApi } from './decode.shared';
import { abortError } from '../abort';
import type { ThumbnailLoader } from './ThumbnailLoader';
import { TIER_LAYER_SIZE, type TextureTier } from './tiers';

/** What the loader needs of the worker: the comlink proxy, or the API object itself in tests. */
export interface DecodeClient {
  decode(request: DecodeRequest): Promise<ImageBitmap>;
  cancel(id: number): unknown;
}

export interface WorkerThumbnailLoaderOptions {
  /**
   * The thumbnail URL of a file for a tier, auth token included as the `token` query parameter.
   * Called at load time, so a refreshed token is picked up by the next load.
   */
  urlFor: (fileId: string, tier: TextureTier) => string;
  /** Defaults to a new decode worker, owned (and terminated) by this loader. */
  client?: DecodeClient;
}

function createDecodeWorker(): Worker {
  // Written out in full so Vite sees the pattern and bundles the worker.
  return new Worker(new URL('./decode.worker.ts', import.meta.url), {
    type: 'module',
  });
}

/**
 * ThumbnailLoader over decode.worker.ts (beside it). Aborting a load rejects at once and cancels the
 * worker's fetch; a bitmap that still arrives is closed here. Concurrency is the cache's business.
 */
export class WorkerThumbnailLoader implements ThumbnailLoader {
  private readonly client: DecodeClient;
  private readonly worker: Worker | null = null;
  private nextId = 1;
  private disposed = false;
  /** Rejects of loads not settled yet, so dispose() can end them (a terminated worker won't). */
  private readonly unsettled = new Set<(error: Error) => void>();

  constructor(private readonly options: WorkerThumbnailLoaderOptions) {
    if (options.client !== undefined) {
      this.client = options.client;
    } else {
      this.worker = createDecodeWorker();
      this.client = wrap<DecodeWorkerApi>(this.worker);
    }
  }

  load(fileId: string, tier: TextureTier, signal: AbortSignal): Promise<ImageBitmap> {
    if (this.disposed || signal.aborted) return Promise.reject(abortError('The thumbnail load'));
    const request: DecodeRequest = {
      id: this.nextId++,
      url: this.options.urlFor(fileId, tier),
      size: TIER_LAYER_SIZE[tier],
    };
    return new Promise<ImageBitmap>((resolve, reject) => {
      const settle = (): void => {
        signal.removeEventListener('abort', onAbort);
        this.unsettled.delete(reject);
      };
      const onAbort = (): void => {
        settle();
        this.cancel(request.id);
        reject(abortError('The thumbnail load'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.unsettled.add(reject);
      this.client.decode(request).then(
        (bitmap) => {
          settle();
          // Rejected already (aborted or disposed): nobody else will close this one.
          if (signal.aborted || this.disposed) bitmap.close();
          else resolve(bitmap);
        },
        (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const reject of this.unsettled) reject(abortError('The thumbnail load'));
    this.unsettled.clear();
    if (this.worker !== null) {
      (this.client as Remote<DecodeWorkerApi>)[releaseProxy]();
      this.worker.terminate();
    }
  }

  private cancel(id: number): void {
    if (this.disposed) return;
    // Fire and forget; a worker gone meanwhile has nothing left to cancel.
    Promise.resolve(this.client.cancel(id)).catch(() => undefined);
  }
}
