import { expose, wrap, type Remote } from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilesResponseSchema } from '../../api/contract/files';
import { ApiError } from '../../api/errors';
import type { FilesAnswerWorkerApi } from './filesAnswer.shared';
import {
  FILES_ANSWER_WORKER_BYTES,
  FILES_PARSED_PER_TASK,
  FILES_PER_MESSAGE,
  readFilesAnswer,
} from './filesAnswer';
import { filesAnswerApi } from './filesAnswerApi';
import { listedFile } from './testing';

// Every seventh a movie, in the SPEC's word for it (the check reads it as ours).
const file = (i: number) => listedFile(i, i % 7 === 0 ? 'Movies' : 'picture');
const blobOf = (value: unknown) => new Blob([JSON.stringify(value)]);
const PATH = '/jobs/7/files';

/** The error readFilesAnswer throws, or null. */
async function failure(run: Promise<unknown>): Promise<ApiError | null> {
  try {
    await run;
    return null;
  } catch (error) {
    return error as ApiError;
  }
}

/*
 * Node has no Worker: the worker's own API (what filesAnswer.worker.ts exposes) is served over a
 * MessageChannel, so the comlink messages and the Blob's copy are the real ones; only the thread
 * is not. Each answer must read as the main thread's check reads it: the same files, the same
 * malformed errors.
 */
describe('a large files answer read in the worker (issue 34.10)', () => {
  let channel: MessageChannel;
  let remote: Remote<FilesAnswerWorkerApi>;
  const opened: number[] = [];
  const closed: number[] = [];
  beforeEach(() => {
    vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
    channel = new MessageChannel();
    const api = filesAnswerApi();
    expose(
      {
        ...api,
        async open(answer: Blob) {
          const result = await api.open(answer);
          if (result.ok) opened.push(result.handle);
          return result;
        },
        close(handle: number) {
          closed.push(handle);
          api.close(handle);
        },
      } satisfies FilesAnswerWorkerApi,
      channel.port2,
    );
    remote = wrap<FilesAnswerWorkerApi>(channel.port1);
  });
  afterEach(() => {
    channel.port1.close();
    channel.port2.close();
    opened.length = closed.length = 0;
    vi.unstubAllGlobals();
  });

  it('gives the files FilesResponseSchema gives, parsed there and checked here, and forgets the answer', async () => {
    const items = Array.from({ length: 2 * FILES_PER_MESSAGE + 17 }, (_, i) => file(i));
    const parts: number[] = [];
    const files = await readFilesAnswer(
      blobOf({ files: items }),
      PATH,
      undefined,
      (part) => parts.push(part.length),
      remote,
    );
    expect(files).toEqual(FilesResponseSchema.parse({ files: items }).files);
    // Checked here in the steps of parseFilesInSlices, every file once, in order.
    expect(parts.reduce((sum, n) => sum + n, 0)).toBe(items.length);
    expect(Math.max(...parts)).toBeLessThanOrEqual(FILES_PER_MESSAGE);
    await vi.waitFor(() => expect(closed).toEqual(opened));
    expect(opened).toHaveLength(1);
  });

  it('goes on here where a worker that fails on the way stopped: every file once', async () => {
    const items = Array.from({ length: 3 * FILES_PER_MESSAGE + 5 }, (_, i) => file(i));
    let slices = 0;
    const failing = {
      open: (answer: Blob) => remote.open(answer),
      slice: (handle: number, from: number, count: number) =>
        ++slices === 2
          ? Promise.reject(new Error('the worker died'))
          : remote.slice(handle, from, count),
      close: (handle: number) => remote.close(handle),
    } as unknown as Remote<FilesAnswerWorkerApi>;
    const seen: string[] = [];
    const files = await readFilesAnswer(
      blobOf({ files: items }),
      PATH,
      undefined,
      (part) => seen.push(...part.map((f) => f.id)),
      failing,
    );
    const expected = FilesResponseSchema.parse({ files: items }).files;
    expect(files).toEqual(expected);
    expect(seen).toEqual(expected.map((f) => f.id));
  });

  it('an empty list is no files', async () => {
    expect(
      await readFilesAnswer(blobOf({ files: [] }), PATH, undefined, undefined, remote),
    ).toEqual([]);
  });

  const broken: [string, () => Blob][] = [
    [
      'a file of a later message fails its check',
      () => {
        const items: unknown[] = Array.from({ length: FILES_PER_MESSAGE + 300 }, (_, i) => file(i));
        items[FILES_PER_MESSAGE + 234] = { ...file(1), size: 'big' };
        return blobOf({ files: items });
      },
    ],
    ['the answer is not JSON', () => new Blob(['{"files": ['])],
    ['the list is missing', () => blobOf({ file: [] })],
    ['the answer is empty', () => new Blob([''])],
  ];
  for (const [what, answer] of broken) {
    it(`says malformed as the main thread's check says it: ${what}`, async () => {
      const inWorker = await failure(readFilesAnswer(answer(), PATH, undefined, undefined, remote));
      const here = await failure(readFilesAnswer(answer(), PATH, undefined, undefined, null));
      expect(inWorker).toBeInstanceOf(ApiError);
      expect(inWorker?.kind).toBe('malformed');
      expect(inWorker?.message).toBe(here?.message);
      await vi.waitFor(() => expect(closed).toEqual(opened));
    });
  }

  it('names the failing file by its place in the whole list', async () => {
    const items: unknown[] = Array.from({ length: FILES_PER_MESSAGE + 300 }, (_, i) => file(i));
    items[FILES_PER_MESSAGE + 234] = { ...file(1), size: 'big' };
    const error = await failure(
      readFilesAnswer(blobOf({ files: items }), PATH, undefined, undefined, remote),
    );
    expect(error?.message).toContain(`files.${FILES_PER_MESSAGE + 234}.size`);
  });

  it('stops when aborted, at the next slice, and forgets the answer', async () => {
    const items = Array.from({ length: 3 * FILES_PER_MESSAGE }, (_, i) => file(i));
    const abort = new AbortController();
    let seen = 0;
    const run = readFilesAnswer(
      blobOf({ files: items }),
      PATH,
      abort.signal,
      (part) => {
        seen += part.length;
        abort.abort();
      },
      remote,
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    // The slice under way ends (FILES_PARSED_PER_TASK at most), no further one starts.
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThanOrEqual(FILES_PARSED_PER_TASK);
    expect(opened).toHaveLength(1);
    await vi.waitFor(() => expect(closed).toEqual(opened));
  });

  it('leaves answers up to FILES_ANSWER_WORKER_BYTES to the main thread (where Worker is missing too)', async () => {
    // Node has no Worker, so even a large answer is read here: the same files.
    const items = Array.from({ length: 3000 }, (_, i) => file(i));
    const answer = blobOf({ files: items });
    expect(answer.size).toBeGreaterThan(FILES_ANSWER_WORKER_BYTES);
    const files = await readFilesAnswer(answer, PATH);
    expect(files).toEqual(FilesResponseSchema.parse({ files: items }).files);
    expect(opened).toEqual([]);
  });
});
