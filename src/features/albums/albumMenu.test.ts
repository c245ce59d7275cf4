import { describe, expect, it, vi } from 'vitest';
import type { GalleryMenuItem } from '../../gallery';
import { withCoverItem, type CoverMenuEntry } from './albumMenu';

const items: GalleryMenuItem[] = [
  { id: 'open', label: 'Open', onSelect: () => undefined },
  { id: 'delete', label: 'Delete', onSelect: () => undefined },
];

function cover(over: Partial<CoverMenuEntry> = {}): CoverMenuEntry {
  return {
    offered: () => true,
    current: 'c',
    label: 'Set as album cover',
    currentHint: 'Current cover',
    run: vi.fn(),
    ...over,
  };
}

describe('withCoverItem (SPEC §6 cover photo in the album menu)', () => {
  it('puts an enabled entry after Open for one file that is not the cover', () => {
    const entry = cover();
    const menu = withCoverItem(items, ['f'], entry);
    expect(menu.map((item) => item.id)).toEqual(['open', 'cover', 'delete']);
    expect(menu[1].disabled).toBeUndefined();
    menu[1].onSelect();
    expect(entry.run).toHaveBeenCalledWith('f');
  });

  it('shows it disabled on the file that already is the cover, saying why', () => {
    const menu = withCoverItem(items, ['c'], cover());
    expect(menu[1]).toMatchObject({ id: 'cover', disabled: true, hint: 'Current cover' });
  });

  it('offers none where the rule refuses, nor for several files', () => {
    expect(withCoverItem(items, ['f'], cover({ offered: () => false })).map((i) => i.id)).toEqual([
      'open',
      'delete',
    ]);
    expect(withCoverItem(items, ['f', 'g'], cover()).map((i) => i.id)).toEqual(['open', 'delete']);
  });
});
