import { dateFormat, LONG_DATE, MONTH_YEAR } from '../domain/dateFormats';

/**
 * Makes the grid's date formats of `language` ahead, each in a task of its own, while the
 * page's code and data are on their way: made when the grid mounts, the first one (the
 * language's calendar data) held that task 48 ms more (issue 34.10).
 */
export function warmDateFormats(language: string): void {
  setTimeout(() => dateFormat(language, MONTH_YEAR), 0);
  setTimeout(() => dateFormat(language, LONG_DATE), 0);
}
