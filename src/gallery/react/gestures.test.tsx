// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS } from '../../domain/constants';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { ContextMenuRequest } from '../engine/interaction/handlers';
import { DEFAULT_ZOOM_INDEX } from '../engine/layout/LayoutEngine';
import { flush } from '../engine/texture/testing';
import { createTestEngine } from '../engine/testEngine';
import { at, installPointerCapture, pointerDriver, type PointerInput } from './gestureTesting';
import { useGalleryGestures } from './useGalleryGestures';

installPointerCapture();

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

/** The gallery's box and stage with the gesture binding on them; canvas = client coordinates. */
function Harness({ engine }: { engine: GalleryEngine }) {
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  useGalleryGestures(engine, container, stage);
  return (
    <div ref={container} data-testid="gallery">
      <div ref={stage} data-testid="stage">
        <div data-testid="canvas" />
      </div>
    </div>
  );
}

afterEach(() => document.body.replaceChildren());

// squareLayout at 1000 px: item i of section 0 is at x (i % 5) * 182, y 42 + row * 182.
const centre = (i: number) => ({ x: (i % 5) * 182 + 90, y: 42 + Math.floor(i / 5) * 182 + 90 });
const corner = (i: number) => ({ x: (i % 5) * 182 + 12, y: 42 + Math.floor(i / 5) * 182 + 12 });

async function setup() {
  const test = await createTestEngine([12, 12, 12]);
  const onOpen = vi.fn();
  const onContextMenu = vi.fn<(request: ContextMenuRequest) => void>();
  test.engine.setHandlers({ onOpen, onContextMenu });
  const view = render(<Harness engine={test.engine} />);
  const input = pointerDriver(view.getByTestId('stage'), view.getByTestId('canvas'));
  const click = (p: { x: number; y: number }, extra: Partial<PointerInput> = {}) => {
    input.down(mouse(p.x, p.y, extra));
    input.up(mouse(p.x, p.y, extra));
  };
  return { ...test, onOpen, onContextMenu, click, input };
}

