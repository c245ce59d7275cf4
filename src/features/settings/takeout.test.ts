import { describe, expect, it } from 'vitest';
import { yearCounts } from './TakeoutPage';

const section = (year: number, month: number, pictures: number, videos = 0, screenshots = 0) => ({
  year,
  month,
  startDay: 1,
  endDay: 28,
  counts: { pictures, videos, screenshots },
});

describe('takeout years', () => {
  it('sums sections per year, newest first, and leaves out empty years', () => {
    expect(
      yearCounts([
        section(2024, 3, 2, 1),
        section(1999, 1, 0),
        section(2024, 1, 5, 0, 2),
        section(1987, 7, 1),
      ]),
    ).toEqual([
      { year: 2024, count: 10 },
      { year: 1987, count: 1 },
    ]);
    expect(yearCounts([])).toEqual([]);
  });
});
