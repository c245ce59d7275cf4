import type { CallTarget } from '../../api/contract/callTarget';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/http';
import { FILE_KIND } from '../../gallery';
import { apiTimelineSource } from './apiTimelineSource';
import {
  defaultRecentsFilter,
  filterCounts,
  filterKeepsKind,
  parseFilter,
  TIMELINE_FILTERS,
} from './filters';

describe('timeline filters (SPEC §2)', () => {
  it('has the SPEC names and falls back to all', () => {
    expect(TIMELINE_FILTERS).toEqual([
      'all',
      'only_images',
      'only_videos',
      'recents_1',
      'recents_7',
      'recents_30',
      'screenshots',
    ]);
    expect(parseFilter('only_videos')).toBe('only_videos');
    expect(parseFilter('nonsense')).toBe('all');
    expect(parseFilter(null)).toBe('all');
  });

  it('SPEC §9: the default recents filter picks 7 if any, else 1, else 30, else 7', () => {
    expect(defaultRecentsFilter({ 1: 3, 7: 5, 30: 9 })).toBe('recents_7');
    expect(defaultRecentsFilter({ 1: 2, 7: 0, 30: 9 })).toBe('recents_1');
    expect(defaultRecentsFilter({ 1: 0, 7: 0, 30: 9 })).toBe('recents_30');
    expect(defaultRecentsFilter({ 1: 0, 7: 0, 30: 0 })).toBe('recents_7');
  });

  it('keeps the right kinds and counts', () => {
    const counts = { pictures: 5, videos: 2, screenshots: 1 };
    expect(filterCounts('only_images', counts)).toEqual({ pictures: 5, videos: 0, screenshots: 1 });
    expect(filterCounts('only_videos', counts)).toEqual({ pictures: 0, videos: 2, screenshots: 0 });
    expect(filterCounts('screenshots', counts)).toEqual({ pictures: 0, videos: 0, screenshots: 1 });
    expect(filterCounts('all', counts)).toBe(counts);
    expect(filterKeepsKind('only_images', FILE_KIND.screenshot)).toBe(true);
    expect(filterKeepsKind('only_images', FILE_KIND.video)).toBe(false);
    expect(filterKeepsKind('screenshots', FILE_KIND.picture)).toBe(false);
    expect(filterKeepsKind('only_videos', FILE_KIND.video)).toBe(true);
  });
});

describe('apiTimelineSource under a filter', () => {
  const months = {
    months: [
      {
        year: 2025,
        month: 3,
        startDay: 1,
        endDay: 31,
        counts: { pictures: 2, videos: 0, screenshots: 0 },
      },
      {
        year: 2025,
        month: 2,
        startDay: 1,
        endDay: 28,
        counts: { pictures: 1, videos: 1, screenshots: 1 },
      },
    ],
  };
  const files = {
    files: [
      { id: 'p', path: 'p.jpg', ctime: 1, mtime: 1, size: 1, type: 'picture' },
      { id: 'v', path: 'v.mp4', ctime: 1, mtime: 1, size: 2, type: 'movie', duration: 3 },
      { id: 's', path: 's.png', ctime: 1, mtime: 1, size: 3, type: 'picture', screenshot: true },
    ],
  };
  const client = {
    request: vi.fn(({ call: opts }: { call: CallTarget }) =>
      Promise.resolve({
        data: opts.path.endsWith('/months') ? months : new Blob([JSON.stringify(files)]),
        headers: new Headers(),
        status: 200,
      }),
    ),
  } as unknown as ApiClient;
  const signal = new AbortController().signal;

  it('skips sections with nothing for the filter and estimates with its counts', async () => {
    const sections = await apiTimelineSource(client, 'job', 'only_videos').sections(signal);
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({
      key: '2025-2-1',
      counts: { pictures: 0, videos: 1, screenshots: 0 },
    });
  });

  it('keeps the files of the filter, with sizes and paths for downloads', async () => {
    const source = apiTimelineSource(client, 'job', 'screenshots');
    const [section] = await source.sections(signal);
    const columns = await source.files(section, signal);
    expect(columns.ids).toEqual(['s']);
    expect(columns.kinds[0]).toBe(FILE_KIND.screenshot);
    expect(columns.sizes?.[0]).toBe(3);
    expect(columns.paths).toEqual(['s.png']);
    const images = await apiTimelineSource(client, 'job', 'only_images').files(section, signal);
    expect(images.ids).toEqual(['p', 's']);
  });
});
