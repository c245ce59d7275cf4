/*
 * Messages between the files-answer worker (filesAnswer.worker.ts) and its main-side client
 * (filesAnswer.ts, beside it). Types only, so the worker's chunk holds the check alone.
 */
import type { FileIssue, SliceCheck } from './filesCheck';

/** The answer read and parsed in the worker: its list's length, kept there under `handle`. */
export type OpenedAnswer =
  | { ok: true; handle: number; length: number }
  | { ok: false; notJson: true }
  | { ok: false; notJson: false; issues: FileIssue[] };

/** What the worker exposes through comlink. */
export interface FilesAnswerWorkerApi {
  /** Reads `answer` (the body as a Blob: no text on the main thread) and parses its JSON. */
  open(answer: Blob): Promise<OpenedAnswer>;
  /** Checks the files [from, from + count) of an opened answer (checkFileSlice). */
  check(handle: number, from: number, count: number): SliceCheck;
  /** Forgets an opened answer. */
  close(handle: number): void;
}
