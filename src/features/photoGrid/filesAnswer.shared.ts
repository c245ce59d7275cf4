/*
 * Messages between the files-answer worker (filesAnswer.worker.ts) and its main-side client
 * (filesAnswer.ts, beside it). Types only: the worker's chunk is the parse alone.
 */

/**
 * The answer read and parsed in the worker: its list's length, kept there under `handle`; or not
 * a files answer at all (not JSON, no `files` list), which the client reports itself.
 */
export type OpenedAnswer = { ok: true; handle: number; length: number } | { ok: false };

/** What the worker exposes through comlink. */
export interface FilesAnswerWorkerApi {
  /** Reads `answer` (the body as a Blob: no text on the main thread) and parses its JSON. */
  open(answer: Blob): Promise<OpenedAnswer>;
  /** The list's items [from, from + count) of an opened answer, as parsed (not checked). */
  slice(handle: number, from: number, count: number): unknown[];
  /** Forgets an opened answer. */
  close(handle: number): void;
}
