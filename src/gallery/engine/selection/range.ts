import type { CalendarIndex, ItemPosition, LoadGranularity, SelectableIndex } from './types';

/** An inclusive range of positions in timeline order, `start` <= `end`. */
export interface PositionRange {
  readonly start: ItemPosition;
  readonly end: ItemPosition;
}

/** Negative, zero or positive as `a` comes before, at or after `b` in timeline order. */
export function comparePositions(a: ItemPosition, b: ItemPosition): number {
  return a.section - b.section || a.item - b.item;
}

/**
 * The range between two positions in either order, sections clamped to the index and items to
 * their sections (an item of -1, a placeholder tile, reads as the section's first item).
 * Null when the index has no sections.
 */
export function orderedRange(
  sizeOf: (section: number) => number,
  sectionCount: number,
  a: ItemPosition,
  b: ItemPosition,
): PositionRange | null {
  if (sectionCount <= 0) return null;
  const first = clampPosition(sizeOf, sectionCount, a);
  const second = clampPosition(sizeOf, sectionCount, b);
  return comparePositions(first, second) <= 0
    ? { start: first, end: second }
    : { start: second, end: first };
}

/** The nearest position inside the sections; `sectionCount` must be positive. */
export function clampPosition(
  sizeOf: (section: number) => number,
  sectionCount: number,
  p: ItemPosition,
): ItemPosition {
  const section = Math.min(sectionCount - 1, Math.max(0, Math.floor(p.section) || 0));
  const item = Math.min(Math.max(0, sizeOf(section) - 1), Math.max(0, Math.floor(p.item) || 0));
  return { section, item };
}

export function rangeContains(range: PositionRange, section: number, item: number): boolean {
  const { start, end } = range;
  if (section < start.section || section > end.section) return false;
  if (section === start.section && item < start.item) return false;
  if (section === end.section && item > end.item) return false;
  return true;
}

/**
 * Calls `visit(section, from, to)` with the items [from, to) the range covers in each section,
 * sections of size 0 skipped.
 */
export function forEachSpan(
  sizeOf: (section: number) => number,
  range: PositionRange,
  visit: (section: number, from: number, to: number) => void,
): void {
  const { start, end } = range;
  for (let s = start.section; s <= end.section; s++) {
    const size = sizeOf(s);
    if (size === 0) continue;
    const from = s === start.section ? start.item : 0;
    const to = s === end.section ? end.item + 1 : size;
    if (from < to) visit(s, from, Math.min(to, size));
  }
}

export interface RangeLoadOptions {
  /** Needed for 'month' and 'year'; without it the granularity is 'section'. */
  calendar?: CalendarIndex;
  granularity?: LoadGranularity;
}

/**
 * The unloaded sections a range select must load first, in timeline order (SPEC §4: range
 * selection loads missing timeline sections first; "a month group not fully loaded triggers
 * loading the whole year, days 1 to 31, or that month"). With a calendar and 'month' or 'year',
 * every group the range touches that is not fully loaded loads whole: the month's other day
 * sections (days 1 to 31) or the year's other months, even outside the range. Groups are
 * contiguous in timeline order, so only the groups at the range's two ends reach past it.
 */
export function sectionsToLoadForRange(
  index: SelectableIndex,
  a: ItemPosition,
  b: ItemPosition,
  options: RangeLoadOptions = {},
): number[] {
  const range = orderedRange((s) => index.sectionSize(s), index.sectionCount, a, b);
  if (!range) return [];
  const first = range.start.section;
  const last = range.end.section;
  const groupOf = groupKeyOf(options);
  let from = first;
  let to = last;
  if (groupOf) {
    while (from > 0 && groupOf(from - 1) === groupOf(first)) from--;
    while (to < index.sectionCount - 1 && groupOf(to + 1) === groupOf(last)) to++;
  }
  const result: number[] = [];
  for (let s = from; s <= to; s++) if (!index.isLoaded(s)) result.push(s);
  return result;
}

function groupKeyOf(options: RangeLoadOptions): ((section: number) => number) | null {
  const { calendar, granularity = 'section' } = options;
  if (!calendar || granularity === 'section') return null;
  if (granularity === 'year') return (s) => calendar.sectionYear(s);
  return (s) => calendar.sectionYear(s) * 12 + calendar.sectionMonth(s) - 1;
}
