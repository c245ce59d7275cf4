import { describe, expect, it } from 'vitest';
import { createTestEngine } from '../testEngine';

// squareLayout at 1000 px: 5 tiles of 180 a row, 2 px apart; a section's rows start 42 px
// below its top (header 30 + gap 12); sections are 44 px apart.
describe('TimelineModel hit-testing and direct loads', () => {
  it('hit-tests layout space: items, gaps, headers', async () => {
    const { engine } = await createTestEngine([12, 7, 30]);
    const timeline = engine.timeline;
    expect(timeline.itemAt(10, 42 + 10)).toEqual({ section: 0, item: 0 });
    expect(timeline.itemAt(182 + 5, 42 + 182 + 5)).toEqual({ section: 0, item: 6 });
    expect(timeline.itemAt(181, 60)).toBeNull(); // gap between tiles
    expect(timeline.itemAt(10, 20)).toBeNull(); // the month header
    const second = timeline.sectionTop(1);
    expect(second).toBe(42 + 3 * 180 + 2 * 2 + 44);
    expect(timeline.itemAt(200, second + 42 + 182 + 1)).toEqual({ section: 1, item: 6 });
    expect(timeline.itemAt(400, second + 42 + 182 + 1)).toBeNull(); // right of the last row
    const out = { x: 0, y: 0, w: 0, h: 0 };
    expect(timeline.itemRect(1, 6, out)).toBe(true);
    expect(out).toEqual({ x: 182, y: second + 42 + 182, w: 180, h: 180 });
    expect(timeline.itemRect(1, 7, out)).toBe(false);
  });

  it('implements the selection index: sizes from counts, then from the loaded files', async () => {
    const { engine } = await createTestEngine([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    const timeline = engine.timeline;
    expect(timeline.isLoaded(0)).toBe(true);
    expect(timeline.isLoaded(13)).toBe(false);
    expect(timeline.sectionSize(13)).toBe(5);
    expect(timeline.fileId(0, 3)).toBe('2024-12:3');
    expect(timeline.sectionYear(12)).toBe(2023);
    expect(timeline.sectionMonth(12)).toBe(12);
    // Loaded sections count their exact rows (one each here), the rest an estimate.
    expect(timeline.rowsBefore(1)).toBe(1);
    expect(timeline.totalRows()).toBeGreaterThanOrEqual(14);
  });

  it('loads and lays out far sections on demand, whatever the viewport', async () => {
    const sizes = Array.from({ length: 30 }, () => 20);
    const { engine, fetched } = await createTestEngine(sizes);
    const timeline = engine.timeline;
    expect(timeline.isLoaded(25)).toBe(false);
    const version = timeline.sizesVersion;
    await timeline.loadSections([25, 27], new AbortController().signal);
    expect(timeline.isLoaded(25) && timeline.isLaidOut(25)).toBe(true);
    expect(timeline.isLoaded(27) && timeline.isLaidOut(27)).toBe(true);
    expect(timeline.isLoaded(26)).toBe(false);
    expect(fetched).toContain('2022-11');
    expect(timeline.sizesVersion).toBeGreaterThan(version);
    // A viewport far away does not cancel them afterwards, and they stay loaded.
    timeline.updateViewport(0, 800, false);
    expect(timeline.sections[25].status).toBe('FETCHED');
  });

  it('rejects an aborted direct load and leaves the section to load again', async () => {
    const sizes = Array.from({ length: 30 }, () => 20);
    const { engine, release } = await createTestEngine(sizes, { holdSections: [20] });
    const controller = new AbortController();
    const loading = engine.timeline.loadSections([20], controller.signal);
    controller.abort();
    release();
    await expect(loading).rejects.toThrow(/abort/i);
    expect(engine.timeline.sections[20].status).toBe('UNFETCHED');
  });
});
