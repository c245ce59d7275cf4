import type { TimelineSection } from '../../src/api/contract/jobs';
import { stmt, type Db } from './open';

/** SPEC §3: a month above this many files is split into day ranges so no section is huge. */
export const SECTION_MAX_FILES = 500;

export interface DayCount {
  day: number;
  pictures: number;
  videos: number;
  screenshots: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Sections from per-day counts sorted newest day first. Days are never split: a month's days are
 * packed newest first into sections of at most SECTION_MAX_FILES (a single larger day stands
 * alone). Ranges tile the month (first section ends on its last day, last starts on day 1), so
 * the client's start/end queries cover every file of the month.
 */
export function buildSections(days: readonly DayCount[]): TimelineSection[] {
  const sections: TimelineSection[] = [];
  let i = 0;
  while (i < days.length) {
    const monthKey = Math.floor(days[i].day / 100);
    const year = Math.floor(monthKey / 100);
    const month = monthKey % 100;
    let end = i;
    while (end < days.length && Math.floor(days[end].day / 100) === monthKey) end++;
    const monthDays = days.slice(i, end).filter((d) => d.pictures + d.videos + d.screenshots > 0);
    i = end;
    if (monthDays.length === 0) continue;
    let endDay = daysInMonth(year, month);
    let current: TimelineSection | null = null;
    for (const d of monthDays) {
      const n = d.pictures + d.videos + d.screenshots;
      const dayOfMonth = d.day % 100;
      if (current) {
        const { pictures, videos, screenshots } = current.counts;
        if (pictures + videos + screenshots + n > SECTION_MAX_FILES) {
          current.startDay = dayOfMonth + 1;
          sections.push(current);
          endDay = dayOfMonth;
          current = null;
        }
      }
      current ??= {
        year,
        month,
        startDay: 1,
        endDay,
        counts: { pictures: 0, videos: 0, screenshots: 0 },
      };
      current.counts.pictures += d.pictures;
      current.counts.videos += d.videos;
      current.counts.screenshots += d.screenshots;
    }
    if (current) sections.push(current);
  }
  return sections;
}

export function timelineMonths(db: Db, job: number): TimelineSection[] {
  const days = stmt<[number], DayCount>(
    db,
    `SELECT day, pictures, videos, screenshots FROM day_counts
       WHERE job = ? ORDER BY day DESC`,
  ).all(job);
  return buildSections(days);
}

/**
 * An album sorted by when files were added (SPEC §3 sort_order ADDED): sections by upload day,
 * newest first, counted as the timeline shows files (no documents, no non-master video of a live
 * or burst group). Read from the files themselves: albums are small next to a timeline, and
 * day_counts are kept by capture day.
 */
export function addedMonths(db: Db, job: number): TimelineSection[] {
  const days = stmt<[number], DayCount>(
    db,
    `SELECT CAST(strftime('%Y%m%d', uploaded, 'unixepoch') AS INTEGER) AS day,
       SUM(kind = 0 AND screenshot = 0) AS pictures,
       SUM(kind = 1 AND (group_type = 0 OR master = 1)) AS videos,
       SUM(kind = 0 AND screenshot = 1) AS screenshots
     FROM files WHERE job = ? AND deleted = 0 AND kind != 2
     GROUP BY day ORDER BY day DESC`,
  ).all(job);
  return buildSections(days);
}
