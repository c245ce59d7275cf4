import { describe, expect, it } from 'vitest';
import type { SectionDescriptor, SectionFiles, TimelineSource } from '../../gallery';
import { reversedSource } from './albumSource';

const section = (key: string, month: number): SectionDescriptor => ({
  key,
  year: 2024,
  month,
  startDay: 1,
  endDay: 28,
  counts: { pictures: 3, videos: 0, screenshots: 0 },
});

function files(ids: string[]): SectionFiles {
  return {
    ids,
    aspects: Float32Array.from(ids.map((_, i) => 1 + i)),
    times: Float64Array.from(ids.map((_, i) => 100 - i)),
    kinds: new Uint8Array(ids.length),
    durations: new Float32Array(ids.length),
    sizes: Float64Array.from(ids.map((_, i) => 10 * i)),
    paths: ids.map((id) => `${id}.jpg`),
  };
}

describe('reversedSource (SPEC §3 OLDEST_TAKEN)', () => {
  it('gives the oldest section first and each section oldest first, every column with it', async () => {
    const source: TimelineSource = {
      sections: () => Promise.resolve([section('new', 5), section('old', 2)]),
      files: (s) => Promise.resolve(files(s.key === 'new' ? ['n1', 'n2', 'n3'] : ['o1', 'o2'])),
    };
    const reversed = reversedSource(source);
    const signal = new AbortController().signal;
    const sections = await reversed.sections(signal);
    expect(sections.map((s) => s.key)).toEqual(['old', 'new']);
    const newest = await reversed.files(sections[1], signal);
    expect(newest.ids).toEqual(['n3', 'n2', 'n1']);
    expect([...newest.times]).toEqual([98, 99, 100]);
    expect([...newest.aspects]).toEqual([3, 2, 1]);
    expect([...newest.sizes!]).toEqual([20, 10, 0]);
    expect(newest.paths).toEqual(['n3.jpg', 'n2.jpg', 'n1.jpg']);
  });
});
