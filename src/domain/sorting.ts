/** SPEC §5: "Files sorted by ctime, falling back to mtime, then path." */

export interface SortableFile {
  /** Capture time in seconds; missing for files without a known capture time. */
  ctime?: number | null;
  /** Modification time in seconds. */
  mtime: number;
  path: string;
}

/**
 * ctime when known, else mtime. A ctime of 0 (the epoch) counts as unknown: no photo in the
 * service was taken in 1970, and sorting those files to the very end would bury them.
 */
export function takenTime(file: SortableFile): number {
  return file.ctime != null && file.ctime > 0 ? file.ctime : file.mtime;
}

// Code-unit order rather than localeCompare: the order must not change with the UI language.
function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Newest first. Equal taken times fall back to mtime (newest first), then to path ascending, so
 * the order is total and identical wherever files are listed.
 */
export function compareByTakenDesc(a: SortableFile, b: SortableFile): number {
  return takenTime(b) - takenTime(a) || b.mtime - a.mtime || comparePaths(a.path, b.path);
}

/** Oldest first (album sort OLDEST_TAKEN); ties still put paths in ascending order. */
export function compareByTakenAsc(a: SortableFile, b: SortableFile): number {
  return takenTime(a) - takenTime(b) || a.mtime - b.mtime || comparePaths(a.path, b.path);
}
