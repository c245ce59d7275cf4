import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { timelineMenuItems } from './timelineMenu';

const t = ((key: string) => key) as unknown as TFunction;

describe('timeline context menu (SPEC §2: open, select, download, delete)', () => {
  const actions = { open: vi.fn(), select: vi.fn(), download: vi.fn(), delete: vi.fn() };

  it('offers open for one file, then select, download and delete', () => {
    const items = timelineMenuItems(['a'], t, actions);
    expect(items.map((i) => i.id)).toEqual(['open', 'select', 'download', 'delete']);
    expect(items.map((i) => i.label)).toEqual([
      'timeline.menu.open',
      'timeline.menu.select',
      'timeline.menu.download',
      'timeline.menu.delete',
    ]);
    items[0].onSelect();
    items[3].onSelect();
    expect(actions.open).toHaveBeenCalledWith('a');
    expect(actions.delete).toHaveBeenCalledWith(['a']);
  });

  it('acts on every file of a selection, without open', () => {
    const items = timelineMenuItems(['a', 'b'], t, actions);
    expect(items.map((i) => i.id)).toEqual(['select', 'download', 'delete']);
    items[1].onSelect();
    expect(actions.download).toHaveBeenCalledWith(['a', 'b']);
  });
});
