import { describe, expect, it, vi } from 'vitest';
import type { FileInfo } from '../../api/contract/files';
import type { ApiClient } from '../../api/http';
import { fetchRecents, recentsSource, windowCounts, type RecentsData } from './recents';

const NOW = Date.UTC(2025, 2, 10, 12) / 1000;
const DAY = 86_400;

function file(id: string, ctime: number, extra: Partial<FileInfo> = {}): FileInfo {
  return { id, path: `${id}.jpg`, ctime, mtime: ctime, size: 10, type: 'picture', ...extra };
}

/** A client whose /files answers depend on uploaded_since, recording each query. */
function fakeClient(byDays: Record<number, unknown[]>) {
  const queries: unknown[] = [];
  const request = vi.fn(({ call }: { call: { query: { uploaded_since?: number } } }) => {
    queries.push(call.query);
    return Promise.resolve({
      data: { files: byDays[call.query.uploaded_since ?? -1] ?? [] },
      headers: new Headers(),
      status: 200,
    });
  });
  return { client: { request } as unknown as ApiClient, queries };
}

describe('fetchRecents', () => {
  it('asks once with uploaded_since 30 and cuts the windows by upload time when it is sent', async () => {
    const files = [
      { ...file('a', NOW - 5 * DAY), uploaded: NOW - 3600 },
      { ...file('b', NOW - 400 * DAY), uploaded: NOW - 3 * DAY },
      { ...file('c', NOW - 20 * DAY), uploaded: NOW - 20 * DAY },
      { ...file('d', NOW - DAY, { type: 'document' }), uploaded: NOW - 60 },
    ];
    const { client, queries } = fakeClient({ 30: files });
    const data = await fetchRecents(client, 'job', new AbortController().signal, NOW);
    expect(queries).toEqual([{ uploaded_since: 30 }]);
    expect(data.files.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect([...data.windows[1]]).toEqual(['a']);
    expect([...data.windows[7]].sort()).toEqual(['a', 'b']);
    expect(windowCounts(data)).toEqual({ 1: 1, 7: 2, 30: 3 });
  });

  it('asks once when nothing was uploaded in the last 30 days', async () => {
    const { client, queries } = fakeClient({ 30: [] });
    const data = await fetchRecents(client, 'job', new AbortController().signal, NOW);
    expect(queries).toEqual([{ uploaded_since: 30 }]);
    expect(windowCounts(data)).toEqual({ 1: 0, 7: 0, 30: 0 });
  });

  it('without upload times, asks for the 7 and 1 day windows as well', async () => {
    const { client, queries } = fakeClient({
      30: [file('a', NOW), file('b', NOW - DAY), file('c', NOW - 2 * DAY)],
      7: [file('a', NOW), file('b', NOW - DAY)],
      1: [file('a', NOW)],
    });
    const data = await fetchRecents(client, 'job', new AbortController().signal, NOW);
    expect(queries).toEqual([{ uploaded_since: 30 }, { uploaded_since: 7 }, { uploaded_since: 1 }]);
    expect(windowCounts(data)).toEqual({ 1: 1, 7: 2, 30: 3 });
  });
});

describe('recentsSource', () => {
  const data: RecentsData = {
    files: [
      file('new1', Date.UTC(2025, 2, 9) / 1000),
      file('new2', Date.UTC(2025, 2, 1) / 1000, { type: 'movie', duration: 4 }),
      file('old', Date.UTC(2019, 6, 4) / 1000, { screenshot: true }),
    ],
    windows: {
      1: new Set(['new1']),
      7: new Set(['new1', 'old']),
      30: new Set(['new1', 'new2', 'old']),
    },
  };

  it('groups the window by capture month, newest first, with counts by kind', async () => {
    const source = recentsSource(() => data, 30);
    const sections = await source.sections(new AbortController().signal);
    expect(sections.map((s) => [s.key, s.year, s.month, s.endDay])).toEqual([
      ['2025-3-1', 2025, 3, 31],
      ['2019-7-1', 2019, 7, 31],
    ]);
    expect(sections[0].counts).toEqual({ pictures: 1, videos: 1, screenshots: 0 });
    expect(sections[1].counts).toEqual({ pictures: 0, videos: 0, screenshots: 1 });
    const files = await source.files(sections[0], new AbortController().signal);
    expect(files.ids).toEqual(['new1', 'new2']);
  });

  it('keeps only the window asked for', async () => {
    const sections = await recentsSource(() => data, 1).sections(new AbortController().signal);
    expect(sections.map((s) => s.key)).toEqual(['2025-3-1']);
    expect(sections[0].counts.pictures).toBe(1);
  });
});
