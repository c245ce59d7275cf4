import type { SectionCounts, SectionDescriptor } from '../types';
import type { Section } from './SectionGrid';
import { FILE_KIND, pickFiles, type SectionFiles } from './TimelineSource';

/*
 * Which sections a grid has: how a fresh list of descriptors merges into the sections shown, and
 * what taking files out of them leaves. Pure: TimelineModel applies the results.
 */

function sameCounts(a: SectionCounts, b: SectionCounts): boolean {
  return a.pictures === b.pictures && a.videos === b.videos && a.screenshots === b.screenshots;
}

function total(counts: SectionCounts): number {
  return counts.pictures + counts.videos + counts.screenshots;
}

export interface MergedSections {
  next: Section[];
  /** Loaded sections whose counts changed: their files are fetched again and swapped in. */
  refetch: SectionDescriptor[];
  /** False when the list is the same objects in the same order. */
  changed: boolean;
}

/**
 * A section with the same key and counts stays as it is (files, layout and all); a loaded one
 * whose counts changed stays too, showing its files until the new ones are in (`refetch`); a new
 * one starts as an estimate (`unfetched`); a vanished one goes.
 */
export function mergeSections(
  old: readonly Section[],
  descriptors: readonly SectionDescriptor[],
  unfetched: (descriptor: SectionDescriptor) => Section,
): MergedSections {
  const byKey = new Map<string, Section>();
  for (const section of old) byKey.set(section.descriptor.key, section);
  const next: Section[] = [];
  const refetch: SectionDescriptor[] = [];
  let changed = descriptors.length !== old.length;
  for (let i = 0; i < descriptors.length; i++) {
    const descriptor = descriptors[i];
    const prev = byKey.get(descriptor.key);
    const same =
      prev &&
      prev.descriptor.endDay === descriptor.endDay &&
      sameCounts(prev.descriptor.counts, descriptor.counts);
    if (prev && (same || prev.files)) {
      next.push(prev);
      if (!same) refetch.push(descriptor);
    } else {
      next.push(unfetched(descriptor));
      changed = true;
    }
    if (old[i] !== next[i]) changed = true;
  }
  return { next, refetch, changed };
}

/** The files a section shows or is about to show, with the counts they come with. */
export interface KnownFiles {
  files: SectionFiles;
  counts: SectionCounts;
}

export interface FileRemoval {
  /** How many of the ids were found. */
  found: number;
  /** Keys of sections left with nothing: they go. */
  emptied: Set<string>;
  /** Sections that keep some files: their new files and counts. */
  replacements: ({ key: string } & KnownFiles)[];
}

/**
 * `files` less those in `ids`, with `counts` dropped by kind for each one taken out; null when
 * none of them is there.
 */
export function withoutFiles(
  files: SectionFiles,
  counts: SectionCounts,
  ids: ReadonlySet<string>,
): ({ removed: number } & KnownFiles) | null {
  const left = { ...counts };
  const keep: number[] = [];
  for (let i = 0; i < files.ids.length; i++) {
    if (!ids.has(files.ids[i])) {
      keep.push(i);
      continue;
    }
    const kind = files.kinds[i];
    if (kind === FILE_KIND.video) left.videos = Math.max(0, left.videos - 1);
    else if (kind === FILE_KIND.screenshot) left.screenshots = Math.max(0, left.screenshots - 1);
    else left.pictures = Math.max(0, left.pictures - 1);
  }
  if (keep.length === files.ids.length) return null;
  return { removed: files.ids.length - keep.length, files: pickFiles(files, keep), counts: left };
}

/** Nothing left to show: no files, and counts of none. */
export function isEmpty({ files, counts }: KnownFiles): boolean {
  return files.ids.length === 0 && total(counts) === 0;
}

/**
 * Takes files out of the sections whose files are known (`known`: a replacement in flight, else
 * the loaded files): counts drop by kind. Files of sections not loaded are not known here.
 */
export function removeFiles(
  sections: readonly Section[],
  known: (section: Section) => KnownFiles | null,
  ids: ReadonlySet<string>,
): FileRemoval {
  const removal: FileRemoval = { found: 0, emptied: new Set(), replacements: [] };
  for (const section of sections) {
    const current = known(section);
    const left = current && withoutFiles(current.files, current.counts, ids);
    if (!left) continue;
    removal.found += left.removed;
    const key = section.descriptor.key;
    if (isEmpty(left)) removal.emptied.add(key);
    else removal.replacements.push({ key, files: left.files, counts: left.counts });
  }
  return removal;
}
