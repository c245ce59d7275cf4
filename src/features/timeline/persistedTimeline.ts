import type { IDBPDatabase } from 'idb';
import type {
  SectionCounts,
  SectionDescriptor,
  SectionFiles,
  SectionHeights,
  TimelineSource,
} from '../../gallery';
import { SECTIONS_STORE, TIMELINES_STORE, timelineDb } from '../../platform/offlineData';
import { yieldToEventLoop } from '../../platform/yieldToEventLoop';

/**
 * The persisted timeline (issue 19, second visit): a timeline's months, its sections' files and
 * each section's exact layout height per width class, kept in IndexedDB per user, job and
 * variant (filter), so the next visit draws its first screen from disk before the network
 * answers. Reconciled on that visit: the months are listed again in the background (sections
 * whose counts changed are fetched again, their saved files are not used), and the change
 * stream resumes from the saved serial (`serial`, read by useJobSync). Logout deletes it all
 * (platform/offlineData).
 */
export interface TimelineScope {
  user: string;
  job: string;
  /** The filter or order the months and files were listed for. */
  variant: string;
}

interface TimelineRecord {
  months: SectionDescriptor[] | null;
  serial: number | null;
  /** section key → the listed count the heights are for, and rows height per width class. */
  heights: Record<string, { count: number; byWidth: Record<string, number> }>;
}

interface SectionRecord {
  counts: SectionCounts;
  /** Packed (packFiles) since issue 34.10; records of before hold the columns as they are. */
  files: SectionFiles | PackedFiles;
}

/** A section's files as stored: the string columns as one JSON string each. */
export interface PackedFiles extends Omit<SectionFiles, 'ids' | 'paths'> {
  ids: string;
  paths?: string;
}

/** Strings a slice of packFilesInSlices writes (a few ms on an idle machine). */
export const PACKED_PER_TASK = 1000;

/**
 * IndexedDB copies a record on the main thread when it is put (structured clone), string by
 * string: a day of a 70,000-photo month (6,000 files, an id and a path each) took a long task of
 * its own (bench/hugeMonth.bench.ts). One JSON string per column is one copy, and typed arrays
 * are copied whole. Each string is the JSON of its whole column, written a slice a task with a
 * yield to the event loop between (issue 34.10: JSON.stringify of the day's ids and paths, and
 * the put, were one long task with the files' check).
 */
export async function packFilesInSlices(files: SectionFiles): Promise<PackedFiles> {
  const { ids, paths, ...columns } = files;
  const packedIds = await jsonInSlices(ids);
  const packedPaths = paths ? await jsonInSlices(paths) : undefined;
  return {
    ...columns,
    ids: packedIds,
    ...(packedPaths !== undefined ? { paths: packedPaths } : {}),
  };
}

