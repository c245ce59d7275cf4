import type { SectionDescriptor } from '../types';
import type { SectionFiles, TimelineSource } from './TimelineSource';

interface Job {
  index: number;
  descriptor: SectionDescriptor;
  priority: number;
  controller: AbortController | null;
}

/**
 * Loads sections' files with a concurrency limit, nearest to the viewport first, and aborts the
 * requests of sections that were scrolled away before they answered.
 */
export class SectionFetcher {
  private queued: Job[] = [];
  private running = new Map<number, Job>();

  constructor(
    /** Read at each fetch: the grid's source can be swapped (a filter, recents). */
    private readonly sourceOf: () => TimelineSource,
    private readonly concurrency: number,
    private readonly onLoaded: (index: number, files: SectionFiles) => void,
    private readonly onFailed: (index: number, error: unknown) => void,
  ) {}

  /** Lower priority value = sooner (distance from the viewport centre). */
  enqueue(index: number, descriptor: SectionDescriptor, priority: number): void {
    if (this.running.has(index)) return;
    const existing = this.queued.find((job) => job.index === index);
    if (existing) existing.priority = priority;
    else this.queued.push({ index, descriptor, priority, controller: null });
    this.pump();
  }

  cancel(index: number): void {
    this.cancelWhere((i) => i === index);
  }

  /** Cancels queued and running jobs whose section matches; each reports failed so it can retry. */
  cancelWhere(predicate: (index: number) => boolean): void {
    const dropped: number[] = [];
    this.queued = this.queued.filter((job) => {
      if (!predicate(job.index)) return true;
      dropped.push(job.index);
      return false;
    });
    for (const [index, job] of this.running) {
      if (!predicate(index)) continue;
      job.controller?.abort();
      this.running.delete(index);
      dropped.push(index);
    }
    for (const index of dropped) this.onFailed(index, new DOMException('cancelled', 'AbortError'));
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
      this.running.set(job.index, job);
      void this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    const signal = job.controller!.signal;
    try {
      const files = await this.sourceOf().files(job.descriptor, signal);
      if (this.running.get(job.index) !== job) return;
      this.running.delete(job.index);
      this.onLoaded(job.index, files);
    } catch (error) {
      if (this.running.get(job.index) !== job) return;
      this.running.delete(job.index);
      this.onFailed(job.index, error);
    } finally {
      this.pump();
    }
  }
}
