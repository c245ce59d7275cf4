import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { DESKTOP_METRICS } from '../gridMetrics';
import { SectionGrid, type Section } from '../timeline/SectionGrid';
import { columnLayout, filesWithIds, monthOf } from '../timeline/testSections';
import { ScrollAnchor } from './ScrollAnchor';
import { ScrollModel } from './ScrollModel';

const M = DESKTOP_METRICS;
const ROWS_OFFSET = M.headerHeight + M.headerGap; // 42

function laidOut(grid: SectionGrid, month: number, ids: string[]): Section {
  return grid.laidOut(monthOf(month, ids.length), filesWithIds(ids), columnLayout(ids.length), 0);
}

const idsOf = (month: number, n: number) => Array.from({ length: n }, (_, i) => `${month}:${i}`);

function setup() {
  const grid = new SectionGrid(M, 1000);
  grid.setSections([
    laidOut(grid, 3, idsOf(3, 10)),
    grid.unfetched(monthOf(2, 40)),
    laidOut(grid, 1, idsOf(1, 10)),
  ]);
  const anchor = new ScrollAnchor<Section>(grid);
  const scroll = new ScrollModel(new ManualClock());
  scroll.setViewportHeight(500);
  scroll.setContentHeight(grid.totalHeight());
  return { grid, anchor, scroll };
}

/** Replaces section `index` the way the layout pipeline does, telling the anchor first. */
function change(grid: SectionGrid, anchor: ScrollAnchor<Section>, index: number, next: Section) {
  const old = grid.sections[index];
  const filesChanged = old.files && old.rects && old.files !== next.files;
  const report = {
    top: grid.sectionTop(index),
    oldHeight: grid.sectionHeight(index),
    oldRowsHeight: old.rowsHeight,
    newRowsHeight: next.rowsHeight,
    rowsOffset: grid.rowsOffset,
    files: filesChanged
      ? {
          oldIds: old.files!.ids,
          oldRects: old.rects!,
          newIds: next.files!.ids,
          newRects: next.rects!,
        }
      : undefined,
  };
  grid.replaceSection(index, next);
  anchor.sectionChanged(report);
}

