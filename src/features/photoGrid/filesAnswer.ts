import { wrap, type Remote } from 'comlink';
import { z } from 'zod';
import { FileSchema, type FileInfo } from '../../api/contract/files';
import { ApiError } from '../../api/errors';
import { parseJsonAnswer, summariseIssues } from '../../api/wire';
import { yieldToEventLoop } from '../../platform/yieldToEventLoop';
import type { FilesAnswerWorkerApi } from './filesAnswer.shared';

/*
 * A GET /jobs/{id}/files answer read into checked files without a long task of ours (issue
 * 34.10): a small answer parsed here, a large one parsed in the files-answer worker and taken a
 * slice a message; the files checked here in slices (parseFilesInSlices) either way.
 */

/**
 * Answers larger than this go to the worker: about 700 files, which JSON.parse reads in a
 * millisecond or two here, while the worker's round trips would only add latency. A day of
 * 70,000 files (an import of undated files) is some 20 MB: 60 to 90 ms in one JSON.parse.
 */
export const FILES_ANSWER_WORKER_BYTES = 256 * 1024;

/**
 * Files a message from the worker carries: their structured copy here takes a few milliseconds,
 * and their check goes on in slices (parseFilesInSlices).
 */
export const FILES_PER_MESSAGE = 1000;

/**
 * Files checked per task at most. A section is one day at most when its month is large, and one
 * day may hold thousands of files (a month of 70,000 photos has days of 6,000): checked, kept and
 * copied into columns at once, they held the main thread for hundreds of milliseconds (issue
 * 34.10). About 10 ms a slice on an idle machine.
 */
export const FILES_PARSED_PER_TASK = 500;

/** Files checked between two looks at the clock. */
const FILES_PER_STEP = 100;

/**
 * Main-thread ms a slice may run before it yields, whatever its count: on a loaded machine (the
 * bench's load average of 24) 500 files took 100 ms and more.
 */
export const FILES_SLICE_MS = 8;

/**
 * Whether the file check has run in this page yet. zod derives a schema's internals (each
 * object's normalised shape, optional keys, the checks' runners) on its first check, and that
 * first check of a file also runs the check code cold: ~35 ms of one task at a load of 11
 * (bench/hugeMonth, issue 34.10), so the first file is checked alone, in a task of its own.
 */
let fileCheckWarm = false;

/** FilesResponseSchema before its files are checked; the files are checked in slices. */
const FilesEnvelopeSchema = z.object({ files: z.array(z.unknown()) });
const FileSliceSchema = z.array(FileSchema);

/** A zod issue, as the error's detail and cause carry it: where, and what. */
interface FileIssue {
  path: PropertyKey[];
  message: string;
}

/**
 * The files of `items`, which begin at `from` in the answer's list; or the issues, their paths
 * counted from the answer's root (`files.N.field`), as one FilesResponseSchema check reports them.
 */
function checkFileSlice(
  items: readonly unknown[],
  from: number,
): { ok: true; files: FileInfo[] } | { ok: false; issues: FileIssue[] } {
  const parsed = FileSliceSchema.safeParse(items);
  if (parsed.success) return { ok: true, files: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: ['files', from + Number(issue.path[0]), ...issue.path.slice(1)],
      message: issue.message,
    })),
  };
}

const malformed = (path: string, detail: string, cause?: unknown) =>
  new ApiError({ kind: 'malformed', method: 'GET', path, status: 200, detail, cause });

const issuesError = (path: string, issues: FileIssue[]) =>
  malformed(path, summariseIssues(issues), issues);

/**
 * The answer's files, checked as FilesResponseSchema checks them (the same files, or the same
 * `malformed` ApiError); `each` sees every checked part in order, in the task that checked it (the
 * caller's own per-file work is sliced with the check). `remote` is the worker (tests give one
 * over a MessageChannel); none, or one that fails to start, leaves the work to this thread.
 */
export async function readFilesAnswer(
  answer: Blob,
  path: string,
  signal?: AbortSignal,
  each?: (files: readonly FileInfo[]) => void,
  remote: Remote<FilesAnswerWorkerApi> | null = answer.size > FILES_ANSWER_WORKER_BYTES
    ? filesAnswerWorker()
    : null,
): Promise<FileInfo[]> {
  let read: FileInfo[] = [];
  if (remote) {
    const inWorker = await readInWorker(remote, answer, path, signal, each);
    if (inWorker.complete) return inWorker.files;
    read = inWorker.files;
  }
  const text = await answer.text();
  const { files: items } = parseJsonAnswer(text, FilesEnvelopeSchema, (detail, cause) =>
    malformed(path, detail, cause),
  );
  // Goes on where the worker stopped (one file checked per item): `each` sees every file once.
  const rest = await parseFilesInSlices(
    read.length > 0 ? items.slice(read.length) : items,
    path,
    signal,
    each,
    undefined,
    read.length,
  );
  return read.length > 0 ? read.concat(rest) : rest;
}

