import { describe, expect, it, vi } from 'vitest';
import { createTestEngine } from '../testEngine';
import { GRID_SHORTCUTS, KEY_VALUES } from './keyboardShortcuts';

describe('GRID_SHORTCUTS (the keys the ? sheet lists for the grid)', () => {
  it('are keys the grid handles, pressed on a real engine', async () => {
    const { engine } = await createTestEngine([12, 7, 30]);
    engine.setHandlers({ onOpen: vi.fn(), onDelete: vi.fn(), onContextMenu: vi.fn() });
    const ignored: string[] = [];
    for (const shortcut of GRID_SHORTCUTS) {
      for (const combo of shortcut.keys as readonly (readonly string[])[]) {
        const cap = combo[combo.length - 1];
        for (const key of KEY_VALUES[cap] ?? [cap]) {
          // A focused tile in selection mode: the state every listed key acts in.
          if (!engine.focus.position) {
            engine.keys.key({ key: 'ArrowRight', shift: false, mod: false, alt: false });
          }
          const focused = engine.focus.position!;
          if (!engine.selection.selectionMode) {
            engine.selection.toggle(focused.section, focused.item);
          }
          const handled = engine.keys.key({
            key,
            shift: combo.includes('Shift'),
            mod: combo.includes('Ctrl/Cmd'),
            alt: false,
          });
          if (!handled) ignored.push(`${shortcut.action}: ${combo.join('+')} (${key})`);
        }
      }
    }
    expect(ignored).toEqual([]);
  });
});
