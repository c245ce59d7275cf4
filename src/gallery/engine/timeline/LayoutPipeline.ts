import { abortError } from '../abort';
import { displayAspects } from '../layout/justified';
import type { LayoutEngine } from '../layout/LayoutEngine';
import type { ScrollAnchor, SectionChange } from '../scroll/ScrollAnchor';
import type { SectionDescriptor, SectionLayout } from '../types';
import type { Section, SectionGrid } from './SectionGrid';
import type { SectionFiles } from './TimelineSource';

/** What to lay out for one section, and what the section becomes once it is laid out. */
export interface LayoutRequest {
  files: SectionFiles;
  /** The section's descriptor once applied (new counts); unset, it keeps its own. */
  descriptor?: SectionDescriptor;
  /**
   * The descriptor the files belong to: the result is dropped if the section has another by
   * then (the list changed under a load). Unset for replacements, which bring their own.
   */
  expect?: SectionDescriptor;
  /** The caller's cancellation: passed to the layout engine, which drops a queued request. */
  signal?: AbortSignal;
}

interface Job {
  readonly key: string;
  readonly request: LayoutRequest;
  readonly resolve: (applied: boolean) => void;
  readonly reject: (reason: unknown) => void;
  /** The running attempt's cancellation (a resize restarts the job at the new size). */
  controller: AbortController | null;
  /** Called once the job settles, however it does. */
  readonly waiters: (() => void)[];
}

type Outcome = { applied: boolean } | { error: unknown };

/**
 * The one way a section gets an exact layout: first loads, direct loads, relayouts after a
 * resize or zoom, and replacements of its files (live changes, deletes) all go through `run`.
 * Files and rects reach the grid together, in one step that tells the ScrollAnchor what moved
 * and lets the owner carry the selection over when the files changed. Jobs are keyed by
 * section key: a newer job supersedes an older one of the same section, and a job survives
 * changes of the section list around it.
 */
