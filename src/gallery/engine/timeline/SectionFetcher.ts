import type { SectionDescriptor } from '../types';

interface Job {
  key: string;
  descriptor: SectionDescriptor;
  priority: number;
  controller: AbortController | null;
}

/**
 * Loads sections' files with a concurrency limit, nearest to the viewport first, and aborts the
 * requests of sections that were scrolled away before they answered. Jobs are keyed by section
 * key, not position: a new section list (a month appearing above) leaves them running. `T` is
 * what `fetch` answers (the files, and what the loader needs to land them).
 */
export class SectionFetcher<T> {
  private queued: Job[] = [];
  private running = new Map<string, Job>();

  constructor(
    /** Fetches a section's files; aborted with the signal once the job is cancelled. */
    private readonly fetch: (descriptor: SectionDescriptor, signal: AbortSignal) => Promise<T>,
    private readonly concurrency: number,
    private readonly onLoaded: (descriptor: SectionDescriptor, fetched: T) => void,
    private readonly onFailed: (descriptor: SectionDescriptor, error: unknown) => void,
  ) {}

  /** Lower priority value = sooner (distance from the viewport centre). */
  enqueue(descriptor: SectionDescriptor, priority: number): void {
    const key = descriptor.key;
    if (this.running.has(key)) return;
    const existing = this.queued.find((job) => job.key === key);
    if (existing) existing.priority = priority;
    else this.queued.push({ key, descriptor, priority, controller: null });
    this.pump();
  }

  has(key: string): boolean {
    return this.running.has(key) || this.queued.some((job) => job.key === key);
  }

  cancel(key: string): void {
    this.cancelWhere((job) => job.key === key);
  }

  /** Cancels queued and running jobs that match; each reports failed so it can retry. */
  cancelWhere(predicate: (job: { key: string; descriptor: SectionDescriptor }) => boolean): void {
    const dropped: SectionDescriptor[] = [];
    this.queued = this.queued.filter((job) => {
      if (!predicate(job)) return true;
      dropped.push(job.descriptor);
      return false;
    });
    for (const [key, job] of this.running) {
      if (!predicate(job)) continue;
      job.controller?.abort();
      this.running.delete(key);
      dropped.push(job.descriptor);
    }
    for (const descriptor of dropped) {
      this.onFailed(descriptor, new DOMException('cancelled', 'AbortError'));
    }
    if (dropped.length > 0) this.pump();
  }

  cancelAll(): void {
    for (const job of this.running.values()) job.controller?.abort();
    this.running.clear();
    this.queued = [];
  }

  get inFlight(): number {
    return this.running.size;
  }

  get pending(): number {
    return this.queued.length;
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queued.length > 0) {
      let best = 0;
      for (let i = 1; i < this.queued.length; i++) {
        if (this.queued[i].priority < this.queued[best].priority) best = i;
      }
      const job = this.queued.splice(best, 1)[0];
      job.controller = new AbortController();
      this.running.set(job.key, job);
      void this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    const signal = job.controller!.signal;
    try {
      const fetched = await this.fetch(job.descriptor, signal);
      if (this.running.get(job.key) !== job) return;
      this.running.delete(job.key);
      this.onLoaded(job.descriptor, fetched);
    } catch (error) {
      if (this.running.get(job.key) !== job) return;
      this.running.delete(job.key);
      this.onFailed(job.descriptor, error);
    } finally {
      this.pump();
    }
  }
}
