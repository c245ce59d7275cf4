import type { TFunction } from 'i18next';
import type { GalleryMenuItem } from '../../gallery';
import { requestSubscription } from './subscription';

/**
 * SPEC §6 in a grid's context menu: for a read-only user the subscriber-only entries (`gated`
 * ids) stay listed but unavailable with the readonly tooltip text, and a Subscribe entry opens
 * the subscription dialog. Anyone else gets the items as they are.
 */
export function gateMenuItems(
  items: GalleryMenuItem[],
  gated: readonly string[],
  readOnly: boolean,
  t: TFunction,
): GalleryMenuItem[] {
  if (!readOnly || !items.some((item) => gated.includes(item.id))) return items;
  return [
    ...items.map((item): GalleryMenuItem =>
      gated.includes(item.id) ? { ...item, disabled: true, hint: t('readOnly.tooltip') } : item,
    ),
    { id: 'subscribe', label: t('readOnly.subscribe'), onSelect: requestSubscription },
  ];
}
