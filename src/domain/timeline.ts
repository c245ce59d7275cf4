import type { FileKind } from './classify';

/** What the timeline rule needs to know of a file, whichever side (client or server) holds it. */
export interface TimelineFileFacts {
  kind: FileKind;
  /** In a live or burst group. */
  grouped: boolean;
  /** The group's master (ignored when not grouped). */
  master: boolean;
}

/**
 * What shows on the timeline: documents live in the documents area, not the timeline (SPEC §2
 * Documents); of a live or burst group only the master video shows on its own, the group's other
 * videos (a live photo's movie) never get a tile (SPEC §5). The client filters listings with it;
 * the server counts the timeline's sections with it (server/db/files.ts).
 */
export function showsOnTimeline(file: TimelineFileFacts): boolean {
  if (file.kind === 'document') return false;
  return !(file.kind === 'movie' && file.grouped && !file.master);
}
