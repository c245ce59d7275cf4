import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FilesResponseSchema } from '../../api/contract/files';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { apiTimelineSource, kindOf, showsOnTimeline, toColumns } from './apiTimelineSource';
import { FILES_PARSED_PER_TASK, FILES_SLICE_MS, parseFilesInSlices } from './filesAnswer';
import type { FileInfo } from '../../api/contract/files';
import { filterKeepsKind, type TimelineFilter } from './filters';
import { listedFile } from './testing';

const file = (i: number) => listedFile(i);

afterEach(() => vi.unstubAllGlobals());

describe('the page’s first file check (issue 34.10: zod’s first check of a schema is slow)', () => {
  it('checks the first file alone, in a task of its own, and later lists by the step', async () => {
    vi.resetModules();
    const fresh = await import('./filesAnswer');
    const events: string[] = [];
    vi.stubGlobal('scheduler', {
      yield: () => {
        events.push('yield');
        return Promise.resolve();
      },
    });
    const items: unknown[] = Array.from({ length: 250 }, (_, i) => file(i));
    const parts = (part: readonly FileInfo[]) => events.push(`check ${part.length}`);
    const first = await fresh.parseFilesInSlices(items, '/jobs/1/files', undefined, parts, () => 0);
    expect(first).toEqual(FilesResponseSchema.parse({ files: items }).files);
    expect(events).toEqual(['yield', 'check 1', 'yield', 'check 100', 'check 100', 'check 49']);

    events.length = 0;
    await fresh.parseFilesInSlices(items, '/jobs/1/files', undefined, parts, () => 0);
    expect(events).toEqual(['check 100', 'check 100', 'check 50']);
  });
});

describe('parseFilesInSlices (issue 34.10: no task over 50 ms for a day of thousands)', () => {
  // The page's first check is a slice of its own (above); these look at the slices after it.
  beforeAll(async () => {
    vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
    await parseFilesInSlices([file(0)], '/jobs/1/files');
    vi.unstubAllGlobals();
  });

  it('gives what FilesResponseSchema gives, checking one slice a task', async () => {
    const items: unknown[] = Array.from({ length: 2 * FILES_PARSED_PER_TASK + 7 }, (_, i) =>
      file(i),
    );
    const yields = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yields });
    // A clock that never moves: slices end by their count alone.
    const files = await parseFilesInSlices(items, '/jobs/1/files', undefined, undefined, () => 0);
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

describe('slices end on the clock too (issue 34.10: a loaded machine ran 500 files in 100 ms)', () => {
  it('yields once a slice has run FILES_SLICE_MS, and hands each checked part on in order', async () => {
    const yields = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yields });
    const items: unknown[] = Array.from({ length: 450 }, (_, i) => file(i));
    // Each look at the clock finds the last step took the whole budget.
    let t = 0;
    const now = () => (t += FILES_SLICE_MS);
    const seen: string[] = [];
    const files = await parseFilesInSlices(
      items,
      '/jobs/1/files',
      undefined,
      (part) => {
        for (const f of part) seen.push(f.id);
      },
      now,
    );
    expect(files).toEqual(FilesResponseSchema.parse({ files: items }).files);
    expect(seen).toEqual(files.map((f) => f.id));
    // Five steps of 100 (the last of 50), a yield before each but the first.
    expect(yields).toHaveBeenCalledTimes(4);
  });
});

