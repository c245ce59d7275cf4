import type { IDBPDatabase } from 'idb';
import type {
  SectionCounts,
  SectionDescriptor,
  SectionFiles,
  SectionHeights,
  TimelineSource,
} from '../../gallery';
import { TIMELINES_STORE, timelineDb } from '../../platform/offlineData';
import { readSection, writeSection, type StoredSection } from './persistedSectionFiles';

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

  async loadSection(key: string): Promise<StoredSection | undefined> {
    try {
      return await readSection(this.db, `${this.key}\n${key}`);
    } catch {
      return undefined;
    }
  }

  /**
   * Saves a section's files after the grid has them (persistedSectionFiles: packed in slices
   * from the next task on, put a record a task). Resolves once written or failed; pending until
   * then, chunks of a large section until their head is written.
   */
  saveSection(key: string, counts: SectionCounts, files: SectionFiles): Promise<void> {
    return counted(async () => {
      try {
        await writeSection(this.db, `${this.key}\n${key}`, counts, files);
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
