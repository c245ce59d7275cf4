import { describe, expect, it } from 'vitest';
import { DESKTOP_METRICS, MOBILE_METRICS } from '../gridMetrics';
import { navigate } from '../interaction/navigation';
import { boxWidth, MIN_BOX_WIDTH, packedRowRects, packSections } from './packing';
import { SectionGrid } from './SectionGrid';
import { filesWithIds, monthOf } from './testSections';
import type { SectionFiles } from './TimelineSource';

const M = DESKTOP_METRICS; // rows of 180 px, groupGap 44: a one-file box is 320 px

describe('packSections (issue 20: sparse months share rows)', () => {
  it('puts one-file months side by side while their boxes fit the width', () => {
    const packing = packSections([1, 1, 1, 1], 1200, M);
    // 320 + 44 + 320 + 44 + 320 = 1,048 fits 1,200; the fourth opens the next band.
    expect(Array.from(packing.bandFirst)).toEqual([0, 0, 0, 3]);
    expect(Array.from(packing.lefts)).toEqual([0, 364, 728, 0]);
    expect(Array.from(packing.widths)).toEqual([320, 320, 320, 1200]);
    // A band of one is no band: the fourth month lays out across the width.
    expect(Array.from(packing.packed)).toEqual([1, 1, 1, 0]);
  });

  it('never packs a month too big for two boxes a row, nor across one', () => {
    const packing = packSections([1, 40, 1, 1], 1200, M);
    expect(Array.from(packing.bandFirst)).toEqual([0, 1, 2, 2]);
    expect(Array.from(packing.packed)).toEqual([0, 0, 1, 1]);
    expect(packing.widths[1]).toBe(1200);
  });

  it('packs nothing on a phone: two boxes do not fit 360 px', () => {
    const packing = packSections([1, 1, 1], 360, MOBILE_METRICS);
    expect(Array.from(packing.packed)).toEqual([0, 0, 0]);
    expect(Array.from(packing.bandFirst)).toEqual([0, 1, 2]);
  });

  it('gives a box room for its header and as many 16:9 tiles as files', () => {
    expect(boxWidth(1, { ...M, targetRowHeight: 90 })).toBe(MIN_BOX_WIDTH);
    expect(boxWidth(2, M)).toBe(2 * 320 + M.spacing);
  });
});

describe('packedRowRects', () => {
  it('is one row at the target height when the files fit the box', () => {
    const rects = packedRowRects(new Float32Array([0.75, 1.5]), 642, M);
    expect(Array.from(rects)).toEqual([0, 0, 135, 180, 137, 0, 270, 180]);
  });

  it('scales the row down when it would be wider than the box, and bounds the shapes', () => {
    // A 20:1 strip is shown at the 4:1 bound: 720 px wide at 180, so 320 / 4 = 80 px high.
    const rects = packedRowRects(new Float32Array([20]), 320, M);
    expect(Array.from(rects)).toEqual([0, 0, 320, 80]);
  });
});

function files(n: number, aspect = 1.5): SectionFiles {
  const ids = Array.from({ length: n }, (_, i) => `f${i}`);
  return { ...filesWithIds(ids), aspects: new Float32Array(n).fill(aspect) };
}

describe('SectionGrid with packed months', () => {
  function sparseGrid(): SectionGrid {
    const grid = new SectionGrid(M, 1200);
    grid.setSections([1, 2, 3, 4].map((m) => grid.unfetched(monthOf(m, 1))));
    return grid;
  }

  it('places a band of months at one top, one row high, before any file loads', () => {
    const grid = sparseGrid();
    const band = M.headerHeight + M.headerGap + M.targetRowHeight + M.groupGap;
    expect([0, 1, 2, 3].map((i) => grid.sectionTop(i))).toEqual([0, 0, 0, band]);
    expect(grid.sectionHeight(1)).toBe(band);
    expect(grid.totalHeight()).toBe(
      band + M.headerHeight + M.headerGap + grid.sections[3].rowsHeight,
    );
    expect(grid.sectionIndexAt(10)).toBe(0);
    expect(grid.sectionIndexAt(band + 1)).toBe(3);
    expect([0, 1, 2].map((i) => grid.rowsBefore(i))).toEqual([0, 0, 0]);
    expect(grid.rowsBefore(3)).toBe(1);
  });

  it('draws each month in its own box and hit-tests there, before and after its files load', () => {
    const grid = sparseGrid();
    const tiles: { section: number; x: number; w: number }[] = [];
    grid.forEachVisibleItem(0, 400, (t) => tiles.push({ section: t.section, x: t.x, w: t.w }));
    expect(tiles.slice(0, 3).map((t) => [t.section, t.x])).toEqual([
      [0, 0],
      [1, 364],
      [2, 728],
    ]);
    // The files land with a full-width layout of their own; the band keeps its one row.
    const layout = { rects: new Float32Array([0, 0, 270, 180]), rowsHeight: 180, rowCount: 1 };
    const top = grid.totalHeight();
    grid.replaceSection(
      1,
      grid.laidOut(grid.sections[1].descriptor, files(1), layout, grid.generation),
    );
    expect(grid.totalHeight()).toBe(top);
    const y = grid.rowsOffset + 90;
    expect(grid.itemAt(364 + 100, y)).toEqual({ section: 1, item: 0 });
    expect(grid.itemAt(364 + 300, y)).toBeNull(); // right of the 270-px tile, inside the box
    expect(grid.itemAt(100, y)).toBeNull(); // month 1 has not loaded
    const out = { x: 0, y: 0, w: 0, h: 0 };
    expect(grid.itemRect(1, 0, out)).toBe(true);
    expect(out).toEqual({ x: 364, y: grid.rowsOffset, w: 270, h: 180 });
  });

  it('packs again when a month grows past a small one', () => {
    const grid = sparseGrid();
    grid.replaceSection(1, grid.unfetched(monthOf(2, 30)));
    expect(grid.isPacked(0)).toBe(false);
    expect(grid.isPacked(1)).toBe(false);
    expect(grid.bandOf(3)).toBe(2);
    expect(grid.sectionTop(1)).toBeGreaterThan(grid.sectionTop(0));
  });
});

describe('keyboard steps over packed months', () => {
  it('goes down to the band below and up to the box above the same x', () => {
    const grid = new SectionGrid(M, 1200);
    grid.setSections([1, 2, 3, 4].map((m) => grid.unfetched(monthOf(m, 1))));
    const layout = { rects: new Float32Array([0, 0, 270, 180]), rowsHeight: 180, rowCount: 1 };
    for (let i = 0; i < 4; i++)
      grid.replaceSection(i, grid.laidOut(grid.sections[i].descriptor, files(1), layout, 0));
    expect(navigate(grid, { section: 1, item: 0 }, 'down')).toEqual({
      kind: 'item',
      section: 3,
      item: 0,
    });
    // Month 4 lies alone across the width; its tile's centre (135) is under month 1's box.
    expect(navigate(grid, { section: 3, item: 0 }, 'up')).toEqual({
      kind: 'item',
      section: 0,
      item: 0,
    });
    expect(navigate(grid, { section: 0, item: 0 }, 'right')).toEqual({
      kind: 'item',
      section: 1,
      item: 0,
    });
    expect(navigate(grid, { section: 2, item: 0 }, 'up')).toBeNull();
  });
});
