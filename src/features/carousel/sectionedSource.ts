import { FILE_KIND, type SectionDescriptor, type SectionFiles } from '../../gallery';
import type { CarouselFile, CarouselLocated, CarouselSource } from './types';

/**
 * A list of files made of sections (SPEC §3 timeline sections, in display order), as the
 * viewer walks it: the engine's sections on the timeline, a job's sections fetched on their own
 * for a deep link, an album's, the trash's.
 */
export interface SectionAccess {
  sectionCount(): number;
  descriptor(index: number): SectionDescriptor;
  /** Files in the section: exact once loaded, its counts before. */
  sectionSize(index: number): number;
  /** The section's files when loaded, else null. */
  loaded(index: number): SectionFiles | null;
  /** Loads (or waits for) the section's files. */
  load(index: number, signal: AbortSignal): Promise<SectionFiles>;
  /**
   * Resolves once the sections are listed: a grid opened on a file's link is still listing its
   * months while the viewer already shows (issue 34.9). Absent: they are listed.
   */
  listed?(signal: AbortSignal): Promise<void>;
}

export interface SectionedSourceOptions extends Omit<
  CarouselSource,
  'locate' | 'neighbour' | 'removeFiles'
> {
  access: SectionAccess;
  /** The capture time of a file not loaded yet (a deep link): where to look for it. */
  fileTime: (fileId: string, signal: AbortSignal) => Promise<number | null>;
  /** Takes deleted files out of the access's sections (the engine, or a local copy). */
  removeFiles?: (ids: readonly string[]) => void;
}

interface Cursor {
  id: string;
  section: number;
  item: number;
}

/** The viewer's view of one file of a section. */
export function carouselFileAt(files: SectionFiles, item: number): CarouselFile {
  const kind = files.kinds[item];
  return {
    id: files.ids[item],
    kind:
      kind === FILE_KIND.video ? 'video' : kind === FILE_KIND.screenshot ? 'screenshot' : 'picture',
    aspect: files.aspects[item],
    time: files.times[item],
    duration: files.durations[item],
    size: files.sizes?.[item],
    path: files.paths?.[item],
  };
}

/** The section whose days hold a capture time (UTC, as sections are cut), or -1. */
export function sectionIndexForTime(access: SectionAccess, time: number): number {
  const date = new Date(time * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  for (let s = 0; s < access.sectionCount(); s++) {
    const d = access.descriptor(s);
    if (d.year === year && d.month === month && day >= d.startDay && day <= d.endDay) return s;
  }
  return -1;
}

/**
 * A CarouselSource over sections: finds a file (in what is loaded, else by its capture time),
 * steps across section ends loading the next section as needed, and counts "3 of 1,204" from
 * the sections' sizes (exact counts for the timeline: its months count what it shows).
 */
export function sectionedSource(options: SectionedSourceOptions): CarouselSource {
  const { access, fileTime, removeFiles: removeFromAccess, ...rest } = options;
  let cursor: Cursor | null = null;

  function at(section: number, item: number): Cursor | null {
    const files = access.loaded(section);
    const id = files?.ids[item];
    return id ? { id, section, item } : null;
  }

  /** The file among loaded sections (the last one found first: stepping finds it at once). */
  function findLoaded(fileId: string): Cursor | null {
    if (cursor && cursor.id === fileId && at(cursor.section, cursor.item)?.id === fileId) {
      return cursor;
    }
    for (let s = 0; s < access.sectionCount(); s++) {
      const item = access.loaded(s)?.ids.indexOf(fileId) ?? -1;
      if (item >= 0) return { id: fileId, section: s, item };
    }
    return null;
  }

  async function find(fileId: string, signal: AbortSignal): Promise<Cursor | null> {
    const known = findLoaded(fileId);
    if (known) return known;
    // Asked beside the listing; an unknown file is said at once, before the grid has loaded.
    const listed = access.listed?.(signal);
    const time = await fileTime(fileId, signal);
    if (time === null) return null;
    await listed;
    if (signal.aborted) return null;
    if (time === null) return null;
    const section = sectionIndexForTime(access, time);
    if (section < 0) return null;
    // Its own section first, then its neighbours (a capture time on a section's edge).
    for (const s of [section, section - 1, section + 1]) {
      if (s < 0 || s >= access.sectionCount()) continue;
      const files = await access.load(s, signal);
      const item = files.ids.indexOf(fileId);
      if (item >= 0) return { id: fileId, section: s, item };
    }
    return null;
  }

  function positionOf(found: Cursor): { index: number; total: number } {
    let before = 0;
    let total = 0;
    for (let s = 0; s < access.sectionCount(); s++) {
      const size = access.sectionSize(s);
      if (s < found.section) before += size;
      total += size;
    }
    return { index: before + found.item, total };
  }

  /** One step forward (+1) or back (-1) from `from`, loading the section it enters. */
  async function step(from: Cursor, direction: 1 | -1, signal: AbortSignal) {
    const files = access.loaded(from.section) ?? (await access.load(from.section, signal));
    const next = from.item + direction;
    if (next >= 0 && next < files.ids.length) {
      return { id: files.ids[next], section: from.section, item: next };
    }
    for (let s = from.section + direction; s >= 0 && s < access.sectionCount(); s += direction) {
      const entered = access.loaded(s) ?? (await access.load(s, signal));
      if (entered.ids.length === 0) continue;
      const item = direction > 0 ? 0 : entered.ids.length - 1;
      return { id: entered.ids[item], section: s, item };
    }
    return null;
  }

  function located(found: Cursor): CarouselLocated | null {
    const files = access.loaded(found.section);
    if (!files) return null;
    cursor = found;
    return { file: carouselFileAt(files, found.item), position: positionOf(found) };
  }

  return {
    ...rest,
    peek(fileId) {
      const found = findLoaded(fileId);
      return found ? located(found) : null;
    },
    async locate(fileId, signal): Promise<CarouselLocated | null> {
      const found = await find(fileId, signal);
      return found ? located(found) : null;
    },
    async neighbour(fileId, delta, signal) {
      let here = await find(fileId, signal);
      const direction = delta > 0 ? 1 : -1;
      for (let i = 0; here && i < Math.abs(delta); i++) here = await step(here, direction, signal);
      return here ? fileAt(here) : null;
    },
    removeFiles(ids) {
      removeFromAccess?.(ids);
      if (cursor && ids.includes(cursor.id)) cursor = null;
    },
  };

  function fileAt(here: Cursor): CarouselFile | null {
    const files = access.loaded(here.section);
    return files ? carouselFileAt(files, here.item) : null;
  }
}
