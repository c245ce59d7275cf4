import { GRID_SHORTCUTS } from '../../gallery';
import type { ShortcutGroup } from '../../platform/shortcuts';

/**
 * The photo grid's keys for the `?` sheet: the gallery's own list (GRID_SHORTCUTS, pinned
 * against its KeyboardController) with this app's texts, `shortcuts.gallery.<action>`.
 */
export const GALLERY_SHORTCUTS: ShortcutGroup = {
  id: 'gallery',
  title: 'shortcuts.groups.gallery',
  shortcuts: GRID_SHORTCUTS.map((shortcut) => ({
    keys: shortcut.keys,
    label: `shortcuts.gallery.${shortcut.action}` as const,
  })),
};
