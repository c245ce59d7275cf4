/**
 * What the selection model needs from a grid's sections, and the states it reports. Sections and
 * items are positions (section index, item index in the section), never file objects: a
 * 1,000,000-file timeline's selection is a few hundred kilobytes of bits.
 */

/** The sections of a grid as the selection sees them. TimelineModel implements it. */
export interface SelectableIndex {
  readonly sectionCount: number;
  /**
   * Items in the section: the count from the section descriptor until the files load, then the
   * number of loaded files. When it changes, call `SelectionModel.syncSizes()`.
   */
  sectionSize(section: number): number;
  /** True once the section's files (and so their ids) are known. */
  isLoaded(section: number): boolean;
  /** Only called for loaded sections. */
  fileId(section: number, item: number): string;
}

/**
 * Optional calendar of the sections, for SPEC §4's load granularity (a month group not fully
 * loaded loads that month, days 1 to 31, or the whole year). TimelineModel has both methods.
 */
export interface CalendarIndex {
  sectionYear(section: number): number;
  /** 1..12 */
  sectionMonth(section: number): number;
}

/** 'section': only the unloaded sections in the range; 'month' / 'year': their whole group. */
export type LoadGranularity = 'section' | 'month' | 'year';

export interface ItemPosition {
  section: number;
  item: number;
}

/**
 * SPEC §3 per-file selection. Numeric so the renderer can copy it straight into an instance
 * attribute; the names are the SPEC's.
 */
export const FileSelectionState = {
  NotSelected: 0,
  Selected: 1,
  ToBeSelected: 2,
  ToBeDeselected: 3,
} as const;
export type FileSelectionState = (typeof FileSelectionState)[keyof typeof FileSelectionState];

/** SPEC §3 Timeline group selectionStatus. */
export type GroupSelectionStatus = 'all-selected' | 'none-selected' | 'partial';

/** SPEC §4 select-all status. */
export type SelectAllStatus = 'none' | 'some' | 'all';

/** How a range request ended: applied one way or the other, or superseded / aborted. */
export type RangeResult = 'selected' | 'deselected' | 'cancelled';
