import type { GalleryMenuItem } from '../../gallery';

export interface CoverMenuEntry {
  /** SPEC §6: the server's flag and the read-only rule (`mayChooseCover`), the cover aside. */
  offered: (fileId: string) => boolean;
  /** The album's cover file now, if any. */
  current: string | null;
  label: string;
  /** Why the entry is unavailable on the cover itself. */
  currentHint: string;
  run: (fileId: string) => void;
}

/**
 * The album grid's menu: `items` (the timeline's) with "Set as album cover" after Open for one
 * file where SPEC §6 offers it. On the file that already is the cover it is shown disabled, the
 * hint saying why, as the viewer's toolbar does (SPEC §6 "disabled if already cover").
 */
export function withCoverItem(
  items: readonly GalleryMenuItem[],
  fileIds: readonly string[],
  cover: CoverMenuEntry,
): GalleryMenuItem[] {
  const [id] = fileIds;
  if (fileIds.length !== 1 || !cover.offered(id)) return [...items];
  const isCover = id === cover.current;
  const entry: GalleryMenuItem = {
    id: 'cover',
    label: cover.label,
    onSelect: () => cover.run(id),
    ...(isCover ? { disabled: true, hint: cover.currentHint } : {}),
  };
  return [...items.slice(0, 1), entry, ...items.slice(1)];
}
