import { describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS } from '../../../domain/constants';
import { DEFAULT_ZOOM_INDEX } from '../layout/LayoutEngine';
import { flush } from '../texture/testing';
import { createTestEngine } from '../testEngine';
import type { ContextMenuRequest } from './handlers';
import type { PointerInput } from './PointerController';

const mouse = (x: number, y: number, extra: Partial<PointerInput> = {}): PointerInput => ({
  id: 1,
  type: 'mouse',
  x,
  y,
  button: 0,
  shift: false,
  mod: false,
  t: 0,
  ...extra,
});
const finger = (id: number, x: number, y: number, t = 0): PointerInput => ({
  ...mouse(x, y),
  id,
  type: 'touch',
  t,
});

// squareLayout at 1000 px: item i of section 0 is at x (i % 5) * 182, y 42 + row * 182.
const centre = (i: number) => ({ x: (i % 5) * 182 + 90, y: 42 + Math.floor(i / 5) * 182 + 90 });
const corner = (i: number) => ({ x: (i % 5) * 182 + 12, y: 42 + Math.floor(i / 5) * 182 + 12 });

async function setup() {
  const test = await createTestEngine([12, 12, 12]);
  const onOpen = vi.fn();
  const onContextMenu = vi.fn<(request: ContextMenuRequest) => void>();
  test.engine.setHandlers({ onOpen, onContextMenu });
  const click = (p: { x: number; y: number }, extra: Partial<PointerInput> = {}) => {
    test.engine.pointer.down(mouse(p.x, p.y, extra));
    test.engine.pointer.up(mouse(p.x, p.y, extra));
  };
  return { ...test, onOpen, onContextMenu, click };
}

describe('PointerController: mouse', () => {
  it('the check mark selects, a click in selection mode toggles, otherwise a click opens', async () => {
    const { engine, click, onOpen } = await setup();
    click(centre(2));
    expect(onOpen).toHaveBeenCalledWith('2024-12:2', { section: 0, item: 2 });
    click(corner(3));
    expect(engine.selection.isSelected(0, 3)).toBe(true);
    click(centre(4));
    expect(engine.selection.count).toBe(2);
    click(centre(4));
    expect(engine.selection.isSelected(0, 4)).toBe(false);
    expect(onOpen).toHaveBeenCalledTimes(1);
    click(centre(0), { mod: true }); // Ctrl/Cmd-click toggles too
    expect(engine.selection.isSelected(0, 0)).toBe(true);
    click({ x: 181, y: 100 }); // a gap between tiles: nothing
    expect(engine.selection.count).toBe(2);
  });

  it('a drag is not a click', async () => {
    const { engine, onOpen } = await setup();
    engine.pointer.down(mouse(100, 100));
    engine.pointer.move(mouse(140, 100));
    engine.pointer.up(mouse(140, 100));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('hover marks the tile; Shift previews the range from the anchor; Shift-click applies it', async () => {
    const { engine, click } = await setup();
    click(corner(1));
    const p = centre(8);
    engine.pointer.move(mouse(p.x, p.y));
    expect(engine.composer.hover).toEqual({ section: 0, item: 8 });
    expect(engine.selection.preview).toBeNull();
    engine.pointer.shiftKey(true);
    expect(engine.selection.preview?.range).toEqual({
      start: { section: 0, item: 1 },
      end: { section: 0, item: 8 },
    });
    click(p, { shift: true });
    await flush();
    expect(engine.selection.count).toBe(8);
    expect(engine.selection.preview).toBeNull();
    engine.pointer.leave();
    expect(engine.composer.hover.section).toBe(-1);
  });

  it('right-click asks for a menu with the clicked file, or the whole selection', async () => {
    const { engine, onContextMenu } = await setup();
    const p = centre(2);
    expect(engine.pointer.contextMenu(p.x, p.y)).toBe(true);
    expect(onContextMenu).toHaveBeenLastCalledWith(
      expect.objectContaining({ fileIds: ['2024-12:2'], x: p.x, y: p.y, source: 'pointer' }),
    );
    engine.selection.set(0, 2, true);
    engine.selection.set(0, 5, true);
    engine.pointer.contextMenu(p.x, p.y);
    expect(onContextMenu.mock.lastCall?.[0].fileIds).toEqual(['2024-12:2', '2024-12:5']);
    expect(engine.pointer.contextMenu(181, 100)).toBe(false);
  });

  it('Ctrl+wheel zooms one level per step around the pointer; a plain wheel scrolls', async () => {
    const { engine, settle } = await setup();
    engine.pointer.wheel(30, 0, true, 400, 300, 0);
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX);
    engine.pointer.wheel(30, 0, true, 400, 300, 10);
    expect(engine.zoom.frozen).toBe(true);
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX - 1);
    engine.pointer.wheel(-100, 0, true, 400, 300, 1000);
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX);
    const before = engine.scroll.position;
    engine.pointer.wheel(100, 0, false, 400, 300, 2000);
    expect(engine.scroll.position).toBe(before + 100);
  });
});

