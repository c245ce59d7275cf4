import { releaseProxy, wrap, type Remote } from 'comlink';
import type { ChecksumWorkerApi } from './checksum.shared';

/** Hashes upload files in one worker, started on first use, so the main thread never reads them. */
export class ChecksumClient {
  private worker: Worker | null = null;
  private remote: Remote<ChecksumWorkerApi> | null = null;

  sha1(file: Blob): Promise<string> {
    if (!this.remote) {
      this.worker = new Worker(new URL('./checksum.worker.ts', import.meta.url), {
        type: 'module',
        name: 'checksum',
      });
      this.remote = wrap<ChecksumWorkerApi>(this.worker);
    }
    return this.remote.sha1(file);
  }

  dispose(): void {
    this.remote?.[releaseProxy]();
    this.worker?.terminate();
    this.remote = null;
    this.worker = null;
  }
}
