import type { ShortcutGroup } from '../../platform/shortcuts';

/**
 * The photo grid's keys, as the engine's KeyboardController handles them
 * (src/gallery/engine/interaction/KeyboardController.ts; galleryShortcuts.test.ts presses every
 * key listed here on a real engine, so the sheet cannot promise a key the grid ignores).
 */
export const GALLERY_SHORTCUTS: ShortcutGroup = {
  id: 'gallery',
  title: 'shortcuts.groups.gallery',
  shortcuts: [
    { keys: [['arrows']], label: 'shortcuts.gallery.move' },
    { keys: [['Shift', 'arrows']], label: 'shortcuts.gallery.extend' },
    { keys: [['Enter']], label: 'shortcuts.gallery.open' },
    { keys: [['space'], ['X']], label: 'shortcuts.gallery.toggle' },
    { keys: [['Ctrl/Cmd', 'A']], label: 'shortcuts.gallery.selectAll' },
    { keys: [['Esc']], label: 'shortcuts.gallery.leaveSelection' },
    { keys: [['Delete']], label: 'shortcuts.gallery.delete' },
    { keys: [['M'], ['Shift', 'M']], label: 'shortcuts.gallery.month' },
    { keys: [['Y'], ['Shift', 'Y']], label: 'shortcuts.gallery.year' },
    { keys: [['Home'], ['End']], label: 'shortcuts.gallery.firstLast' },
    { keys: [['+'], ['-']], label: 'shortcuts.gallery.zoom' },
    { keys: [['Page Up'], ['Page Down']], label: 'shortcuts.gallery.page' },
    { keys: [['contextMenu'], ['Shift', 'F10']], label: 'shortcuts.gallery.menu' },
  ],
};

/** The DOM key values each listed key cap stands for (what KeyboardController reads). */
export const KEY_VALUES: Record<string, readonly string[]> = {
  arrows: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
  space: [' '],
  Esc: ['Escape'],
  'Page Up': ['PageUp'],
  'Page Down': ['PageDown'],
  contextMenu: ['ContextMenu'],
};
