import { describe, expect, it, vi } from 'vitest';
import { createTestEngine } from '../../gallery/engine/testEngine';
import { GALLERY_SHORTCUTS, KEY_VALUES } from './galleryShortcuts';

describe('the photo grid shortcuts the sheet lists', () => {
  it('are keys the grid handles (pressed on a real engine)', async () => {
    const { engine } = await createTestEngine([12, 7, 30]);
    engine.setHandlers({ onOpen: vi.fn(), onDelete: vi.fn(), onContextMenu: vi.fn() });
    const ignored: string[] = [];
    for (const shortcut of GALLERY_SHORTCUTS.shortcuts) {
      for (const combo of shortcut.keys) {
        const cap = combo[combo.length - 1];
        for (const key of KEY_VALUES[cap] ?? [cap]) {
          // A focused tile in selection mode: the state every listed key acts in.
          if (!engine.focus.position)
            engine.keys.key({ key: 'ArrowRight', shift: false, mod: false, alt: false });
          const focused = engine.focus.position!;
          if (!engine.selection.selectionMode)
            engine.selection.toggle(focused.section, focused.item);
          const handled = engine.keys.key({
            key,
            shift: combo.includes('Shift'),
            mod: combo.includes('Ctrl/Cmd'),
            alt: false,
          });
          if (!handled) ignored.push(`${combo.join('+')} (${key})`);
        }
      }
    }
    expect(ignored).toEqual([]);
  });
});
