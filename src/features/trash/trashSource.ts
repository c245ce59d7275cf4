import type { TFunction } from 'i18next';
import { TRASH_PAGE_MAX, TrashListResponseSchema, type TrashFile } from '../../api/contract/trash';
import { limited } from '../../domain/concurrency';
import type { ApiClient } from '../../api/http';
import { TRASH_REMOVED_SOON_DAYS, TRASH_RETENTION_DAYS } from '../../domain/constants';
import {
  FILE_KIND,
  type SectionDescriptor,
  type SectionFiles,
  type TileLabel,
  type TimelineSource,
} from '../../gallery';

/** SPEC §3 daysRemaining: whole days left of the 90-day retention (0: deleted for good today). */
export function daysRemaining(dtime: number, now: number): number {
  const elapsed = Math.floor((now - dtime) / 86_400);
  return Math.max(0, TRASH_RETENTION_DAYS - elapsed);
}

/** What a trashed file or album says of its days left (SPEC §4: "deleted today" at 0). */
export function daysLeftText(t: TFunction, dtime: number, now: number): string {
  const days = daysRemaining(dtime, now);
  return days === 0 ? t('trash.deletedToday') : t('trash.daysLeft', { count: days });
}

/**
 * A tile's days-left badge (SPEC §4), asked every frame for the visible tiles: its full text and
 * a short one that keeps the number ("85 days left", "85 d"), the badge showing the fullest
 * that fits its tile (issue 34.6); each file's texts are made once per language (`t`).
 */
export function daysLeftBadge(
  t: TFunction,
  facts: TrashFacts,
  now: () => number,
): (fileId: string) => TileLabel | null {
  const made = new Map<string, TileLabel>();
  return (fileId) => {
    const known = made.get(fileId);
    if (known !== undefined) return known;
    const dtime = facts.deletedAt(fileId);
    if (dtime === undefined) return null;
    const days = daysRemaining(dtime, now());
    const forms: TileLabel =
      days === 0
        ? t('trash.deletedToday')
        : [t('trash.daysLeft', { count: days }), t('trash.daysLeftShort', { count: days })];
    made.set(fileId, forms);
    return forms;
  };
}

/** A trashed file's thumbnail (SPEC §7 /th/3/trash/{job}/{file}) in the job its facts know. */
export function trashThumbnails(
  client: ApiClient,
  token: string | undefined,
  facts: TrashFacts,
): (fileId: string, size: number) => string {
  const base = client.url({
    host: 'thumb',
    path: '/th/3/trash/JOB_ID/FILE_ID',
    query: { area: 'AREA', token },
  });
  return (fileId, size) =>
    base
      .replace('JOB_ID', encodeURIComponent(facts.jobOf(fileId) ?? ''))
      .replace('FILE_ID', encodeURIComponent(fileId))
      .replace('area=AREA', `area=${size}`);
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

/**
 * A group's files without a tile of their own (a live photo's movie) follow their master: the
 * answer maps chosen ids to those ids plus their hidden group members, so a restore or a
 * permanent delete never leaves half a live photo behind.
 */
export function withGroupMembers(
  files: readonly TrashFile[],
): (ids: readonly string[]) => string[] {
  const hidden = new Map<string, string[]>();
  const groupOfMaster = new Map<string, string>();
  for (const file of files) {
    if (file.group_type === undefined || !file.group_id) continue;
    const key = `${file.job}\n${file.group_id}`;
    if (file.master === '1') groupOfMaster.set(file.id, key);
    else {
      const members = hidden.get(key);
      if (members) members.push(file.id);
      else hidden.set(key, [file.id]);
    }
  }
  return (ids) => {
    const out = [...ids];
    for (const id of ids) {
      const key = groupOfMaster.get(id);
      const members = key === undefined ? undefined : hidden.get(key);
      if (members) out.push(...members);
    }
    return out;
  };
}

/** Pages of the trash fetched at once after the first (the server answers one at a time). */
const PAGES_IN_FLIGHT = 3;

/**
 * Every page of GET /trash_can, newest deletion first: the first page says how many there are,
 * the rest are fetched a few at a time, so the network and the parsing overlap the server.
 */
export async function listTrash(client: ApiClient, signal?: AbortSignal): Promise<TrashFile[]> {
  const page = async (offset: number) =>
    (
      await client.request({
        method: 'GET',
        path: '/trash_can',
        query: { offset, limit: TRASH_PAGE_MAX },
        schema: TrashListResponseSchema,
        signal,
      })
    ).data;
  const first = await page(0);
  const offsets: number[] = [];
  for (let at = first.files.length; at < first.total_item_count; at += TRASH_PAGE_MAX) {
    offsets.push(at);
  }
  if (first.files.length === 0) return [];
  const rest = await limited(
    offsets,
    PAGES_IN_FLIGHT,
    async (offset) => (await page(offset)).files,
  );
  // Deletions between two pages may shift a file onto the next page: keep the first sighting.
  const seen = new Set<string>();
  const all: TrashFile[] = [];
  for (const files of [first.files, ...rest]) {
    for (const file of files) {
      if (seen.has(file.id)) continue;
      seen.add(file.id);
      all.push(file);
    }
  }
  return all;
}

/**
 * What the trash's listings say of each file, kept for the page's life (a new source for
 * another language's labels adds to the same facts; the engine's thumbnail URLs read them).
 */
export interface TrashFacts {
  /** The job a file was deleted from: its thumbnail and its restore go there. */
  jobOf: (fileId: string) => string | undefined;
  /** When it was deleted (epoch seconds): its tile says how many days it has left (SPEC §4). */
  deletedAt: (fileId: string) => number | undefined;
  /** The ids with their group's files that have no tile (see withGroupMembers). */
  withMembers: (ids: readonly string[]) => string[];
  /** A whole listing, files without a tile too. */
  learn: (files: readonly TrashFile[]) => void;
}

export function trashFacts(): TrashFacts {
  const jobs = new Map<string, string>();
  const deleted = new Map<string, number>();
  let members = (ids: readonly string[]) => [...ids];
  return {
    jobOf: (fileId) => jobs.get(fileId),
    deletedAt: (fileId) => deleted.get(fileId),
    withMembers: (ids) => members(ids),
    learn(files) {
      for (const file of files) {
        jobs.set(file.id, file.job);
        deleted.set(file.id, file.dtime);
      }
      members = withGroupMembers(files);
    },
  };
}

/**
 * The trash for the gallery engine (SPEC §2 trash photos): its two groups as sections, each
 * headed by its own label, files newest deletion first. Every `sections()` lists the trash
 * afresh (a refresh after a restore), and `facts` learn the whole listing.
 */
export function trashSource(options: {
  client: ApiClient;
  now: () => number;
  labels: Record<TrashGroup, string>;
  facts: TrashFacts;
}): TimelineSource {
  let groups = new Map<TrashGroup, TrashFile[]>();
  return {
    async sections(signal) {
      const listed = await listTrash(options.client, signal);
      options.facts.learn(listed);
      const files = listed.filter(shows);
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
