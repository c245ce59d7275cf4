import type { SortOrder } from '../../api/contract/albums';
import type { FileInfo } from '../../api/contract/files';
import type { ApiClient } from '../../api/http';
import { pickFiles, type SectionFiles, type TimelineSource } from '../../gallery';
import { apiTimelineSource } from '../photoGrid';

/** The same files, last first: every column reversed. */
export function reversedFiles(files: SectionFiles): SectionFiles {
  const order = Array.from({ length: files.ids.length }, (_, i) => files.ids.length - 1 - i);
  return pickFiles(files, order);
}

/** A source read backwards: the oldest section first, and each section's files oldest first. */
export function reversedSource(source: TimelineSource): TimelineSource {
  return {
    async sections(signal) {
      return (await source.sections(signal)).slice().reverse();
    },
    async files(section, signal) {
      return reversedFiles(await source.files(section, signal));
    },
  };
}

/**
 * An album's files for the gallery engine in its SPEC §3 sort order: NEWEST_TAKEN is the
 * timeline's order, OLDEST_TAKEN the same read backwards, ADDED sections by the day files were
 * added, newest first.
 */
export function albumSource(
  client: ApiClient,
  jobId: string,
  sort: SortOrder,
  observe?: (files: readonly FileInfo[]) => void,
): TimelineSource {
  if (sort === 'ADDED') return apiTimelineSource(client, jobId, 'all', { order: 'added', observe });
  const byTaken = apiTimelineSource(client, jobId, 'all', { observe });
  return sort === 'OLDEST_TAKEN' ? reversedSource(byTaken) : byTaken;
}
