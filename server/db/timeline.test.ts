import { describe, expect, it } from 'vitest';
import { buildSections, type DayCount } from './timeline';

const day = (d: number, pictures: number, videos = 0, screenshots = 0): DayCount => ({
  day: d,
  pictures,
  videos,
  screenshots,
});

describe('buildSections', () => {
  it('keeps a month of up to 500 files whole, spanning all its days', () => {
    expect(buildSections([day(20240220, 300, 100), day(20240203, 50, 0, 50)])).toEqual([
      {
        year: 2024,
        month: 2,
        startDay: 1,
        endDay: 29,
        counts: { pictures: 350, videos: 100, screenshots: 50 },
      },
    ]);
  });

  it('splits a dense month into whole-day ranges that tile it, newest first', () => {
    const sections = buildSections([
      day(20230730, 300),
      day(20230720, 300),
      day(20230715, 900),
      day(20230702, 100),
    ]);
    expect(sections.map((s) => [s.startDay, s.endDay, s.counts.pictures])).toEqual([
      [21, 31, 300],
      [16, 20, 300],
      [3, 15, 900],
      [1, 2, 100],
    ]);
  });

  it('orders months newest first and skips document-only days and months', () => {
    const sections = buildSections([day(20240105, 1), day(20231231, 0), day(20231201, 2)]);
    expect(sections.map((s) => `${s.year}-${s.month}`)).toEqual(['2024-1', '2023-12']);
    expect(buildSections([day(20220101, 0)])).toEqual([]);
  });
});