/**
 * The files parsed in the worker and checked here. Not complete when the worker failed (to start,
 * or on the way: the files checked until then are kept) or the answer is not a files list: the
 * caller then reads the rest here, and says what is wrong with it.
 */
async function readInWorker(
  remote: Remote<FilesAnswerWorkerApi>,
  answer: Blob,
  path: string,
  signal: AbortSignal | undefined,
  each: ((files: readonly FileInfo[]) => void) | undefined,
): Promise<{ files: FileInfo[]; complete: boolean }> {
  const files: FileInfo[] = [];
  const opened = await orBroken(remote.open(answer));
  if (opened === BROKEN || !opened.ok) return { files, complete: false };
  const { handle, length } = opened;
  try {
    // One slice asked ahead: the worker copies the next while this thread checks the last.
    let next = length > 0 ? remote.slice(handle, 0, FILES_PER_MESSAGE) : null;
    for (let from = 0; next; from += FILES_PER_MESSAGE) {
      const items = await orBroken(next);
      if (items === BROKEN) return { files, complete: false };
      next =
        from + FILES_PER_MESSAGE < length
          ? remote.slice(handle, from + FILES_PER_MESSAGE, FILES_PER_MESSAGE)
          : null;
      signal?.throwIfAborted();
      const checked = await parseFilesInSlices(items, path, signal, each, undefined, from);
      for (const file of checked) files.push(file);
    }
    return { files, complete: true };
  } finally {
    void remote.close(handle).catch(() => undefined);
  }
}

const BROKEN = Symbol('the worker failed');
/** Settles with BROKEN once the worker has failed (an error event); never before. */
let workerFailed: Promise<typeof BROKEN> = new Promise(() => undefined);
let worker: Remote<FilesAnswerWorkerApi> | null | undefined;

/**
 * `call`, or BROKEN if it fails or the worker fails first (comlink's call would then wait for
 * ever).
 */
const orBroken = <P extends Promise<unknown>>(call: P): Promise<Awaited<P> | typeof BROKEN> =>
  Promise.race([call as Promise<Awaited<P>>, workerFailed]).catch(() => BROKEN);

/** The page's files-answer worker, made at the first large answer; null where none can run. */
function filesAnswerWorker(): Remote<FilesAnswerWorkerApi> | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    const started = new Worker(new URL('./filesAnswer.worker.ts', import.meta.url), {
      type: 'module',
      name: 'files-answer',
    });
    workerFailed = new Promise((resolve) =>
      started.addEventListener('error', () => {
        worker = null;
        resolve(BROKEN);
      }),
    );
    worker = wrap<FilesAnswerWorkerApi>(started);
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * FilesResponseSchema's check of `items`, in slices with a yield to the event loop between them:
 * the same files, or the same `malformed` ApiError (the issue's path counts from the list's start).
 * `each` sees every checked part in order, in the slice that checked it. A slice ends after
 * FILES_PARSED_PER_TASK files or FILES_SLICE_MS of `now`, whichever comes first.
 */
export async function parseFilesInSlices(
  items: readonly unknown[],
  path: string,
  signal?: AbortSignal,
  each?: (files: readonly FileInfo[]) => void,
  now: () => number = () => performance.now(),
  /** Where `items` begin in the answer's list (the issues' paths count from the list's start). */
  offset = 0,
): Promise<FileInfo[]> {
  const files: FileInfo[] = [];
  // The page's first check: one file, with the tasks before and after it left to the others.
  if (!fileCheckWarm && items.length > 0) {
    await yieldToEventLoop();
    signal?.throwIfAborted();
  }
  let sliceStart = now();
  let inSlice = 0;
  let endSlice = false;
  for (let from = 0; from < items.length;) {
    if (
      endSlice ||
      inSlice >= FILES_PARSED_PER_TASK ||
      (inSlice > 0 && now() - sliceStart >= FILES_SLICE_MS)
    ) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStart = now();
      inSlice = 0;
      endSlice = false;
    }
    const step = fileCheckWarm ? FILES_PER_STEP : 1;
    const checked = checkFileSlice(items.slice(from, from + step), offset + from);
    if (!checked.ok) throw issuesError(path, checked.issues);
    for (const file of checked.files) files.push(file);
    each?.(checked.files);
    inSlice += checked.files.length;
    from += step;
    if (!fileCheckWarm) {
      fileCheckWarm = true;
      endSlice = true;
    }
  }
  return files;
}
