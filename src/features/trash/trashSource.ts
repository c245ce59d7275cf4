import { TRASH_PAGE_MAX, TrashListResponseSchema, type TrashFile } from '../../api/contract/trash';
import type { ApiClient } from '../../api/http';
import { TRASH_REMOVED_SOON_DAYS, TRASH_RETENTION_DAYS } from '../../domain/constants';
import {
  FILE_KIND,
  type SectionDescriptor,
  type SectionFiles,
  type TimelineSource,
} from '../../gallery';

/** SPEC §3 daysRemaining: whole days left of the 90-day retention (0: deleted for good today). */
export function daysRemaining(dtime: number, now: number): number {
  const elapsed = Math.floor((now - dtime) / 86_400);
  return Math.max(0, TRASH_RETENTION_DAYS - elapsed);
}

/** SPEC §4 trash grouping: "removed soon" (5 days or fewer left) first, then the rest. */
export type TrashGroup = 'soon' | 'later';
export const groupOf = (file: TrashFile, now: number): TrashGroup =>
  daysRemaining(file.dtime, now) <= TRASH_REMOVED_SOON_DAYS ? 'soon' : 'later';

/** Whether a trashed file gets a tile: a group's non-master files (a live photo's movie) do not. */
const shows = (file: TrashFile) =>
  file.type !== 'document' && (file.group_type === undefined || file.master === '1');

const kindOf = (file: TrashFile) =>
  file.type === 'movie'
    ? FILE_KIND.video
    : file.screenshot
      ? FILE_KIND.screenshot
      : FILE_KIND.picture;

function columns(files: readonly TrashFile[]): SectionFiles {
  return {
    ids: files.map((f) => f.id),
    aspects: Float32Array.from(
      files.map((f) => (f.width > 0 && f.height > 0 ? f.width / f.height : 4 / 3)),
    ),
    times: Float64Array.from(files.map((f) => f.ctime || f.mtime)),
    kinds: Uint8Array.from(files.map(kindOf)),
    durations: Float32Array.from(files.map((f) => f.duration ?? 0)),
    sizes: Float64Array.from(files.map((f) => f.size)),
    paths: files.map((f) => f.path),
  };
}

/** Every page of GET /trash_can, newest deletion first. */
export async function listTrash(client: ApiClient, signal?: AbortSignal): Promise<TrashFile[]> {
  const all: TrashFile[] = [];
  for (;;) {
    const { data } = await client.request({
      method: 'GET',
      path: '/trash_can',
      query: { offset: all.length, limit: TRASH_PAGE_MAX },
      schema: TrashListResponseSchema,
      signal,
    });
    all.push(...data.files);
    if (data.files.length === 0 || all.length >= data.total_item_count) return all;
  }
}

/**
 * The trash for the gallery engine (SPEC §2 trash photos): its two groups as sections, each
 * headed by its own label, files newest deletion first. Every `sections()` lists the trash
 * afresh (a refresh after a restore); `seen` gets the listing (the page maps files to jobs).
 */
export function trashSource(options: {
  client: ApiClient;
  now: () => number;
  labels: Record<TrashGroup, string>;
  seen: (files: readonly TrashFile[]) => void;
}): TimelineSource {
  let groups = new Map<TrashGroup, TrashFile[]>();
  return {
    async sections(signal) {
      const files = (await listTrash(options.client, signal)).filter(shows);
      options.seen(files);
      const now = options.now();
      const next = new Map<TrashGroup, TrashFile[]>([
        ['soon', []],
        ['later', []],
      ]);
      for (const file of files) next.get(groupOf(file, now))!.push(file);
      groups = next;
      const today = new Date(now * 1000);
      const sections: SectionDescriptor[] = [];
      for (const group of ['soon', 'later'] as const) {
        const members = next.get(group)!;
        if (members.length === 0) continue;
        const counts = { pictures: 0, videos: 0, screenshots: 0 };
        for (const file of members) {
          const kind = kindOf(file);
          if (kind === FILE_KIND.video) counts.videos++;
          else if (kind === FILE_KIND.screenshot) counts.screenshots++;
          else counts.pictures++;
        }
        sections.push({
          key: `trash-${group}`,
          year: today.getUTCFullYear(),
          month: today.getUTCMonth() + 1,
          startDay: 1,
          endDay: 28,
          counts,
          label: options.labels[group],
        });
      }
      return sections;
    },
    files(section) {
      const group: TrashGroup = section.key === 'trash-soon' ? 'soon' : 'later';
      return Promise.resolve(columns(groups.get(group) ?? []));
    },
  };
}