describe('PointerController: touch', () => {
  it('a tap opens, or toggles in selection mode; a drag scrolls', async () => {
    const { engine, onOpen } = await setup();
    const p = centre(1);
    engine.pointer.down(finger(1, p.x, p.y));
    engine.pointer.up(finger(1, p.x, p.y, 50));
    expect(onOpen).toHaveBeenCalledTimes(1);
    engine.selection.set(0, 0, true);
    engine.pointer.down(finger(1, p.x, p.y));
    engine.pointer.up(finger(1, p.x, p.y, 50));
    expect(engine.selection.isSelected(0, 1)).toBe(true);
    engine.pointer.down(finger(2, 500, 600, 100));
    engine.pointer.move(finger(2, 500, 400, 120));
    engine.pointer.up(finger(2, 500, 400, 400));
    expect(engine.scroll.position).toBe(200);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('a long-press (500 ms) selects the file and opens the menu at the finger', async () => {
    const { engine, clock, onContextMenu, onOpen } = await setup();
    const p = centre(6);
    engine.pointer.down(finger(1, p.x, p.y));
    clock.advance(LONG_PRESS_MS - 1);
    expect(engine.selection.count).toBe(0);
    clock.advance(1);
    expect(engine.selection.isSelected(0, 6)).toBe(true);
    expect(onContextMenu).toHaveBeenCalledWith(
      expect.objectContaining({ fileIds: ['2024-12:6'], source: 'touch' }),
    );
    engine.pointer.up(finger(1, p.x, p.y, 600));
    expect(onOpen).not.toHaveBeenCalled();
    // The browser's own contextmenu that follows a long-press is swallowed.
    expect(engine.pointer.contextMenu(p.x, p.y)).toBe(true);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    // Moving more than the slop cancels a long-press.
    engine.pointer.down(finger(1, p.x, p.y, 1000));
    engine.pointer.move(finger(1, p.x, p.y - 30, 1100));
    clock.advance(LONG_PRESS_MS);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
  });

  it('two fingers pinch past the 20 px threshold: a live scale, then a zoom level', async () => {
    const { engine, settle } = await setup();
    const onPinch = vi.fn();
    const onZoom = vi.fn();
    engine.setHandlers({ onPinch, onZoom });
    engine.pointer.down(finger(1, 300, 300));
    engine.pointer.down(finger(2, 400, 300));
    engine.pointer.move(finger(2, 415, 300));
    expect(onPinch).not.toHaveBeenCalled(); // 15 px: under the threshold
    engine.pointer.move(finger(2, 460, 300));
    expect(onPinch).toHaveBeenLastCalledWith(1.6, 350, 300);
    engine.pointer.up(finger(2, 460, 300));
    engine.pointer.up(finger(1, 300, 300));
    expect(onZoom).toHaveBeenCalledWith(
      expect.objectContaining({ ratio: 1.5, fromScale: 1.6, originX: 350, originY: 300 }),
    );
    engine.zoom.finish();
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX + 1);
    expect(engine.scroll.position).toBeGreaterThanOrEqual(0);
  });

  it('a pinch that stays under the threshold changes nothing', async () => {
    const { engine } = await setup();
    const onPinch = vi.fn();
    engine.setHandlers({ onPinch });
    engine.pointer.down(finger(1, 300, 300));
    engine.pointer.down(finger(2, 400, 300));
    engine.pointer.move(finger(2, 410, 300));
    engine.pointer.up(finger(2, 410, 300));
    engine.pointer.up(finger(1, 300, 300));
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX);
    expect(onPinch).toHaveBeenLastCalledWith(1, 350, 300);
  });
});