describe('apiTimelineSource files: checked, kept and copied into columns slice by slice', () => {
  const mixed = (i: number) => {
    const base = file(i);
    switch (i % 7) {
      case 0:
        return { ...base, type: 'movie', duration: 12.5 };
      case 1:
        return { ...base, screenshot: true };
      case 2:
        return { ...base, type: 'document', width: null, height: null };
      case 3:
        return { ...base, group: { type: 'burst', id: `g${i}`, master: false } };
      case 4:
        return { ...base, group: { type: 'live', id: `g${i}`, master: true }, ctime: 0 };
      case 5:
        return { ...base, width: 0 };
      default:
        return base;
    }
  };
  const clientAnswering = (files: unknown[]) =>
    ({
      request: () => Promise.resolve({ data: new Blob([JSON.stringify({ files })]) }),
    }) as unknown as ApiClient;
  const section = {
    key: '2026-11-3',
    year: 2026,
    month: 11,
    startDay: 3,
    endDay: 3,
    counts: { pictures: 1, videos: 1, screenshots: 1 },
  };

  for (const filter of ['all', 'only_images', 'only_videos', 'screenshots'] as TimelineFilter[]) {
    it(`gives what toColumns of the kept files gives (${filter})`, async () => {
      vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
      const items = Array.from({ length: 2 * FILES_PARSED_PER_TASK + 31 }, (_, i) => mixed(i));
      const observed: string[] = [];
      const source = apiTimelineSource(clientAnswering(items), 'job', filter, {
        observe: (files) => observed.push(...files.map((f) => f.id)),
      });
      const got = await source.files(section, new AbortController().signal);
      const parsed = FilesResponseSchema.parse({ files: items }).files;
      const kept = parsed.filter((f) => showsOnTimeline(f) && filterKeepsKind(filter, kindOf(f)));
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(parsed.length);
      expect(got).toEqual(toColumns(kept));
      expect(got).toEqual(reference(kept));
      expect(got.aspects.length).toBe(kept.length);
      expect(observed).toEqual(parsed.map((f) => f.id));
    });
  }
});

/** The columns as the row-at-once copy made them before (written out here, not shared). */
function reference(files: readonly FileInfo[]) {
  return {
    ids: files.map((f) => f.id),
    aspects: Float32Array.from(files, (f) =>
      (f.width ?? 0) > 0 && (f.height ?? 0) > 0 ? f.width! / f.height! : 4 / 3,
    ),
    times: Float64Array.from(files, (f) => f.ctime || f.mtime),
    kinds: Uint8Array.from(files, (f) => kindOf(f)),
    durations: Float32Array.from(files, (f) => f.duration ?? 0),
    sizes: Float64Array.from(files, (f) => f.size),
    paths: files.map((f) => f.path),
  };
}

describe('an album sorted ADDED against a service without ?order=added (src/api/CONTEXT.md)', () => {
  // SPEC §7 lists no order parameter for /timeline/months or /files: a service that ignores ours
  // answers by date taken. The grid is then the album by date taken, whole and consistent: the
  // sections as answered, each section's files as answered, exactly as for a taken-order source.
  const months = {
    months: [
      {
        year: 2024,
        month: 3,
        startDay: 1,
        endDay: 31,
        counts: { pictures: 2, videos: 0, screenshots: 0 },
      },
      {
        year: 2023,
        month: 7,
        startDay: 1,
        endDay: 31,
        counts: { pictures: 1, videos: 0, screenshots: 0 },
      },
    ],
  };
  const files = [file(1), file(2)];
  /** Answers by date taken whatever the query says, and records the queries. */
  function takenOrderService() {
    const queries: Record<string, unknown>[] = [];
    const client = {
      request: ({ call }: { call: { path: string; query: Record<string, unknown> } }) => {
        queries.push(call.query);
        return Promise.resolve({
          data: call.path.endsWith('/timeline/months')
            ? months
            : new Blob([JSON.stringify({ files })]),
        });
      },
    } as unknown as ApiClient;
    return { client, queries };
  }

  it('asks with order=added, and shows what a taken-order answer holds, as the taken order does', async () => {
    vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
    const added = takenOrderService();
    const taken = takenOrderService();
    const signal = new AbortController().signal;
    const byAdded = apiTimelineSource(added.client, 'album', 'all', { order: 'added' });
    const byTaken = apiTimelineSource(taken.client, 'album', 'all', { order: 'taken' });
    const sections = await byAdded.sections(signal);
    expect(sections).toEqual(await byTaken.sections(signal));
    expect(sections.map((s) => s.key)).toEqual(['2024-3-1', '2023-7-1']);
    expect(await byAdded.files(sections[0], signal)).toEqual(
      await byTaken.files(sections[0], signal),
    );
    expect((await byAdded.files(sections[0], signal)).aspects.length).toBe(2);
    expect(added.queries.every((q) => q.order === 'added')).toBe(true);
    expect(taken.queries.some((q) => 'order' in q)).toBe(false);
  });
});
