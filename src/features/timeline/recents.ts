import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import { FilesResponseSchema, type FileInfo } from '../../api/contract/files';
import type { ApiClient } from '../../api/http';
import { api } from '../../platform/api';
import { type TimelineSource, type SectionDescriptor, countFiles } from '../../gallery';
import { RECENTS_UPLOADED_SINCE_DAYS } from '../../domain/constants';
import { RECENTS_WINDOWS, type RecentsWindow, showsOnTimeline, toColumns } from '../photoGrid';

const DAY_SECONDS = 86_400;

/** Files uploaded in the last 30 days (timeline files only), and which fall in each window. */
export interface RecentsData {
  /** Timeline order: capture time desc, then path. */
  files: readonly FileInfo[];
  windows: Readonly<Record<RecentsWindow, ReadonlySet<string>>>;
}

export function windowCounts(data: RecentsData): Record<RecentsWindow, number> {
  return { 1: data.windows[1].size, 7: data.windows[7].size, 30: data.windows[30].size };
}

async function listUploadedSince(
  client: ApiClient,
  jobId: string,
  days: number,
  signal: AbortSignal,
): Promise<FileInfo[]> {
  const { data } = await client.request({
    call: callTo(CALLS.jobFiles, { id: jobId }, { uploaded_since: days }),
    schema: FilesResponseSchema,
    signal,
  });
  return data.files.filter(showsOnTimeline);
}

/**
 * SPEC §9 Recents: one listing with uploaded_since 30, grouped client-side; the windows of 1 and
 * 7 days are cut from it by each file's `uploaded` (the contract server sends it). Only when an
 * answer lacks upload times (the field is optional in the contract) are the two smaller windows
 * asked for as well (ids only are used from them).
 */
export async function fetchRecents(
  client: ApiClient,
  jobId: string,
  signal: AbortSignal,
  nowSeconds = Date.now() / 1000,
): Promise<RecentsData> {
  const files = await listUploadedSince(client, jobId, RECENTS_UPLOADED_SINCE_DAYS, signal);
  const windows = {} as Record<RecentsWindow, Set<string>>;
  if (files.every((file) => file.uploaded !== undefined)) {
    for (const days of RECENTS_WINDOWS) {
      const since = nowSeconds - days * DAY_SECONDS;
      windows[days] = new Set(files.filter((f) => f.uploaded! >= since).map((f) => f.id));
    }
  } else {
    windows[30] = new Set(files.map((f) => f.id));
    const [week, day] = await Promise.all(
      [7, 1].map((days) => listUploadedSince(client, jobId, days, signal)),
    );
    windows[7] = new Set(week.map((f) => f.id));
    windows[1] = new Set(day.map((f) => f.id));
  }
  return { files, windows };
}

/** Capture time of a listed file: ctime, falling back to mtime (SPEC §5 sorting). */
function captureTime(file: FileInfo): number {
  return file.ctime || file.mtime;
}

interface RecentsGroups {
  descriptors: SectionDescriptor[];
  byMonth: Map<string, FileInfo[]>;
}

/** The window's files by capture month (UTC), newest month first, each keeping timeline order. */
export function groupRecents(data: RecentsData, days: RecentsWindow): RecentsGroups {
  const inWindow = data.windows[days];
  const byMonth = new Map<string, FileInfo[]>();
  const descriptors: SectionDescriptor[] = [];
  for (const file of data.files) {
    if (!inWindow.has(file.id)) continue;
    const date = new Date(captureTime(file) * 1000);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const key = `${year}-${month}-1`;
    let list = byMonth.get(key);
    if (!list) {
      list = [];
      byMonth.set(key, list);
      const endDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      descriptors.push({
        key,
        year,
        month,
        startDay: 1,
        endDay,
        counts: { pictures: 0, videos: 0, screenshots: 0 },
      });
    }
    list.push(file);
  }
  descriptors.sort((a, b) => b.year - a.year || b.month - a.month);
  for (const descriptor of descriptors) {
    descriptor.counts = countFiles(toColumns(byMonth.get(descriptor.key) ?? []));
  }
  return { descriptors, byMonth };
}

/**
 * The recents of one window as a grid source, from memory. `data` is read at each sections()
 * call, so the same source shows fresher recents after a refresh (live changes reconcile in
 * place instead of replacing the source).
 */
export function recentsSource(data: () => RecentsData | null, days: RecentsWindow): TimelineSource {
  let groups: RecentsGroups = { descriptors: [], byMonth: new Map() };
  return {
    sections: () => {
      const current = data();
      groups = current ? groupRecents(current, days) : { descriptors: [], byMonth: new Map() };
      return Promise.resolve(groups.descriptors.map((d) => ({ ...d })));
    },
    files: (section) => Promise.resolve(toColumns(groups.byMonth.get(section.key) ?? [])),
  };
}

/** The job's recents (one uploaded_since=30 listing), as server data in the query cache. */
export const recentsQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'recents'],
    queryFn: ({ signal }) => fetchRecents(api(), jobId, signal),
  });
