import type { TFunction } from 'i18next';
import type { GalleryMenuItem } from '../../gallery';
import { isReadOnlyUser } from '../../platform/queries';
import { gateMenuItems } from '../readOnly';

export interface TimelineMenuActions {
  open: (fileId: string) => void;
  select: (fileIds: string[]) => void;
  download: (fileIds: string[]) => void;
  /** Unset: no entry (an album member's menu over files others added). */
  delete?: (fileIds: string[]) => void;
  /** SPEC §5 add-to-album picker; unset, no entry. */
  addToAlbum?: (fileIds: string[]) => void;
}

/**
 * The tile context menu of a grid of photos (SPEC §2): Open (one file), Select, Download, Add to
 * album and Delete (the timeline's; an album adds its cover entry). The files are the tile's, or
 * the selection's when the tile is selected. A read-only user's add to album stays listed,
 * unavailable with the reason, and a Subscribe entry follows (SPEC §6).
 */
export function timelineMenuItems(
  fileIds: string[],
  t: TFunction,
  actions: TimelineMenuActions,
): GalleryMenuItem[] {
  const items: GalleryMenuItem[] = [];
  if (fileIds.length === 1) {
    const [id] = fileIds;
    items.push({ id: 'open', label: t('timeline.menu.open'), onSelect: () => actions.open(id) });
  }
  items.push(
    { id: 'select', label: t('timeline.menu.select'), onSelect: () => actions.select(fileIds) },
    {
      id: 'download',
      label: t('timeline.menu.download'),
      onSelect: () => actions.download(fileIds),
    },
  );
  const { addToAlbum } = actions;
  if (addToAlbum) {
    items.push({
      id: 'addToAlbum',
      label: t('albums.add.action'),
      onSelect: () => addToAlbum(fileIds),
    });
  }
  const remove = actions.delete;
  if (remove) {
    items.push({ id: 'delete', label: t('timeline.menu.delete'), onSelect: () => remove(fileIds) });
  }
  // Read when the menu opens: the account as it is now.
  return gateMenuItems(items, ['addToAlbum'], isReadOnlyUser(), t);
}