describe('gestures: mouse', () => {
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
    const { onOpen, input } = await setup();
    input.down(mouse(100, 100));
    input.move(mouse(140, 100));
    input.up(mouse(140, 100));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('hover marks the tile; Shift previews the range from the anchor; Shift-click applies it', async () => {
    const { engine, click, input } = await setup();
    click(corner(1));
    const p = centre(8);
    input.move(mouse(p.x, p.y));
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
    input.leave();
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

describe('gestures: touch', () => {
  it('a tap opens, or toggles in selection mode; a drag scrolls', async () => {
    const { engine, onOpen, input } = await setup();
    const p = centre(1);
    input.down(finger(1, p.x, p.y));
    input.up(finger(1, p.x, p.y, 50));
    expect(onOpen).toHaveBeenCalledTimes(1);
    engine.selection.set(0, 0, true);
    input.down(finger(1, p.x, p.y));
    input.up(finger(1, p.x, p.y, 50));
    expect(engine.selection.isSelected(0, 1)).toBe(true);
    input.down(finger(2, 500, 600, 100));
    input.move(finger(2, 500, 400, 120));
    input.up(finger(2, 500, 400, 400));
    expect(engine.scroll.position).toBe(200);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('a long-press (500 ms) selects the file and opens the menu at the finger', async () => {
    const { engine, clock, onContextMenu, onOpen, input } = await setup();
    const p = centre(6);
    input.down(finger(1, p.x, p.y));
    clock.advance(LONG_PRESS_MS - 1);
    expect(engine.selection.count).toBe(0);
    clock.advance(1);
    expect(engine.selection.isSelected(0, 6)).toBe(true);
    expect(onContextMenu).toHaveBeenCalledWith(
      expect.objectContaining({ fileIds: ['2024-12:6'], source: 'touch' }),
    );
    input.up(finger(1, p.x, p.y, 600));
    expect(onOpen).not.toHaveBeenCalled();
    // The browser's own contextmenu that follows a long-press is swallowed.
    expect(engine.pointer.contextMenu(p.x, p.y)).toBe(true);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    // Moving more than the slop cancels a long-press.
    input.down(finger(1, p.x, p.y, 1000));
    input.move(finger(1, p.x, p.y - 30, 1100));
    clock.advance(LONG_PRESS_MS);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
  });

  it('two fingers pinch past the 20 px threshold: a live scale, then a zoom level', async () => {
    const { engine, settle, input } = await setup();
    const onPinch = vi.fn();
    const onZoom = vi.fn();
    engine.setHandlers({ onPinch, onZoom });
    input.down(finger(1, 300, 300));
    input.down(finger(2, 400, 300));
    input.move(finger(2, 415, 300));
    expect(onPinch).not.toHaveBeenCalled(); // 15 px: under the threshold
    input.move(finger(2, 460, 300));
    expect(onPinch).toHaveBeenLastCalledWith(1.6, 350, 300);
    input.up(finger(2, 460, 300));
    input.up(finger(1, 300, 300));
    expect(onZoom).toHaveBeenCalledWith(
      expect.objectContaining({ ratio: 1.5, fromScale: 1.6, originX: 350, originY: 300 }),
    );
    engine.zoom.finish();
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX + 1);
    expect(engine.scroll.position).toBeGreaterThanOrEqual(0);
  });

  it('a pinch that stays under the threshold changes nothing', async () => {
    const { engine, input } = await setup();
    const onPinch = vi.fn();
    engine.setHandlers({ onPinch });
    input.down(finger(1, 300, 300));
    input.down(finger(2, 400, 300));
    input.move(finger(2, 410, 300));
    input.up(finger(2, 410, 300));
    input.up(finger(1, 300, 300));
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX);
    expect(onPinch).toHaveBeenLastCalledWith(1, 350, 300);
  });
});

describe('gestures: wheel, menu and cancel through the DOM', () => {
  const wheel = (target: Element, deltaY: number, ctrlKey: boolean, t: number) => {
    const event = new WheelEvent('wheel', {
      bubbles: true,
      cancelable: true,
      deltaY,
      deltaMode: 0,
      clientX: 400,
      clientY: 300,
      ctrlKey,
    });
    target.dispatchEvent(at(event, t));
    return event;
  };

  it('a wheel scrolls and Ctrl+wheel zooms, and neither reaches the page', async () => {
    const { engine, settle } = await setup();
    const canvas = document.querySelector('[data-testid="canvas"]')!;
    const scrolled = wheel(canvas, 100, false, 0);
    expect(scrolled.defaultPrevented).toBe(true);
    expect(engine.scroll.position).toBe(100);
    wheel(canvas, 30, true, 1000);
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX);
    const zoomed = wheel(canvas, 30, true, 1010);
    expect(zoomed.defaultPrevented).toBe(true);
    expect(engine.zoom.frozen).toBe(true);
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX - 1);
  });

  it('a right-click asks for the menu and keeps the browser’s own', async () => {
    const { onContextMenu } = await setup();
    const p = centre(2);
    const event = new MouseEvent('contextmenu', {
      bubbles: true,
      cancelable: true,
      clientX: p.x,
      clientY: p.y,
    });
    document.querySelector('[data-testid="canvas"]')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(onContextMenu).toHaveBeenCalledWith(expect.objectContaining({ fileIds: ['2024-12:2'] }));
  });

  it('a touch the browser cancels neither taps nor flings', async () => {
    const { engine, onOpen, input } = await setup();
    const p = centre(1);
    input.down(finger(1, p.x, p.y, 0));
    input.move(finger(1, p.x, p.y - 4, 10));
    input.cancel(finger(1, p.x, p.y - 4, 20));
    expect(onOpen).not.toHaveBeenCalled();
    expect(engine.scroll.moving).toBe(false);
  });
});
