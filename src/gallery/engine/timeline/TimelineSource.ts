import type { SectionDescriptor } from '../types';

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
}

export const FILE_KIND = { picture: 0, video: 1, screenshot: 2 } as const;

/** Where a grid's sections and their files come from: the timeline, an album, the trash… */
export interface TimelineSource {
  sections(signal: AbortSignal): Promise<SectionDescriptor[]>;
  files(section: SectionDescriptor, signal: AbortSignal): Promise<SectionFiles>;
}
