import type { TFunction } from 'i18next';
import type { GalleryMenuItem } from '../../gallery/react/ContextMenu';

export interface TimelineMenuActions {
  open(fileId: string): void;
  select(fileIds: string[]): void;
}

/**
 * The timeline's context menu for now: Open (one file) and Select. The timeline-actions issue
 * adds share, download, add to album and delete.
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
  items.push({
    id: 'select',
    label: t('timeline.menu.select'),
    onSelect: () => actions.select(fileIds),
  });
  return items;
}
