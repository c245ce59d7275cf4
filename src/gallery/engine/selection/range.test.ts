import { describe, expect, it } from 'vitest';
import {
  clampPosition,
  comparePositions,
  forEachSpan,
  orderedRange,
  rangeContains,
  sectionsToLoadForRange,
} from './range';
import { TestSelectableIndex } from './testIndex';

const at = (section: number, item: number) => ({ section, item });

describe('range', () => {
  const sizes = [3, 0, 4, 2];
  const sizeOf = (s: number) => sizes[s] ?? 0;

  it('orders positions in timeline order: section, then item', () => {
    expect(comparePositions(at(0, 5), at(1, 0))).toBeLessThan(0);
    expect(comparePositions(at(1, 2), at(1, 1))).toBeGreaterThan(0);
    expect(comparePositions(at(2, 2), at(2, 2))).toBe(0);
  });

  it('orders and clamps the two ends of a range', () => {
    expect(orderedRange(sizeOf, 4, at(2, 1), at(0, 2))).toEqual({
      start: at(0, 2),
      end: at(2, 1),
    });
    // A placeholder tile (-1) reads as the first item; past the end as the last.
    expect(orderedRange(sizeOf, 4, at(0, -1), at(9, 99))).toEqual({
      start: at(0, 0),
      end: at(3, 1),
    });
    expect(clampPosition(sizeOf, 4, at(1, 3))).toEqual(at(1, 0));
    expect(clampPosition(sizeOf, 4, at(Number.NaN, Number.NaN))).toEqual(at(0, 0));
    expect(orderedRange(sizeOf, 0, at(0, 0), at(0, 0))).toBeNull();
  });

  it('tells whether a position is inside', () => {
    const range = { start: at(0, 1), end: at(2, 2) };
    expect(rangeContains(range, 0, 0)).toBe(false);
    expect(rangeContains(range, 0, 1)).toBe(true);
    expect(rangeContains(range, 1, 0)).toBe(true);
    expect(rangeContains(range, 2, 2)).toBe(true);
    expect(rangeContains(range, 2, 3)).toBe(false);
    expect(rangeContains(range, 3, 0)).toBe(false);
  });

  it('visits each section span, skipping empty sections', () => {
    const spans: number[][] = [];
    forEachSpan(sizeOf, { start: at(0, 1), end: at(3, 0) }, (s, from, to) =>
      spans.push([s, from, to]),
    );
    expect(spans).toEqual([
      [0, 1, 3],
      [2, 0, 4],
      [3, 0, 1],
    ]);
    const one: number[][] = [];
    forEachSpan(sizeOf, { start: at(2, 1), end: at(2, 2) }, (s, from, to) =>
      one.push([s, from, to]),
    );
    expect(one).toEqual([[2, 1, 3]]);
  });
});

describe('sectionsToLoadForRange', () => {
  it('returns the unloaded sections between the two ends, either order', () => {
    const index = new TestSelectableIndex([5, 5, 5, 5, 5], [true, false, true, false, false]);
    expect(sectionsToLoadForRange(index, at(0, 2), at(3, 1))).toEqual([1, 3]);
    expect(sectionsToLoadForRange(index, at(3, 1), at(0, 2))).toEqual([1, 3]);
    expect(sectionsToLoadForRange(index, at(2, 0), at(2, 4))).toEqual([]);
    expect(sectionsToLoadForRange(new TestSelectableIndex([]), at(0, 0), at(1, 1))).toEqual([]);
  });

  /** Sections: [2024-05 days 1-10, 2024-05 11-20, 2024-05 21-31, 2024-04, 2023-12, 2023-11]. */
  function calendarIndex(loaded: boolean[]): TestSelectableIndex {
    const index = new TestSelectableIndex([4, 4, 4, 4, 4, 4], loaded);
    const months: [number, number][] = [
      [2024, 5],
      [2024, 5],
      [2024, 5],
      [2024, 4],
      [2023, 12],
      [2023, 11],
    ];
    months.forEach(([year, month], s) => (index.months[s] = { year, month }));
    return index;
  }

  it("'month': an end month not fully loaded loads whole (days 1 to 31)", () => {
    const index = calendarIndex([true, false, false, false, true, false]);
    const options = { calendar: index, granularity: 'month' as const };
    // The range starts in 2024-05's second day section: its third one loads too.
    expect(sectionsToLoadForRange(index, at(1, 0), at(3, 0), options)).toEqual([1, 2, 3]);
    // Only May's loaded first day section is in range, but May is not fully loaded.
    expect(sectionsToLoadForRange(index, at(0, 0), at(0, 3), options)).toEqual([1, 2]);
    // 2023-12 is one loaded section: a fully loaded month loads nothing.
    expect(sectionsToLoadForRange(index, at(4, 0), at(4, 3), options)).toEqual([]);
    // Without a calendar, 'month' falls back to the sections in range.
    expect(sectionsToLoadForRange(index, at(1, 0), at(1, 3), { granularity: 'month' })).toEqual([
      1,
    ]);
  });

  it("'year': an end group not fully loaded loads its whole year", () => {
    const index = calendarIndex([true, true, true, false, true, false]);
    const options = { calendar: index, granularity: 'year' as const };
    // 2024 and 2023 are both touched and neither is fully loaded.
    expect(sectionsToLoadForRange(index, at(3, 0), at(4, 0), options)).toEqual([3, 5]);
    expect(sectionsToLoadForRange(index, at(4, 0), at(4, 1), options)).toEqual([5]);
    expect(sectionsToLoadForRange(index, at(0, 0), at(2, 0), options)).toEqual([3]);
    index.load([3, 5]);
    expect(sectionsToLoadForRange(index, at(0, 0), at(5, 0), options)).toEqual([]);
  });

  it("'section' (the default) loads only what is in range", () => {
    const index = calendarIndex([false, false, false, false, false, false]);
    expect(sectionsToLoadForRange(index, at(1, 0), at(3, 0), { calendar: index })).toEqual([
      1, 2, 3,
    ]);
  });
});
