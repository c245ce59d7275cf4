import type { DocumentFile } from '../../api/contract/documents';

/** SPEC §3 "Document group: header (year-month), files". */
export interface DocumentGroup {
  /** "2024-03": the header's key (SPEC §9 "Month key | year-month"). */
  key: string;
  year: number;
  /** 1 to 12. */
  month: number;
  files: DocumentFile[];
}

export type MonthOf = (unixSeconds: number) => { year: number; month: number };

/** The month of an upload as the user sees it: in the browser's own time zone. */
export const localMonthOf: MonthOf = (unixSeconds) => {
  const date = new Date(unixSeconds * 1000);
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
};

/**
 * Groups documents under year-month headers in the order given (the server lists the newest
 * upload first). Consecutive files of one month form one group; a month that comes back later
 * (the order was not by upload time) joins its existing group rather than repeating a header.
 */
export function groupDocuments(
  files: readonly DocumentFile[],
  monthOf: MonthOf = localMonthOf,
): DocumentGroup[] {
  const groups: DocumentGroup[] = [];
  const byKey = new Map<string, DocumentGroup>();
  for (const file of files) {
    const { year, month } = monthOf(file.uploadedTime);
    const key = `${year}-${String(month).padStart(2, '0')}`;
    let group = byKey.get(key);
    if (!group) {
      group = { key, year, month, files: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.files.push(file);
  }
  return groups;
}
