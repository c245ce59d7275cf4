import { describe, expect, it } from 'vitest';
import { DEFAULT_ZOOM_INDEX, ZOOM_LEVELS } from '../layout/LayoutEngine';
import { flush } from '../texture/testing';
import { createTestEngine } from '../testEngine';
import {
  anchoredScrollPosition,
  captureZoomAnchor,
  levelForPinch,
  type AnchorGrid,
} from './zoomAnchor';

/** One section at top 1000: rows of 100 px tiles from y 1042 (header 30 + gap 12). */
function grid(rects: Float32Array | null, top = 1000, height = 2000): AnchorGrid {
  return {
    rowsOffset: 42,
    sectionIndexAt: (y) => (y >= top ? 0 : -1),
    sectionTop: () => top,
    sectionHeight: () => height,
    rectsOf: () => rects,
  };
}
const rects = new Float32Array([0, 0, 100, 100, 102, 0, 100, 100, 0, 102, 100, 100]);

describe('zoom anchoring math', () => {
  it('anchors to the item under the point and how far down it the point was', () => {
    // View top 900; point at screen y 222 is layout y 1122: item 0 (1042..1142), 80% down.
    const anchor = captureZoomAnchor(grid(rects), 50, 900, 222);
    expect(anchor).toEqual({ section: 0, item: 0, fraction: 0.8, screenY: 222 });
    // The same item, now twice the size and 500 px lower: the position puts it back at 222.
    const zoomed = new Float32Array([0, 0, 200, 200, 202, 0, 200, 200, 0, 202, 200, 200]);
    const position = anchoredScrollPosition(grid(zoomed, 1500), anchor!);
    expect(position).toBe(1500 + 42 + 0.8 * 200 - 222);
  });

  it('takes the nearest item of the row over a gap, and the section over no layout', () => {
    expect(captureZoomAnchor(grid(rects), 101, 900, 222)?.item).toBe(0);
    expect(captureZoomAnchor(grid(rects), 150, 900, 243)?.item).toBe(2); // row gap: next row
    const proportional = captureZoomAnchor(grid(null), 50, 900, 600);
    expect(proportional).toEqual({ section: 0, item: -1, fraction: 0.25, screenY: 600 });
    expect(anchoredScrollPosition(grid(null, 1000, 4000), proportional!)).toBe(1000 + 1000 - 600);
    expect(anchoredScrollPosition(grid(null), { ...proportional!, item: 3 })).toBeNull();
  });

  it('chooses pinch levels by ratio, at least one step once past the threshold', () => {
    expect(levelForPinch(ZOOM_LEVELS, DEFAULT_ZOOM_INDEX, 1.5)).toBe(DEFAULT_ZOOM_INDEX + 1);
    expect(levelForPinch(ZOOM_LEVELS, DEFAULT_ZOOM_INDEX, 1.1)).toBe(DEFAULT_ZOOM_INDEX + 1);
    expect(levelForPinch(ZOOM_LEVELS, DEFAULT_ZOOM_INDEX, 3)).toBe(ZOOM_LEVELS.length - 1);
    expect(levelForPinch(ZOOM_LEVELS, DEFAULT_ZOOM_INDEX, 0.5)).toBe(0);
    expect(levelForPinch(ZOOM_LEVELS, 0, 0.5)).toBe(0);
  });
});

describe('GalleryZoom in the engine', () => {
  it('freezes, lays out at the new level and keeps the anchor item at the same screen y', async () => {
    const sizes = Array.from({ length: 12 }, () => 40);
    const { engine, frame, settle } = await createTestEngine(sizes);
    engine.scroll.scrollTo(engine.timeline.sectionTop(2) + 200);
    await settle();
    const anchor = engine.actions.hitTest(500, 400)!;
    const before = { x: 0, y: 0, w: 0, h: 0 };
    engine.actions.tileRect(anchor.section, anchor.item, before);
    const fraction = (400 - before.y) / before.h;
    const frames = engine.stats.frames;
    expect(engine.actions.zoomBy(1, 500, 400)).toBe(true);
    expect(engine.zoom.frozen).toBe(true);
    frame();
    expect(engine.stats.frames).toBe(frames); // the last frame is held while frozen
    await flush();
    frame();
    await flush(); // headless: no onZoom handler, so the transition finishes when ready
    expect(engine.zoom.frozen).toBe(false);
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX + 1);
    expect(engine.timeline.currentMetrics.targetRowHeight).toBe(270);
    const after = { x: 0, y: 0, w: 0, h: 0 };
    engine.actions.tileRect(anchor.section, anchor.item, after);
    expect(after.h).toBe(270);
    expect(after.y + fraction * after.h).toBeCloseTo(400, 6);
    // A user scroll lets the anchor go; later layouts no longer pin it.
    engine.pointer.wheel(120, 0, false, 500, 400, 10_000);
    frame();
    expect(engine.scroll.position).toBeGreaterThan(0);
    expect(engine.timeline.anchor.heldPosition(engine.scroll.position)).toBeNull();
  });

  it('refuses levels past either end and shows the pinch hint the other way', async () => {
    const { engine } = await createTestEngine([10]);
    engine.zoom.level = ZOOM_LEVELS.length - 1;
    expect(engine.actions.zoomBy(1, 10, 10)).toBe(false);
    expect(engine.hints.isVisible('pinch-in')).toBe(true);
    engine.zoom.level = 0;
    expect(engine.actions.zoomBy(-1, 10, 10)).toBe(false);
    expect(engine.hints.visible).toEqual(['pinch-out']);
  });
});
