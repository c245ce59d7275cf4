import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import type { FileInfo } from '../../api/contract/files';
import { TimelineMonthsResponseSchema } from '../../api/contract/jobs';
import type { ApiClient } from '../../api/http';
import { linkRequestOptions } from '../../platform/linkAccess';
import {
  FILE_KIND,
  type SectionFiles,
  type TimelineSource,
  type SectionDescriptor,
} from '../../gallery';
import { showsOnTimeline as showsOnTimelineRule } from '../../domain/timeline';
import { readFilesAnswer } from './filesAnswer';
import { filterCounts, filterKeepsKind, type TimelineFilter } from './filters';

/** Unix seconds of a section's first moment and of the moment after its last day (UTC). */
export function sectionRange(section: SectionDescriptor): { start: number; end: number } {
  const start = Date.UTC(section.year, section.month - 1, section.startDay) / 1000;
  const end = Date.UTC(section.year, section.month - 1, section.endDay + 1) / 1000;
  return { start, end };
}

/**
 * The timeline of one job over the API: months from /timeline/months, files per section. Under a
 * filter (SPEC §2) a section's counts are the filter's share of its counts (its estimate), a
 * section with none is skipped, and its files are the ones the filter keeps.
 */
export function apiTimelineSource(
  client: ApiClient,
  jobId: string,
  filter: TimelineFilter = 'all',
  options: {
    order?: 'taken' | 'added';
    /** Sees each listed section's files as answered (an album reads who added them). */
    observe?: (files: readonly FileInfo[]) => void;
  } = {},
): TimelineSource {
  // An album sorted by when files were added (SPEC §3 ADDED): sections by upload day.
  const order = options.order === 'added' ? { order: 'added' } : {};
  return {
    async sections(signal) {
      const { data } = await client.request({
        call: callTo(CALLS.timelineMonths, { id: jobId }, order),
        // A shared album read through its link (a visitor): its key, no token.
        ...linkRequestOptions(jobId),
        schema: TimelineMonthsResponseSchema,
        signal,
      });
      const sections: SectionDescriptor[] = [];
      for (const m of data.months) {
        const counts = filterCounts(filter, m.counts);
        if (counts.pictures + counts.videos + counts.screenshots === 0) continue;
        sections.push({
          key: `${m.year}-${m.month}-${m.startDay}`,
          year: m.year,
          month: m.month,
          startDay: m.startDay,
          endDay: m.endDay,
          counts,
        });
      }
      return sections;
    },
    async files(section, signal) {
      const { start, end } = sectionRange(section);
      const call = callTo(CALLS.jobFiles, { id: jobId }, { start, end, ...order });
      // The body as a Blob: a large answer is read in a worker, never as text here.
      const { data } = await client.request({
        call,
        ...linkRequestOptions(jobId),
        responseType: 'blob',
        signal,
      });
      const { pictures, videos, screenshots } = section.counts;
      const columns = new ColumnWriter(pictures + videos + screenshots);
      const files = await readFilesAnswer(data, call.path, signal, (slice) => {
        for (const file of slice) {
          if (showsOnTimeline(file) && filterKeepsKind(filter, kindOf(file))) columns.push(file);
        }
      });
      options.observe?.(files);
      return columns.finish();
    },
  };
}

type FileRow = Pick<
  FileInfo,
  | 'id'
  | 'ctime'
  | 'mtime'
  | 'width'
  | 'height'
  | 'duration'
  | 'type'
  | 'screenshot'
  | 'size'
  | 'path'
>;

/** FILE_KIND of a listed file. */
export function kindOf(file: Pick<FileInfo, 'type' | 'screenshot'>): number {
  if (file.type === 'movie') return FILE_KIND.video;
  return file.screenshot ? FILE_KIND.screenshot : FILE_KIND.picture;
}

/** Whether a listed file gets a tile: the SPEC rule of src/domain/timeline.ts. */
export function showsOnTimeline(file: Pick<FileInfo, 'type' | 'group'>): boolean {
  return showsOnTimelineRule({
    kind: file.type,
    grouped: file.group !== undefined,
    master: file.group?.master ?? false,
  });
}

/** Column-wise copies of the answer, so the row objects can be collected right away. */
export function toColumns(files: readonly FileRow[]): SectionFiles {
  const columns = new ColumnWriter(files.length);
  for (const file of files) columns.push(file);
  return columns.finish();
}

/**
 * toColumns a file at a time, so the copy can go slice by slice with the check: columns of room
 * for `capacity` files (a section's listed count), grown if more come (the section changed since
 * it was listed), cut to what was pushed at the end (a typed copy, only when some were left out).
 */
export class ColumnWriter {
  private readonly ids: string[];
  private aspects: Float32Array;
  private times: Float64Array;
  private kinds: Uint8Array;
  private durations: Float32Array;
  private sizes: Float64Array;
  private readonly paths: string[];
  private n = 0;

  constructor(capacity: number) {
    this.ids = new Array<string>(capacity);
    this.aspects = new Float32Array(capacity);
    this.times = new Float64Array(capacity);
    this.kinds = new Uint8Array(capacity);
    this.durations = new Float32Array(capacity);
    this.sizes = new Float64Array(capacity);
    this.paths = new Array<string>(capacity);
  }

  push(file: FileRow): void {
    if (this.n === this.aspects.length) this.grow();
    const i = this.n++;
    this.ids[i] = file.id;
    const w = file.width ?? 0;
    const h = file.height ?? 0;
    this.aspects[i] = w > 0 && h > 0 ? w / h : 4 / 3;
    this.times[i] = file.ctime || file.mtime;
    this.kinds[i] = kindOf(file);
    this.durations[i] = file.duration ?? 0;
    this.sizes[i] = file.size;
    this.paths[i] = file.path;
  }

  private grow(): void {
    const capacity = Math.max(16, this.aspects.length * 2);
    const grown = <T extends Float32Array | Float64Array | Uint8Array>(
      column: T,
      make: new (n: number) => T,
    ) => {
      const next = new make(capacity);
      next.set(column);
      return next;
    };
    this.aspects = grown(this.aspects, Float32Array);
    this.times = grown(this.times, Float64Array);
    this.kinds = grown(this.kinds, Uint8Array);
    this.durations = grown(this.durations, Float32Array);
    this.sizes = grown(this.sizes, Float64Array);
  }

  finish(): SectionFiles {
    const n = this.n;
    const whole = n === this.aspects.length;
    if (!whole) this.ids.length = this.paths.length = n;
    return {
      ids: this.ids,
      aspects: whole ? this.aspects : this.aspects.slice(0, n),
      times: whole ? this.times : this.times.slice(0, n),
      kinds: whole ? this.kinds : this.kinds.slice(0, n),
      durations: whole ? this.durations : this.durations.slice(0, n),
      sizes: whole ? this.sizes : this.sizes.slice(0, n),
      paths: this.paths,
    };
  }
}
