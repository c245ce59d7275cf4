import type { SectionCounts, SectionDescriptor } from '../types';

/**
 * The files of one section, column-wise: one typed array per field keeps a 1,000,000-file
 * library's metadata in tens of megabytes instead of a million objects.
 */
export interface SectionFiles {
  ids: readonly string[];
  /** width / height per file. */
  aspects: Float32Array;
  /** Capture time (seconds since the epoch) per file, newest first. */
  times: Float64Array;
  /** 0 picture, 1 video, 2 screenshot. */
  kinds: Uint8Array;
  /** Seconds, 0 for pictures. */
  durations: Float32Array;
  /** Bytes per file, when the source knows them (downloads need them; the grid does not). */
  sizes?: Float64Array;
  /** Path per file, when the source knows it (archive entry names). */
  paths?: readonly string[];
}

/** The files at `keep` (ascending indices), every column copied. */
export function pickFiles(files: SectionFiles, keep: readonly number[]): SectionFiles {
  const n = keep.length;
  const out: SectionFiles = {
    ids: keep.map((i) => files.ids[i]),
    aspects: new Float32Array(n),
    times: new Float64Array(n),
    kinds: new Uint8Array(n),
    durations: new Float32Array(n),
  };
  const sizes = files.sizes ? new Float64Array(n) : undefined;
  for (let j = 0; j < n; j++) {
    const i = keep[j];
    out.aspects[j] = files.aspects[i];
    out.times[j] = files.times[i];
    out.kinds[j] = files.kinds[i];
    out.durations[j] = files.durations[i];
    if (sizes) sizes[j] = files.sizes![i];
  }
  if (sizes) out.sizes = sizes;
  if (files.paths) {
    const paths = files.paths;
    out.paths = keep.map((i) => paths[i]);
  }
  return out;
}

/** The SPEC §3 section counts of these files, by kind. */
export function countFiles(files: SectionFiles): SectionCounts {
  const counts = { pictures: 0, videos: 0, screenshots: 0 };
  for (const kind of files.kinds) {
    if (kind === FILE_KIND.video) counts.videos++;
    else if (kind === FILE_KIND.screenshot) counts.screenshots++;
    else counts.pictures++;
  }
  return counts;
}

export const FILE_KIND = { picture: 0, video: 1, screenshot: 2 } as const;

/** Where a grid's sections and their files come from: the timeline, an album, the trash… */
export interface TimelineSource {
  sections(signal: AbortSignal): Promise<SectionDescriptor[]>;
  files(section: SectionDescriptor, signal: AbortSignal): Promise<SectionFiles>;
  /**
   * Exact section heights remembered from earlier layouts (issue 19: a second visit's sections
   * start at their exact height, so nothing moves and the fast scroller's thumb stays still).
   */
  heights?: SectionHeights;
}

/**
 * Exact rows heights of sections by width class (`widthClassOf`), valid for one item count.
 * `get` is called per section while positions are computed: it must answer from memory.
 */
export interface SectionHeights {
  get(key: string, count: number, widthClass: string): number | undefined;
  set(key: string, count: number, widthClass: string, rowsHeight: number): void;
}

/** The width and metrics a layout depends on, as one key: the same key, the same rows. */
export function widthClassOf(
  width: number,
  metrics: {
    targetRowHeight: number;
    spacing: number;
    rowCap: number;
    squareTiles?: boolean;
  },
): string {
  const square = metrics.squareTiles ? 's' : 'f';
  return `${width}:${metrics.targetRowHeight}:${metrics.spacing}:${metrics.rowCap}:${square}`;
}
