/**
 * Shared engine types. The engine knows sections of files with aspect ratios and dates; it does
 * not know which page it serves (timeline, album grid, trash, picker).
 */

/** SPEC §3 Timeline section counts. */
export interface SectionCounts {
  pictures: number;
  videos: number;
  screenshots: number;
}

/** SPEC §3 Timeline section: a month, or a day range of a dense month (days 1 to 31). */
export interface SectionDescriptor {
  /** Stable key, e.g. "2019-03" or "2019-03-01-10". */
  key: string;
  year: number;
  /** 1..12 */
  month: number;
  startDay: number;
  endDay: number;
  counts: SectionCounts;
  /**
   * The header's text when the section is not a month (the trash's "removed soon" group);
   * unset, the header names the year and month.
   */
  label?: string;
}

export type SectionFetchStatus = 'UNFETCHED' | 'FETCHING' | 'FETCHED';

/**
 * The sizes of SPEC §9 "Timeline cells", per breakpoint, in CSS pixels: `gridMetrics.ts` builds
 * them from the pinned domain constants.
 */
export interface GridMetrics {
  targetRowHeight: number;
  spacing: number;
  headerHeight: number;
  headerGap: number;
  groupGap: number;
  /** SPEC §9: row cap 8 elements. */
  rowCap: number;
  /**
   * SPEC §3 album view mode "grid": every tile a square (the image cropped around its centre);
   * otherwise ("flow", the timeline) justified rows keep each image's shape.
   */
  squareTiles?: boolean;
}

/** Result of laying out one section's items: rects relative to the top-left of its first row. */
export interface SectionLayout {
  /** x, y, width, height per item (4 floats an item), CSS pixels. */
  rects: Float32Array;
  /** Height of the rows alone (no header, no gaps). */
  rowsHeight: number;
  rowCount: number;
}
