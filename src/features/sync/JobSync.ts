import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { ChangesResponseSchema, type ChangesResponse } from '../../api/contract/changes';
import { isApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { FilesResponseSchema } from '../../api/contract/files';
import { JOB_CHANGE_POLL_MS, POLL_EMPTY_RETRY_MS, POLL_RETRY_MS } from '../../domain/constants';
import { linkRequestOptions } from '../../platform/linkAccess';

export type JobChange = ChangesResponse['changes'][number];

/** SPEC §4 Job fetch states. */
export type JobFetchStatus =
  | 'NOT_STARTED'
  | 'PENDING'
  | 'NOT_FOUND'
  | 'PASSWORD_REQUIRED'
  | 'PASSWORD_PROVIDED'
  | 'LOGIN_REQUIRED'
  | 'FETCHED'
  | 'PARTIALLY_FETCHED'
  | 'FETCH_FAILED'
  | 'RECENTLY_DELETED';

/**
 * What the page does with changes. `full` means the changes are not known (their fetch failed,
 * SPEC §4 "sets last seen serial to -1"): everything shown must be fetched again.
 */
export type ApplyChanges = (changes: readonly JobChange[], full: boolean) => Promise<void> | void;

export interface JobSyncOptions {
  client: ApiClient;
  jobId: string;
  apply: ApplyChanges;
  /** Resolves after `ms`, or rejects when the signal aborts. Injected by tests. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * Where the serial of an earlier visit is kept (the persisted timeline, issue 19): the sync
   * resumes from it, so the changes made since then are applied at once, and every newer serial
   * applied is saved.
   */
  serials?: SerialStore;
  /**
   * The job is the caller's own (the timeline, SPEC §6 "always owned"): its changes are read
   * from `/changes_and_async_upload_status`, whose `info.used_space` (SPEC §7) is handed here, so
   * the storage shown stays true while uploads finish. Left out, `/changes` is used.
   */
  onUsedSpace?: (usedSpace: number) => void;
}

export interface SerialStore {
  load(): Promise<number | null>;
  save(serial: number): void;
}

function abortable(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('stopped', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('stopped', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * SPEC §4 Job syncing: follows one job by long-polling it on the poll host
 * (`GET /poll?seq=&event=job_changed:{job}`; a 200 body's first line is the new serial), then
 * fetches `changes` after the newest serial it has seen and hands them to the page. Timings of
 * SPEC §9: a poll error retries after 1000 ms, an answer without changes after 400 ms, and after
 * changes were applied the next poll waits 2500 ms (so a burst of uploads arrives as one batch).
 * A 404 means the job is gone (RECENTLY_DELETED) and ends the sync. A job read through its link
 * (a visitor's shared album, platform/linkAccess) is followed the same way, with its key and
 * without a token when there is none.
 */
export class JobSync {
  status: JobFetchStatus = 'NOT_STARTED';
  /** The newest serial applied; -1 when changes were lost (then the next round is a full one). */
  serial = -1;
  private controller: AbortController | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(private readonly options: JobSyncOptions) {
    this.wait = options.wait ?? abortable;
  }

  get running(): boolean {
    return this.controller !== null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts following (again). The serial is kept across a stop and start (a hidden tab), so the
   * first poll answers at once when something changed meanwhile.
   */
  start(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.run(controller.signal).catch(() => undefined);
  }

  stop(): void {
    this.controller?.abort();
    this.controller = null;
  }

  private setStatus(status: JobFetchStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }

  private async run(signal: AbortSignal): Promise<void> {
    if (this.status === 'NOT_STARTED') {
      this.setStatus('PENDING');
      const saved = await this.options.serials?.load().catch(() => null);
      this.serial =
        saved !== null && saved !== undefined && saved >= 0
          ? saved
          : await this.retrying(() => this.currentSerial(signal), signal);
      this.options.serials?.save(this.serial);
      this.setStatus('FETCHED');
    }
    while (!signal.aborted) {
      let next: number | null;
      try {
        next = await this.poll(signal);
      } catch (error) {
        if (signal.aborted) return;
        if (isApiError(error, 'notFound')) {
          this.setStatus('RECENTLY_DELETED');
          this.stop();
          return;
        }
        await this.wait(POLL_RETRY_MS, signal);
        continue;
      }
      if (next === null) continue; // the poll timed out: nothing new, ask again
      if (next <= this.serial) {
        await this.wait(POLL_EMPTY_RETRY_MS, signal);
        continue;
      }
      // SPEC §4: a newer serial than we have leaves the job partially fetched until applied.
      this.setStatus('PARTIALLY_FETCHED');
      const applied = await this.catchUp(next, signal);
      if (applied === 'empty') {
        await this.wait(POLL_EMPTY_RETRY_MS, signal);
        continue;
      }
      if (applied === 'failed') {
        await this.wait(POLL_RETRY_MS, signal);
        continue;
      }
      this.setStatus('FETCHED');
      await this.wait(JOB_CHANGE_POLL_MS, signal);
    }
  }

  /** Fetches and applies the changes up to `latest`; a full refresh when the serial is lost. */
  private async catchUp(
    latest: number,
    signal: AbortSignal,
  ): Promise<'applied' | 'empty' | 'failed'> {
    if (this.serial < 0) {
      try {
        await this.options.apply([], true);
      } catch {
        return 'failed';
      }
      this.serial = latest;
      this.options.serials?.save(latest);
      return 'applied';
    }
    let changes: JobChange[];
    try {
      changes = await this.changesSince(this.serial, latest, signal);
    } catch {
      if (signal.aborted) return 'failed';
      // SPEC §4: failure to fetch changes sets last seen serial to -1 (partially fetched).
      this.serial = -1;
      return 'failed';
    }
    if (changes.length === 0) return 'empty';
    const newest = changes.reduce((max, change) => Math.max(max, change.serial), this.serial);
    try {
      await this.options.apply(changes, false);
    } catch {
      // What was shown may be stale: the next round fetches everything again.
      this.serial = -1;
      return 'failed';
    }
    this.serial = newest;
    this.options.serials?.save(newest);
    return 'applied';
  }

  /** Changes after `since`, page after page until `latest` is reached or a page is empty. */
  private async changesSince(since: number, latest: number, signal: AbortSignal) {
    const all: JobChange[] = [];
    let from = since;
    for (;;) {
      const { onUsedSpace } = this.options;
      const { data } = await this.options.client.request({
        call: callTo(
          onUsedSpace ? CALLS.changesAndUploadStatus : CALLS.jobChanges,
          { id: this.options.jobId },
          { since: from },
        ),
        schema: ChangesResponseSchema,
        signal,
        ...linkRequestOptions(this.options.jobId),
      });
      if (onUsedSpace && data.info.used_space !== undefined) onUsedSpace(data.info.used_space);
      if (data.changes.length === 0) return all;
      all.push(...data.changes);
      from = data.changes[data.changes.length - 1].serial;
      if (from >= latest) return all;
    }
  }

  /** The long poll: the new serial, or null when it timed out (204). */
  private async poll(signal: AbortSignal): Promise<number | null> {
    const { data, status } = await this.options.client.request({
      call: callTo(
        CALLS.poll,
        {},
        { seq: this.serial, event: `job_changed:${this.options.jobId}` },
      ),
      responseType: 'text',
      signal,
      ...linkRequestOptions(this.options.jobId),
    });
    if (status === 204) return null;
    const serial = Number.parseInt(data.split('\n', 1)[0] ?? '', 10);
    return Number.isFinite(serial) ? serial : null;
  }

  /** The job's serial now: the x-last-event-serial header of an empty listing. */
  private async currentSerial(signal: AbortSignal): Promise<number> {
    const { headers } = await this.options.client.request({
      call: callTo(CALLS.jobFiles, { id: this.options.jobId }, { start: 0, end: 0 }),
      schema: FilesResponseSchema,
      signal,
      ...linkRequestOptions(this.options.jobId),
    });
    const serial = Number(headers.get('x-last-event-serial'));
    return Number.isFinite(serial) ? serial : -1;
  }

  private async retrying<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (;;) {
      try {
        return await task();
      } catch (error) {
        if (signal.aborted) throw error;
        await this.wait(POLL_RETRY_MS, signal);
      }
    }
  }
}