export class LayoutPipeline {
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly grid: SectionGrid,
    private readonly layout: LayoutEngine,
    private readonly anchor: ScrollAnchor<Section>,
    /** Wraps a change of a section's files: the owner keeps the selection by identity. */
    private readonly reindex: (change: () => void) => void,
    private readonly onChange: () => void,
  ) {}

  /**
   * Lays `request.files` out at the grid's current size and applies them to section `key`.
   * Resolves true once applied, false when superseded by a newer job, cancelled, or dropped
   * because the section went or changed; rejects when the caller's signal aborts or the
   * layout engine fails.
   */
  run(key: string, request: LayoutRequest): Promise<boolean> {
    if (request.signal?.aborted) return Promise.reject(abortError('The section layout'));
    this.cancel(key);
    return new Promise<boolean>((resolve, reject) => {
      const job: Job = { key, request, resolve, reject, controller: null, waiters: [] };
      this.jobs.set(key, job);
      request.signal?.addEventListener(
        'abort',
        () => this.finish(job, { error: abortError('The section layout') }),
        {
          once: true,
        },
      );
      this.start(job);
    });
  }

  /** The files a job of `key` is laying out (a load or replacement in flight), if any. */
  pending(key: string): LayoutRequest | undefined {
    return this.jobs.get(key)?.request;
  }

  /** Resolves when the job of `key` settles (applied or not); at once when there is none. */
  settled(key: string): Promise<void> {
    const job = this.jobs.get(key);
    if (!job) return Promise.resolve();
    return new Promise<void>((resolve) => job.waiters.push(resolve));
  }

  /**
   * The grid's size changed: every job starts again at the new size, and every laid-out
   * section without a job is laid out anew (it keeps its old rects and height meanwhile).
   */
  relayoutAll(): void {
    for (const job of this.jobs.values()) this.start(job);
    const sections = this.grid.sections;
    for (const section of sections) {
      const key = section.descriptor.key;
      if (!section.files || this.jobs.has(key)) continue;
      this.run(key, { files: section.files, expect: section.descriptor }).catch(() => undefined);
    }
  }

  /** Drops the job of `key` (its section was reset or removed, or a newer job replaces it). */
  cancel(key: string): void {
    const job = this.jobs.get(key);
    if (job) this.finish(job, { applied: false });
  }

  /** Drops every job whose section is gone or carries another descriptor than it expects. */
  cancelStale(): void {
    for (const job of [...this.jobs.values()]) {
      const index = this.grid.indexOfKey(job.key);
      const expect = job.request.expect;
      if (index < 0 || (expect && this.grid.sections[index].descriptor !== expect)) {
        this.finish(job, { applied: false });
      }
    }
  }

  cancelAll(): void {
    for (const job of [...this.jobs.values()]) this.finish(job, { applied: false });
  }

  private start(job: Job): void {
    job.controller?.abort();
    const controller = new AbortController();
    job.controller = controller;
    const generation = this.grid.generation;
    this.layout
      .layout({
        // The worker takes ownership of the buffer it is given: send a copy, keep ours. Tiles
        // lay out at their display aspect (within bounds; 1 for square tiles): the renderer
        // crops each image's centre to its cell.
        aspects: displayAspects(
          job.request.files.aspects,
          this.grid.currentMetrics.squareTiles ?? false,
        ),
        width: this.grid.gridWidth,
        metrics: this.grid.currentMetrics,
        signal: controller.signal,
      })
      .then(
        (result) => {
          if (this.jobs.get(job.key) !== job || job.controller !== controller) return;
          // Laid out for a size that changed meanwhile (nobody restarted it): again.
          if (generation !== this.grid.generation) return this.start(job);
          job.controller = null;
          this.jobs.delete(job.key);
          this.finish(job, { applied: this.apply(job, result, generation) });
          return undefined;
        },
        (error: unknown) => {
          if (this.jobs.get(job.key) !== job || job.controller !== controller) return;
          this.finish(job, { error });
        },
      );
  }

  /**
   * Settles a job: out of the map, its running attempt aborted, its callers told. A promise
   * settles once, so a second call (a late abort of a finished job) changes nothing.
   */
  private finish(job: Job, outcome: Outcome): void {
    if (this.jobs.get(job.key) === job) this.jobs.delete(job.key);
    job.controller?.abort();
    job.controller = null;
    if ('error' in outcome) job.reject(outcome.error);
    else job.resolve(outcome.applied);
    for (const waiter of job.waiters.splice(0)) waiter();
  }

  /** Files and rects swap in together; the anchor hears how the section's height changed. */
  private apply(job: Job, layout: SectionLayout, generation: number): boolean {
    const { grid } = this;
    const index = grid.indexOfKey(job.key);
    if (index < 0) return false;
    const old = grid.sections[index];
    const { files, descriptor, expect } = job.request;
    if (expect && old.descriptor !== expect) return false;
    const next = grid.laidOut(descriptor ?? old.descriptor, files, layout, generation);
    const filesChanged = old.files !== null && old.files !== files;
    const change: SectionChange = {
      top: grid.sectionTop(index),
      oldHeight: grid.sectionHeight(index),
      oldRowsHeight: grid.rowsHeightIn(index, old),
      newRowsHeight: grid.rowsHeightIn(index, next),
      rowsOffset: grid.rowsOffset,
      files:
        filesChanged && old.rects
          ? {
              oldIds: old.files!.ids,
              oldRects: old.rects,
              newIds: files.ids,
              newRects: layout.rects,
            }
          : undefined,
    };
    grid.rememberHeight(next);
    const swap = () => {
      grid.replaceSection(index, next);
      this.anchor.sectionChanged(change);
    };
    if (filesChanged) this.reindex(swap);
    else swap();
    // The old rects are out of the grid and the anchor has read them: their buffer goes back to
    // the layout engine, which lays a later section out into it (no fresh memory a section).
    if (old.rects && old.rects !== layout.rects) this.layout.recycle?.(old.rects);
    this.onChange();
    return true;
  }
}
