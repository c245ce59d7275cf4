import { describe, expect, it, vi } from 'vitest';
import type { SectionDescriptor, SectionFiles } from '../../gallery';
import { sectionedSource, type SectionAccess } from './sectionedSource';

function files(ids: string[], time: number): SectionFiles {
  const n = ids.length;
  return {
    ids,
    aspects: new Float32Array(n).fill(1.5),
    times: new Float64Array(n).fill(time),
    kinds: new Uint8Array(n).map((_, i) => (i === 1 ? 1 : 0)),
    durations: new Float32Array(n),
  };
}

const DAY = 86_400;
/** Three months, newest first: March (a, b, c), February (empty), January (d, e). */
function access(): SectionAccess & { loads: number[] } {
  const descriptors: SectionDescriptor[] = [
    {
      key: 'm3',
      year: 2024,
      month: 3,
      startDay: 1,
      endDay: 31,
      counts: { pictures: 2, videos: 1, screenshots: 0 },
    },
    {
      key: 'm2',
      year: 2024,
      month: 2,
      startDay: 1,
      endDay: 29,
      counts: { pictures: 0, videos: 0, screenshots: 0 },
    },
    {
      key: 'm1',
      year: 2024,
      month: 1,
      startDay: 1,
      endDay: 31,
      counts: { pictures: 2, videos: 0, screenshots: 0 },
    },
  ];
  const all = [
    files(['a', 'b', 'c'], Date.UTC(2024, 2, 10) / 1000),
    files([], Date.UTC(2024, 1, 10) / 1000),
    files(['d', 'e'], Date.UTC(2024, 0, 10) / 1000),
  ];
  const loaded: (SectionFiles | null)[] = [null, null, null];
  const loads: number[] = [];
  return {
    loads,
    sectionCount: () => descriptors.length,
    descriptor: (i) => descriptors[i],
    sectionSize: (i) =>
      loaded[i]?.ids.length ?? descriptors[i].counts.pictures + descriptors[i].counts.videos,
    loaded: (i) => loaded[i],
    load: (i) => {
      loads.push(i);
      loaded[i] = all[i];
      return Promise.resolve(all[i]);
    },
  };
}

function source(sections = access()) {
  const times: Record<string, number> = {
    a: Date.UTC(2024, 2, 10) / 1000,
    d: Date.UTC(2024, 0, 10) / 1000,
    e: Date.UTC(2024, 0, 10) / 1000 + DAY,
  };
  return {
    sections,
    source: sectionedSource({
      access: sections,
      fileTime: vi.fn((id: string) => Promise.resolve(times[id] ?? null)),
      jobId: 'job',
      returnTo: '/photos',
      routeFor: (id) => `/photos/${id}`,
      thumbnailUrl: (id, size) => `${id}@${size}`,
      contentUrl: (id) => id,
      capabilities: {},
    }),
  };
}

const signal = new AbortController().signal;

describe('sectionedSource', () => {
  it('finds a deep-linked file by its capture time and counts its place among all files', async () => {
    const { source: s, sections } = source();
    const located = await s.locate('e', signal);
    expect(located?.file).toMatchObject({ id: 'e', kind: 'video' });
    expect(located?.position).toEqual({ index: 4, total: 5 });
    expect(sections.loads).toEqual([2]);
  });

  it('steps across section ends, skipping empty sections, loading what it enters', async () => {
    const { source: s, sections } = source();
    await s.locate('a', signal);
    expect((await s.neighbour('a', 1, signal))?.id).toBe('b');
    expect((await s.neighbour('b', 1, signal))?.kind).toBe('picture');
    expect((await s.neighbour('c', 1, signal))?.id).toBe('d');
    expect(sections.loads).toEqual([0, 1, 2]);
    expect((await s.neighbour('d', -1, signal))?.id).toBe('c');
    expect((await s.neighbour('a', 2, signal))?.id).toBe('c');
    expect(await s.neighbour('a', -1, signal)).toBeNull();
    expect(await s.neighbour('e', 1, signal)).toBeNull();
  });

  it('answers null for a file that is not in the list', async () => {
    const { source: s } = source();
    expect(await s.locate('nowhere', signal)).toBeNull();
  });
});