describe('ScrollAnchor', () => {
  it('a section above the top shifts the view by its change; one below changes nothing', () => {
    const { grid, anchor } = setup();
    anchor.viewTop = grid.sectionTop(2) + 50;
    const before = grid.sectionTop(2);
    change(grid, anchor, 1, laidOut(grid, 2, idsOf(2, 40)));
    expect(anchor.takeShift()).toBeCloseTo(grid.sectionTop(2) - before);
    anchor.viewTop = 10;
    change(grid, anchor, 2, laidOut(grid, 1, idsOf(1, 3)));
    expect(anchor.takeShift()).toBe(0);
  });

  it('an estimate under the top keeps the top at its proportional place in the rows', () => {
    const { grid, anchor } = setup();
    const top = grid.sectionTop(1);
    const oldRows = grid.sections[1].rowsHeight;
    anchor.viewTop = top + ROWS_OFFSET + oldRows / 4;
    const next = laidOut(grid, 2, idsOf(2, 40));
    change(grid, anchor, 1, next);
    expect(anchor.takeShift()).toBeCloseTo(next.rowsHeight / 4 - oldRows / 4);
  });

  it('an estimate that ends on screen keeps what follows it still: the jump is 0 px (issue 34.10)', () => {
    const { grid, anchor, scroll } = setup();
    // A fast-scroller jump lands 200 px above the end of the estimated month: the next month's
    // header is on screen, 200 px down. Then the month's real layout replaces the estimate.
    const landing = grid.sectionTop(2) - 200;
    scroll.scrollTo(landing, { animate: false });
    anchor.apply(scroll, grid.totalHeight(), false);
    const headerOnScreen = () => grid.sectionTop(2) - scroll.position;
    const before = headerOnScreen();
    const next = laidOut(grid, 2, idsOf(2, 40));
    const miss = next.rowsHeight - grid.sections[1].rowsHeight;
    expect(Math.abs(miss)).toBeGreaterThan(100); // the estimate missed by far: a real test
    change(grid, anchor, 1, next);
    anchor.apply(scroll, grid.totalHeight(), false);
    // The jump: how far the header moved on screen. Kept proportional, it moved by the miss
    // times the share of the month below the top.
    expect(headerOnScreen() - before).toBe(0);
  });

  it('an estimate that fills the screen still keeps the top at its proportional place', () => {
    const { grid, anchor, scroll } = setup();
    const top = grid.sectionTop(1);
    const oldRows = grid.sections[1].rowsHeight;
    scroll.scrollTo(top + ROWS_OFFSET + oldRows / 4, { animate: false });
    anchor.apply(scroll, grid.totalHeight(), false);
    expect(top + grid.sectionHeight(1)).toBeGreaterThan(scroll.position + 500);
    const next = laidOut(grid, 2, idsOf(2, 40));
    change(grid, anchor, 1, next);
    expect(anchor.takeShift()).toBeCloseTo(next.rowsHeight / 4 - oldRows / 4);
  });

  it('files replaced under the top keep the first surviving file at or below it in place', () => {
    const { grid, anchor } = setup();
    // The top is inside file 3:4 (rows 102 px apart); files 0..3 go, so 3:4 moves up 4 rows.
    anchor.viewTop = ROWS_OFFSET + 4 * 102 + 20;
    change(grid, anchor, 0, laidOut(grid, 3, idsOf(3, 10).slice(4)));
    expect(anchor.takeShift()).toBe(-4 * 102);
    // A top above the rows (on the header) stays where it is.
    anchor.viewTop = 10;
    change(grid, anchor, 0, laidOut(grid, 3, idsOf(3, 10).slice(5)));
    expect(anchor.takeShift()).toBe(0);
  });

  it('a new list keeps the first surviving section at or below the top, except at the very top', () => {
    const { grid, anchor } = setup();
    const [first, second, third] = grid.sections;
    // The top is inside the first month, which goes: the second keeps its place on screen.
    anchor.viewTop = grid.sectionTop(1) - 5;
    const secondTop = grid.sectionTop(1);
    const newer = laidOut(grid, 4, idsOf(4, 6));
    anchor.keepAcrossList(new Set([second, third]), () => grid.setSections([newer, second, third]));
    expect(anchor.takeShift()).toBeCloseTo(grid.sectionTop(1) - secondTop);
    // The top is inside a survivor: that one stays.
    anchor.viewTop = grid.sectionTop(1) + 20;
    const top = grid.sectionTop(1);
    anchor.keepAcrossList(new Set([second, third]), () =>
      grid.setSections([first, newer, second, third]),
    );
    expect(anchor.takeShift()).toBeCloseTo(grid.sectionTop(2) - top);
    // At the very top, new content shows: nothing is kept.
    anchor.viewTop = 0;
    anchor.keepAcrossList(new Set([newer, second, third]), () =>
      grid.setSections([first, newer, second, third]),
    );
    expect(anchor.takeShift()).toBe(0);
  });

  it('apply writes the correction once a frame; a view at the end stays at the end', () => {
    const { grid, anchor, scroll } = setup();
    // The first section's rows grow by 30 px.
    const grown = {
      top: 0,
      oldHeight: 10,
      oldRowsHeight: 0,
      newRowsHeight: 30,
      rowsOffset: ROWS_OFFSET,
    };
    scroll.scrollTo(100);
    anchor.viewTop = 100;
    anchor.sectionChanged(grown);
    expect(anchor.apply(scroll, grid.totalHeight(), false)).toBe(30);
    expect(scroll.position).toBe(130);
    expect(anchor.viewTop).toBe(130);
    expect(anchor.apply(scroll, grid.totalHeight(), false)).toBe(0);
    // At the end, content growing below keeps the view at the (new) end, not at its old place.
    scroll.scrollTo(scroll.maxPosition);
    anchor.sectionChanged(grown);
    const longer = grid.totalHeight() + 800;
    anchor.apply(scroll, longer, false);
    expect(scroll.position).toBe(longer - 500);
  });

  it('a held item wins over every other rule until the user scrolls away', () => {
    const { grid, anchor, scroll } = setup();
    // Item 2:5 of the unfetched month: held by proportion until its layout lands.
    anchor.hold({ section: 2, item: 4, fraction: 0.5, screenY: 200 });
    anchor.sectionChanged({
      top: 0,
      oldHeight: 10,
      oldRowsHeight: 0,
      newRowsHeight: 999,
      rowsOffset: ROWS_OFFSET,
    });
    anchor.apply(scroll, grid.totalHeight(), false);
    const itemTop = grid.sectionTop(2) + ROWS_OFFSET + 4 * 102;
    expect(scroll.position).toBe(itemTop + 50 - 200);
    expect(anchor.heldPosition(scroll.position)).toBe(scroll.position);
    scroll.scrollTo(scroll.position + 40); // the user scrolls
    expect(anchor.heldPosition(scroll.position)).toBeNull();
    expect(anchor.apply(scroll, grid.totalHeight(), false)).toBe(0);
  });

  it("files appended after a section's last follow the end only after the End key", () => {
    // A trash page: the last section gets files after its last one while the view is at the
    // bottom. Left there by a drag, the view stays on what it shows (else each page appended puts
    // the end in reach of the next page's fetch); after End, the view follows the new end.
    for (const endKey of [false, true]) {
      const { grid, anchor, scroll } = setup();
      if (endKey) scroll.key('End', false);
      else scroll.scrollTo(scroll.maxPosition);
      scroll.stop();
      if (endKey) scroll.settleAtEnd();
      anchor.apply(scroll, grid.totalHeight(), false);
      const bottom = scroll.position;
      expect(bottom).toBe(scroll.maxPosition);
      change(grid, anchor, 2, laidOut(grid, 1, idsOf(1, 40)));
      anchor.apply(scroll, grid.totalHeight(), false);
      expect(scroll.position, endKey ? 'after End' : 'after a drag').toBe(
        endKey ? grid.totalHeight() - 500 : bottom,
      );
      expect(grid.totalHeight() - 500).toBeGreaterThan(bottom);
    }
  });
});
