import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilesResponseSchema } from '../../api/contract/files';
import { ApiError } from '../../api/errors';
import { FILES_PARSED_PER_TASK, parseFilesInSlices } from './apiTimelineSource';

const file = (i: number) => ({
  id: `f-${i}`,
  path: `IMG_${i}.jpg`,
  ctime: 1_700_000_000 - i,
  mtime: 1_700_000_000,
  size: 1000 + i,
  width: 4032,
  height: 3024,
  type: 'picture',
});

afterEach(() => vi.unstubAllGlobals());

describe('parseFilesInSlices (issue 34.10: no task over 50 ms for a day of thousands)', () => {
  it('gives what FilesResponseSchema gives, checking one slice a task', async () => {
    const items: unknown[] = Array.from({ length: 2 * FILES_PARSED_PER_TASK + 7 }, (_, i) =>
      file(i),
    );
    const yields = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yields });
    const files = await parseFilesInSlices(items, '/jobs/1/files');
    expect(files).toEqual(FilesResponseSchema.parse({ files: items }).files);
    // Three slices, a yield before each but the first.
    expect(yields).toHaveBeenCalledTimes(2);
  });

  it('fails as the whole check would: malformed, the bad file named by its place in the list', async () => {
    vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
    const items: unknown[] = Array.from({ length: FILES_PARSED_PER_TASK + 3 }, (_, i) => file(i));
    items[FILES_PARSED_PER_TASK + 1] = { ...file(1), size: -1 };
    const failure = await parseFilesInSlices(items, '/jobs/1/files').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('malformed');
    expect((failure as ApiError).message).toContain(`files.${FILES_PARSED_PER_TASK + 1}.size`);
  });

  it('stops between slices once the load is cancelled', async () => {
    const controller = new AbortController();
    vi.stubGlobal('scheduler', {
      yield: () => {
        controller.abort();
        return Promise.resolve();
      },
    });
    const items: unknown[] = Array.from({ length: FILES_PARSED_PER_TASK + 1 }, (_, i) => file(i));
    await expect(parseFilesInSlices(items, '/jobs/1/files', controller.signal)).rejects.toThrow();
  });
});
