import type { CalendarIndex, ItemPosition, SelectableIndex } from '../selection/types';
import { nearestInRow, rowCountOf, rowOf } from '../timeline/geometry';

/** What keyboard navigation reads of a grid; TimelineModel has all of it. */
export interface NavigableGrid extends SelectableIndex, CalendarIndex {
  /** Exact rects of a laid-out section (local to its box), else null. */
  rectsOf(section: number): Float32Array | null;
  /** Left edge of a section's box: sparse months share rows (timeline/packing.ts). 0 if absent. */
  sectionLeft?(section: number): number;
  /** The first section of a section's band (itself when alone). */
  bandOf?(section: number): number;
}

export type NavigationDirection =
  | 'left'
  | 'right'
  | 'up'
  | 'down'
  | 'nextMonth'
  | 'previousMonth'
  | 'nextYear'
  | 'previousYear'
  | 'first'
  | 'last';

/** An item to focus, or a section that must load (and lay out) before the step can be taken. */
export type NavigationTarget =
  { kind: 'item'; section: number; item: number } | { kind: 'load'; section: number } | null;

const item = (section: number, index: number): NavigationTarget => ({
  kind: 'item',
  section,
  item: index,
});

/**
 * One keyboard step through the grid: left and right follow timeline order across sections; up
 * and down go to the item of the next row whose centre is nearest (rows of the next section
 * included); months and years (Immich's M / Y) go to the first item of the next or previous
 * group; first and last to the ends. Empty sections are skipped.
 */
export function navigate(
  grid: NavigableGrid,
  from: ItemPosition,
  direction: NavigationDirection,
): NavigationTarget {
  switch (direction) {
    case 'left':
      if (from.item > 0) return item(from.section, from.item - 1);
      return lastItemOf(grid, previousNonEmpty(grid, from.section - 1));
    case 'right':
      if (from.item + 1 < grid.sectionSize(from.section)) return item(from.section, from.item + 1);
      return firstItemOf(grid, nextNonEmpty(grid, from.section + 1));
    case 'up':
    case 'down':
      return vertical(grid, from, direction === 'down' ? 1 : -1);
    case 'nextMonth':
    case 'nextYear': {
      const key = groupKey(grid, direction === 'nextYear');
      const own = key(from.section);
      let s = from.section + 1;
      while (s < grid.sectionCount && key(s) === own) s++;
      return firstItemOf(grid, nextNonEmpty(grid, s));
    }
    case 'previousMonth':
    case 'previousYear': {
      const key = groupKey(grid, direction === 'previousYear');
      let start = from.section;
      while (start > 0 && key(start - 1) === key(from.section)) start--;
      const previous = previousNonEmpty(grid, start - 1);
      if (previous < 0) return null;
      let first = previous;
      while (first > 0 && key(first - 1) === key(previous)) first--;
      return firstItemOf(grid, nextNonEmpty(grid, first));
    }
    case 'first':
      return firstItemOf(grid, nextNonEmpty(grid, 0));
    case 'last':
      return lastItemOf(grid, previousNonEmpty(grid, grid.sectionCount - 1));
  }
}

function groupKey(grid: NavigableGrid, year: boolean): (section: number) => number {
  return year
    ? (s) => grid.sectionYear(s)
    : (s) => grid.sectionYear(s) * 12 + grid.sectionMonth(s) - 1;
}

function nextNonEmpty(grid: NavigableGrid, from: number): number {
  for (let s = Math.max(0, from); s < grid.sectionCount; s++) if (grid.sectionSize(s) > 0) return s;
  return -1;
}

function previousNonEmpty(grid: NavigableGrid, from: number): number {
  for (let s = Math.min(from, grid.sectionCount - 1); s >= 0; s--) {
    if (grid.sectionSize(s) > 0) return s;
  }
  return -1;
}

function firstItemOf(grid: NavigableGrid, section: number): NavigationTarget {
  if (section < 0) return null;
  if (!grid.isLoaded(section)) return { kind: 'load', section };
  return item(section, 0);
}

function lastItemOf(grid: NavigableGrid, section: number): NavigationTarget {
  if (section < 0) return null;
  if (!grid.isLoaded(section)) return { kind: 'load', section };
  return item(section, grid.sectionSize(section) - 1);
}

function vertical(grid: NavigableGrid, from: ItemPosition, step: 1 | -1): NavigationTarget {
  const rects = grid.rectsOf(from.section);
  if (!rects || from.item * 4 >= rects.length) return null;
  const left = (section: number) => grid.sectionLeft?.(section) ?? 0;
  const band = (section: number) => grid.bandOf?.(section) ?? section;
  const localX = rects[from.item * 4] + rects[from.item * 4 + 2] / 2;
  const row = rowOf(rects, from.item) + step;
  if (row >= 0 && row < rowCountOf(rects)) {
    return item(from.section, nearestInRow(rects, row, localX));
  }
  // Out of the section: to the band below or above, where the box under the same x is.
  const centreX = left(from.section) + localX;
  const own = band(from.section);
  let beyond = from.section + 1;
  while (step > 0 && beyond < grid.sectionCount && band(beyond) === own) beyond++;
  let next = step > 0 ? nextNonEmpty(grid, beyond) : previousNonEmpty(grid, own - 1);
  if (next < 0) return null;
  const first = band(next);
  for (let s = first; s < grid.sectionCount && band(s) === first; s++) {
    if (grid.sectionSize(s) > 0 && left(s) <= centreX) next = s;
  }
  const nextRects = grid.rectsOf(next);
  if (!grid.isLoaded(next) || !nextRects) return { kind: 'load', section: next };
  const nextRow = step > 0 ? 0 : rowCountOf(nextRects) - 1;
  return item(next, nearestInRow(nextRects, nextRow, centreX - left(next)));
}
