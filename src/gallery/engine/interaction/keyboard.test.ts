import { describe, expect, it, vi } from 'vitest';
import { flush } from '../texture/testing';
import { createTestEngine } from '../testEngine';
import { navigate } from './navigation';

const key = (k: string, mods: { shift?: boolean; mod?: boolean } = {}) => ({
  key: k,
  shift: mods.shift ?? false,
  mod: mods.mod ?? false,
  alt: false,
});

// squareLayout at 1000 px: 5 tiles a row. Section i is month 12 - i of 2024 (section 12 is
// December 2023).
describe('keyboard navigation model', () => {
  it('steps left and right in timeline order across sections', async () => {
    const { engine } = await createTestEngine([12, 7, 30]);
    const t = engine.timeline;
    expect(navigate(t, { section: 0, item: 11 }, 'right')).toEqual({
      kind: 'item',
      section: 1,
      item: 0,
    });
    expect(navigate(t, { section: 1, item: 0 }, 'left')).toEqual({
      kind: 'item',
      section: 0,
      item: 11,
    });
    expect(navigate(t, { section: 0, item: 0 }, 'left')).toBeNull();
    expect(navigate(t, { section: 0, item: 4 }, 'right')).toMatchObject({ item: 5 });
  });

  it('steps up and down to the nearest item of the next row, into the next section', async () => {
    const { engine } = await createTestEngine([12, 7, 30]);
    const t = engine.timeline;
    expect(navigate(t, { section: 0, item: 2 }, 'down')).toMatchObject({ section: 0, item: 7 });
    // Item 11 is second in section 0's last row: down goes to section 1's second item.
    expect(navigate(t, { section: 0, item: 11 }, 'down')).toMatchObject({ section: 1, item: 1 });
    expect(navigate(t, { section: 1, item: 1 }, 'up')).toMatchObject({ section: 0, item: 11 });
    expect(navigate(t, { section: 1, item: 4 }, 'up')).toMatchObject({ section: 0, item: 11 });
    expect(navigate(t, { section: 0, item: 3 }, 'up')).toBeNull();
  });

  it('steps months and years, asking for a load where the files are not known', async () => {
    const sizes = Array.from({ length: 30 }, () => 10);
    const { engine } = await createTestEngine(sizes);
    const t = engine.timeline;
    expect(navigate(t, { section: 0, item: 3 }, 'nextMonth')).toMatchObject({
      section: 1,
      item: 0,
    });
    expect(navigate(t, { section: 0, item: 3 }, 'nextYear')).toEqual({ kind: 'load', section: 12 });
    expect(navigate(t, { section: 1, item: 3 }, 'previousMonth')).toMatchObject({
      section: 0,
      item: 0,
    });
    expect(navigate(t, { section: 0, item: 3 }, 'last')).toEqual({ kind: 'load', section: 29 });
    expect(navigate(t, { section: 1, item: 3 }, 'first')).toMatchObject({ section: 0, item: 0 });
  });
});

