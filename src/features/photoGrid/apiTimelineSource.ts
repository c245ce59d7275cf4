import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { z } from 'zod';
import { FileSchema, type FileInfo } from '../../api/contract/files';
import { TimelineMonthsResponseSchema } from '../../api/contract/jobs';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { summariseIssues } from '../../api/wire';
import { linkRequestOptions } from '../../platform/linkAccess';
import { yieldToEventLoop } from '../../platform/yieldToEventLoop';
import {
  FILE_KIND,
  type SectionFiles,
  type TimelineSource,
  type SectionDescriptor,
} from '../../gallery';
import { showsOnTimeline as showsOnTimelineRule } from '../../domain/timeline';
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
      const { data } = await client.request({
        call,
        ...linkRequestOptions(jobId),
        schema: FilesEnvelopeSchema,
        signal,
      });
      const columns = new ColumnWriter(data.files.length);
      const files = await parseFilesInSlices(data.files, call.path, signal, (slice) => {
        for (const file of slice) {
          if (showsOnTimeline(file) && filterKeepsKind(filter, kindOf(file))) columns.push(file);
        }
      });
      options.observe?.(files);
      return columns.finish();
    },
  };
}

/** GET /jobs/{id}/files before its files are checked (FilesResponseSchema, in slices). */
const FilesEnvelopeSchema = z.object({ files: z.array(z.unknown()) });
const FileSliceSchema = z.array(FileSchema);

/**
 * Files checked per task at most. A section is one day at most when its month is large, and one
 * day may hold thousands of files (a month of 70,000 photos has days of 6,000): checked, kept and
 * copied into columns at once, they held the main thread for hundreds of milliseconds (issue
 * 34.10). About 10 ms a slice on an idle machine.
 */
export const FILES_PARSED_PER_TASK = 500;

/** Files checked between two looks at the clock. */
const FILES_PER_STEP = 100;

/**
 * Main-thread ms a slice may run before it yields, whatever its count: on a loaded machine (the
 * bench's load average of 24) 500 files took 100 ms and more.
 */
export const FILES_SLICE_MS = 8;

/**
 * Whether FileSliceSchema has checked a file in this page yet. zod derives a schema's internals
 * (each object's normalised shape, optional keys, the checks' runners) on its first check, and
 * that first check of a file also runs the check code cold: ~35 ms of one task at a load of 11
 * (bench/hugeMonth, issue 34.10), so the first file is checked alone, in a task of its own.
 */
let fileCheckWarm = false;

/**
 * FilesResponseSchema's check of `items`, in slices with a yield to the event loop between them:
 * the same files, or the same `malformed` ApiError (the issue's path counts from the list's start).
 * `each` sees every checked part in order, in the slice that checked it (the caller's own per-file
 * work is sliced with the check). A slice ends after FILES_PARSED_PER_TASK files or FILES_SLICE_MS
 * of `now`, whichever comes first.
 */
export async function parseFilesInSlices(
  items: readonly unknown[],
  path: string,
  signal?: AbortSignal,
  each?: (files: readonly FileInfo[]) => void,
  now: () => number = () => performance.now(),
): Promise<FileInfo[]> {
  const files: FileInfo[] = [];
  // The page's first check: one file, with the tasks before and after it left to the others.
  if (!fileCheckWarm && items.length > 0) {
    await yieldToEventLoop();
    signal?.throwIfAborted();
  }
  let sliceStart = now();
  let inSlice = 0;
  let endSlice = false;
  for (let from = 0; from < items.length;) {
    if (
      endSlice ||
      inSlice >= FILES_PARSED_PER_TASK ||
      (inSlice > 0 && now() - sliceStart >= FILES_SLICE_MS)
    ) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStart = now();
      inSlice = 0;
      endSlice = false;
    }
    const step = fileCheckWarm ? FILES_PER_STEP : 1;
    const parsed = FileSliceSchema.safeParse(items.slice(from, from + step));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        ...issue,
        path: ['files', from + Number(issue.path[0]), ...issue.path.slice(1)],
      }));
      throw new ApiError({
        kind: 'malformed',
        method: 'GET',
        path,
        status: 200,
        detail: summariseIssues(issues),
        cause: parsed.error,
      });
    }
    for (const file of parsed.data) files.push(file);
    each?.(parsed.data);
    inSlice += parsed.data.length;
    from += step;
    if (!fileCheckWarm) {
      fileCheckWarm = true;
      endSlice = true;
    }
  }
  return files;
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
 * for `capacity` files, cut to what was pushed at the end (a typed copy, only when some were
 * left out).
 */
export class ColumnWriter {
  private readonly ids: string[];
  private readonly aspects: Float32Array;
  private readonly times: Float64Array;
  private readonly kinds: Uint8Array;
  private readonly durations: Float32Array;
  private readonly sizes: Float64Array;
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