/** JSON.stringify(values) for strings, PACKED_PER_TASK of them a task. */
async function jsonInSlices(values: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (let from = 0; from < values.length; from += PACKED_PER_TASK) {
    if (from > 0) await yieldToEventLoop();
    // '[a,b]' less its brackets: the parts joined by ',' are the whole array's elements.
    parts.push(JSON.stringify(values.slice(from, from + PACKED_PER_TASK)).slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}

/** The files of a stored record, packed or (an older record) not. */
export function unpackFiles(stored: SectionFiles | PackedFiles): SectionFiles {
  if (typeof stored.ids !== 'string') return stored as SectionFiles;
  const { ids, paths, ...columns } = stored as PackedFiles;
  return {
    ...columns,
    ids: JSON.parse(ids) as string[],
    ...(paths !== undefined ? { paths: JSON.parse(paths) as string[] } : {}),
  };
}

/**
 * Writes of every persisted timeline not landed yet: a save scheduled (heights, months, serial)
 * or being put, and sections being packed or put. 0: a next visit finds on disk all that this
 * one saved (the revisit bench waits for it through the test hooks instead of sleeping).
 */
let pendingWrites = 0;

export function persistedTimelineWritesPending(): number {
  return pendingWrites;
}

async function counted<T>(write: () => Promise<T>): Promise<T> {
  pendingWrites++;
  try {
    return await write();
  } finally {
    pendingWrites--;
  }
}

/** How long height changes gather before one write (a fling lays out many sections). */
const HEIGHTS_SAVE_DELAY_MS = 1000;
/** Width classes kept per section (a window resized often should not grow the record). */
const WIDTHS_KEPT = 4;

export class PersistedTimeline implements SectionHeights {
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    private readonly db: IDBPDatabase,
    private readonly key: string,
    private readonly record: TimelineRecord,
  ) {}

  /** The saved timeline of this scope (empty if none); null where IndexedDB is unusable. */
  static async open(scope: TimelineScope): Promise<PersistedTimeline | null> {
    const db = await timelineDb();
    if (!db) return null;
    const key = `${scope.user}/${scope.job}/${scope.variant}`;
    try {
      const saved = (await db.get(TIMELINES_STORE, key)) as TimelineRecord | undefined;
      return new PersistedTimeline(db, key, saved ?? { months: null, serial: null, heights: {} });
    } catch {
      return null;
    }
  }

  get months(): SectionDescriptor[] | null {
    return this.record.months;
  }

  get serial(): number | null {
    return this.record.serial;
  }

  saveMonths(months: SectionDescriptor[]): void {
    this.record.months = months;
    this.saveSoon(0);
  }

  saveSerial(serial: number): void {
    if (serial < 0 || serial === this.record.serial) return;
    this.record.serial = serial;
    this.saveSoon(HEIGHTS_SAVE_DELAY_MS);
  }

  get(key: string, count: number, widthClass: string): number | undefined {
    const entry = this.record.heights[key];
    return entry && entry.count === count ? entry.byWidth[widthClass] : undefined;
  }

  set(key: string, count: number, widthClass: string, rowsHeight: number): void {
    let entry = this.record.heights[key];
    if (!entry || entry.count !== count) {
      entry = { count, byWidth: {} };
      this.record.heights[key] = entry;
    }
    if (entry.byWidth[widthClass] === rowsHeight) return;
    delete entry.byWidth[widthClass];
    entry.byWidth[widthClass] = rowsHeight;
    const widths = Object.keys(entry.byWidth);
    if (widths.length > WIDTHS_KEPT) delete entry.byWidth[widths[0]];
    this.saveSoon(HEIGHTS_SAVE_DELAY_MS);
  }

  async loadSection(
    key: string,
  ): Promise<{ counts: SectionCounts; files: SectionFiles } | undefined> {
    try {
      const record = (await this.db.get(SECTIONS_STORE, `${this.key}\n${key}`)) as
        SectionRecord | undefined;
      return record && { counts: record.counts, files: unpackFiles(record.files) };
    } catch {
      return undefined;
    }
  }

  /**
   * Saves a section's files after the grid has them: packed in slices from the next task on,
   * then put (its structured clone) in a task of its own. Resolves once written or failed.
   */
  saveSection(key: string, counts: SectionCounts, files: SectionFiles): Promise<void> {
    return counted(async () => {
      try {
        await yieldToEventLoop();
        const record: SectionRecord = { counts, files: await packFilesInSlices(files) };
        await yieldToEventLoop();
        await this.db.put(SECTIONS_STORE, record, `${this.key}\n${key}`);
      } catch {
        // Not kept: the next visit fetches the section again.
      }
    });
  }

  /** Writes what is pending now (tests, and before the page goes). */
  flush(): Promise<void> {
    this.cancelSave();
    return counted(() =>
      this.db
        .put(TIMELINES_STORE, this.record, this.key)
        .then(() => undefined)
        .catch(() => undefined),
    );
  }

  private saveSoon(delay: number): void {
    if (this.saveTimer) {
      if (delay > 0) return;
      this.cancelSave();
    }
    pendingWrites++;
    this.saveTimer = setTimeout(() => void this.flush(), delay);
  }

  private cancelSave(): void {
    if (!this.saveTimer) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = null;
    pendingWrites--;
  }
}

function sameCounts(a: SectionCounts, b: SectionCounts): boolean {
  return a.pictures === b.pictures && a.videos === b.videos && a.screenshots === b.screenshots;
}

/**
 * `inner` (the API's timeline) with the persisted timeline in front: the first listing of
 * sections comes from disk when there is one (and `revalidate` is called to list them again
 * from the network and reconcile), later ones from the network, saved as they come. A section's
 * files come from disk when its saved counts still match, else from the network (and saved).
 * Exact heights are remembered and offered to the grid.
 */
export function persistedTimelineSource(
  inner: TimelineSource,
  store: Promise<PersistedTimeline | null>,
  revalidate: () => void,
): TimelineSource {
  let fromDiskUsed = false;
  const heights: SectionHeights = {
    get: () => undefined,
    set: () => undefined,
  };
  void store.then((opened) => {
    if (!opened) return;
    heights.get = (key, count, widthClass) => opened.get(key, count, widthClass);
    heights.set = (key, count, widthClass, rowsHeight) =>
      opened.set(key, count, widthClass, rowsHeight);
  });
  return {
    heights,
    async sections(signal) {
      const saved = await store;
      if (saved?.months && !fromDiskUsed) {
        fromDiskUsed = true;
        setTimeout(revalidate, 0);
        return saved.months;
      }
      fromDiskUsed = true;
      const fresh = await inner.sections(signal);
      saved?.saveMonths(fresh);
      return fresh;
    },
    async files(section, signal) {
      const saved = await store;
      const record = await saved?.loadSection(section.key);
      if (record && sameCounts(record.counts, section.counts)) return record.files;
      const files = await inner.files(section, signal);
      if (saved) void saved.saveSection(section.key, section.counts, files);
      return files;
    },
  };
}