describe('KeyboardController', () => {
  it('focuses, moves, toggles, extends, selects all, clears and opens', async () => {
    const { engine, frame } = await createTestEngine([12, 7, 30]);
    const onOpen = vi.fn();
    engine.setHandlers({ onOpen });
    const keys = engine.keys;
    expect(keys.key(key('ArrowRight'))).toBe(true);
    expect(engine.focus.position).toEqual({ section: 0, item: 0 });
    expect(engine.focus.visible).toBe(true);
    keys.key(key('ArrowRight'));
    expect(engine.focus.position).toEqual({ section: 0, item: 1 });
    keys.key(key(' '));
    expect(engine.selection.isSelected(0, 1)).toBe(true);
    keys.key(key('ArrowRight', { shift: true }));
    expect(engine.selection.count).toBe(2);
    keys.key(key('ArrowDown', { shift: true }));
    expect(engine.focus.position).toEqual({ section: 0, item: 7 });
    expect(engine.selection.count).toBe(7); // items 1 to 7
    keys.key(key('x'));
    expect(engine.selection.isSelected(0, 7)).toBe(false);
    keys.key(key('a', { mod: true }));
    expect(engine.selection.selectAllStatus()).toBe('all');
    keys.key(key('Escape'));
    expect(engine.selection.count).toBe(0);
    expect(engine.selection.selectionMode).toBe(false);
    expect(keys.key(key('Escape'))).toBe(false);
    keys.key(key('Enter'));
    expect(onOpen).toHaveBeenCalledWith('2024-12:7', { section: 0, item: 7 });
    frame();
  });

  it('Delete asks the page with the selection or the focused file, and only with a handler', async () => {
    const { engine } = await createTestEngine([12, 7]);
    expect(engine.keys.key(key('Delete'))).toBe(false);
    const onDelete = vi.fn();
    engine.setHandlers({ onDelete });
    engine.focus.set({ section: 0, item: 3 }, true);
    expect(engine.keys.key(key('Delete'))).toBe(true);
    await flush();
    expect(onDelete).toHaveBeenLastCalledWith(['2024-12:3']);
    engine.selection.set(0, 5, true);
    engine.selection.set(1, 2, true);
    engine.keys.key(key('Delete'));
    await flush();
    expect(onDelete).toHaveBeenLastCalledWith(['2024-12:5', '2024-11:2']);
  });

  it('Delete loads the selected sections that are not loaded before asking', async () => {
    const sizes = Array.from({ length: 30 }, () => 3);
    const { engine } = await createTestEngine(sizes);
    const onDelete = vi.fn();
    engine.setHandlers({ onDelete });
    engine.selection.selectSection(29, true);
    engine.keys.key(key('Delete'));
    for (let i = 0; i < 5; i++) await flush();
    expect(onDelete).toHaveBeenCalledWith(['2022-7:0', '2022-7:1', '2022-7:2']);
  });

  it('steps a year into an unloaded section once it has loaded', async () => {
    const sizes = Array.from({ length: 30 }, () => 10);
    const { engine } = await createTestEngine(sizes);
    engine.focus.set({ section: 0, item: 0 }, true);
    expect(engine.timeline.isLoaded(12)).toBe(false);
    engine.keys.key(key('y'));
    for (let i = 0; i < 5; i++) await flush();
    expect(engine.focus.position).toEqual({ section: 12, item: 0 });
    expect(engine.scroll.moving).toBe(true); // revealing it
    engine.keys.key(key('Y', { shift: true }));
    expect(engine.focus.position).toEqual({ section: 0, item: 0 });
  });

  it('never loses an active focus: it moves to the nearest tile on screen', async () => {
    const sizes = Array.from({ length: 10 }, () => 20);
    const { engine, settle } = await createTestEngine(sizes);
    engine.focus.setActive(true);
    engine.focus.set({ section: 0, item: 2 }, true);
    engine.scroll.scrollTo(engine.timeline.sectionTop(3));
    await settle();
    const focus = engine.focus.position!;
    expect(focus.section).toBeGreaterThanOrEqual(2);
    expect(engine.composer.findVisible(focus.section, focus.item)).not.toBeNull();
    // An inactive focus (the DOM focus is elsewhere) stays where it was.
    engine.focus.setActive(false);
    engine.focus.set({ section: 0, item: 2 });
    await settle();
    expect(engine.focus.position).toEqual({ section: 0, item: 2 });
  });

  it('moves an active focus off a tile the screen edge cuts, once scrolling stops', async () => {
    const sizes = Array.from({ length: 10 }, () => 20);
    const { engine, settle } = await createTestEngine(sizes);
    await settle();
    const rect = { x: 0, y: 0, w: 0, h: 0 };
    engine.timeline.itemRect(1, 0, rect);
    engine.scroll.scrollTo(rect.y - 100);
    await settle();
    engine.focus.setActive(true);
    engine.focus.set({ section: 1, item: 0 }, true);
    await settle();
    expect(engine.focus.position).toEqual({ section: 1, item: 0 }); // whole on screen: it stays
    // Scrolled on until the focused tile's top 40 px are above the screen.
    engine.scroll.scrollTo(rect.y + 40);
    await settle();
    const focus = engine.focus.position!;
    expect(focus).not.toEqual({ section: 1, item: 0 });
    const tile = engine.composer.findVisible(focus.section, focus.item)!;
    expect(tile.y).toBeGreaterThanOrEqual(0);
    expect(tile.y + tile.h).toBeLessThanOrEqual(engine.viewportHeight);
  });

  it('zooms with + and -, and lets Page keys scroll', async () => {
    const { engine, settle } = await createTestEngine([40, 40, 40]);
    expect(engine.keys.key(key('-'))).toBe(true);
    await settle();
    expect(engine.zoom.level).toBe(1);
    expect(engine.keys.key(key('+'))).toBe(true);
    await settle();
    expect(engine.zoom.level).toBe(2);
    expect(engine.keys.key(key('PageDown'))).toBe(true);
    expect(engine.scroll.moving).toBe(true);
    expect(engine.keys.key(key('q'))).toBe(false);
  });
});
