import { RECENTS_UPLOADED_SINCE_DAYS, RECENTS_WINDOWS_DAYS } from '../../domain/constants';
import { FILE_KIND, type SectionCounts } from '../../gallery';

/** SPEC §2 timeline filters, by their SPEC names (also the `filter` query parameter). */
export const TIMELINE_FILTERS = [
  'all',
  'only_images',
  'only_videos',
  'recents_1',
  'recents_7',
  'recents_30',
  'screenshots',
] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];
export type RecentsFilter = Extract<TimelineFilter, `recents_${number}`>;

/** SPEC §9 Recents: windows of 1, 7 and 30 days; the load asks for uploaded_since 30. */
export const RECENTS_WINDOWS = RECENTS_WINDOWS_DAYS;
export type RecentsWindow = (typeof RECENTS_WINDOWS)[number];
export const RECENTS_LOAD_DAYS = RECENTS_UPLOADED_SINCE_DAYS;

export function parseFilter(value: string | null): TimelineFilter {
  return (TIMELINE_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as TimelineFilter)
    : 'all';
}

export function isRecents(filter: TimelineFilter): filter is RecentsFilter {
  return filter.startsWith('recents_');
}

export function recentsWindowOf(filter: RecentsFilter): RecentsWindow {
  return Number(filter.slice('recents_'.length)) as RecentsWindow;
}

export function recentsFilter(days: RecentsWindow): RecentsFilter {
  return `recents_${days}`;
}

/**
 * SPEC §9: "default filter picks 7 if any, else 1, else 30, else 7" — by the number of files
 * uploaded within each window.
 */
export function defaultRecentsFilter(
  counts: Readonly<Record<RecentsWindow, number>>,
): RecentsFilter {
  if (counts[7] > 0) return 'recents_7';
  if (counts[1] > 0) return 'recents_1';
  if (counts[30] > 0) return 'recents_30';
  return 'recents_7';
}

/**
 * Whether a file of this FILE_KIND shows under the filter. Screenshots are images (only_images
 * keeps them); the screenshots filter keeps nothing else; recents keep every kind.
 */
export function filterKeepsKind(filter: TimelineFilter, kind: number): boolean {
  switch (filter) {
    case 'only_images':
      return kind !== FILE_KIND.video;
    case 'only_videos':
      return kind === FILE_KIND.video;
    case 'screenshots':
      return kind === FILE_KIND.screenshot;
    default:
      return true;
  }
}

/**
 * A section's counts as the filter sees them (the months answer splits pictures, videos and
 * screenshots): the estimate of its height, and zero means the section is skipped.
 */
export function filterCounts(filter: TimelineFilter, counts: SectionCounts): SectionCounts {
  switch (filter) {
    case 'only_images':
      return { pictures: counts.pictures, videos: 0, screenshots: counts.screenshots };
    case 'only_videos':
      return { pictures: 0, videos: counts.videos, screenshots: 0 };
    case 'screenshots':
      return { pictures: 0, videos: 0, screenshots: counts.screenshots };
    default:
      return counts;
  }
}
