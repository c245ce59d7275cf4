import { describe, expect, it } from 'vitest';
import { DESKTOP_METRICS, MOBILE_METRICS } from '../gridMetrics';
import { REFERENCE_ASPECT_MIX, perturbMix, sampleAspects, seededRandom } from './aspectMix';
import {
  MAX_DISPLAY_ASPECT,
  MAX_ROW_STRETCH,
  MIN_DISPLAY_ASPECT,
  MIN_PANORAMA_HEIGHT,
  displayAspect,
  displayAspects,
  fullRowHeight,
  layoutSection,
  takesNextItem,
} from './justified';

const T = DESKTOP_METRICS.targetRowHeight;
const S = DESKTOP_METRICS.spacing;
const CAP = DESKTOP_METRICS.rowCap;

interface Row {
  start: number;
  end: number;
  y: number;
  h: number;
}

/** Groups consecutive items by their top edge. */
function rowsOf(rects: Float32Array): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < rects.length / 4; i++) {
    const y = rects[i * 4 + 1];
    const last = rows[rows.length - 1];
    if (last && last.y === y) last.end = i + 1;
    else rows.push({ start: i, end: i + 1, y, h: rects[i * 4 + 3] });
  }
  return rows;
}

const rect = (rects: Float32Array, i: number) => ({
  x: rects[i * 4],
  y: rects[i * 4 + 1],
  w: rects[i * 4 + 2],
  h: rects[i * 4 + 3],
});

describe('layoutSection', () => {
  it('lays out zero items as nothing', () => {
    const layout = layoutSection(new Float32Array(0), 1000, T, S, CAP);
    expect(layout).toEqual({ rects: new Float32Array(0), rowsHeight: 0, rowCount: 0 });
  });

  it('keeps one item at the target height, left-aligned (the last row is not stretched)', () => {
    const layout = layoutSection(new Float32Array([1.5]), 1000, T, S, CAP);
    expect(rect(layout.rects, 0)).toEqual({ x: 0, y: 0, w: 270, h: T });
    expect(layout.rowsHeight).toBe(T);
    expect(layout.rowCount).toBe(1);
  });

  it('gives a panorama the full width and its own row, down to a minimum height', () => {
    const wide = layoutSection(new Float32Array([1, 8, 1]), 1000, T, S, CAP);
    expect(rowsOf(wide.rects).map((r) => r.end - r.start)).toEqual([1, 1, 1]);
    expect(rect(wide.rects, 1)).toEqual({ x: 0, y: T * MAX_ROW_STRETCH + S, w: 1000, h: 125 });
    const extreme = layoutSection(new Float32Array([40]), 1000, T, S, CAP);
    expect(rect(extreme.rects, 0).h).toBe(Math.round(MIN_PANORAMA_HEIGHT * T));
    expect(rect(extreme.rects, 0).w).toBe(1000);
  });

  it('caps a row of few narrow items at 1.5x the target, left-aligned', () => {
    // Two portraits, then a panorama that cannot join them: the portraits' row would have to be
    // 1000 / 1.2 = 833 px high to fill.
    const layout = layoutSection(new Float32Array([0.6, 0.6, 9]), 1000, T, S, CAP);
    expect(rect(layout.rects, 0)).toEqual({ x: 0, y: 0, w: 162, h: 270 });
    expect(rect(layout.rects, 1)).toEqual({ x: 164, y: 0, w: 162, h: 270 });
  });

  it('ends a row below the target when that is closer to it', () => {
    // Three 3:2 items fit at the target (814 px of 1000); the 1.2 after them does not. Without it
    // the row would be 996 / 4.5 = 221 px high (41 over); with it, 994 / 5.7 = 174 px (6 under).
    const layout = layoutSection(new Float32Array([1.5, 1.5, 1.5, 1.2, 1]), 1000, T, S, CAP);
    const rows = rowsOf(layout.rects);
    expect(rows.map((r) => r.end - r.start)).toEqual([4, 1]);
    expect(rows[0].h).toBe(174);
    expect(rect(layout.rects, 3)).toMatchObject({ y: 0, h: 174 });
    const last = rect(layout.rects, 3);
    expect(last.x + last.w).toBe(1000);
    // The last row (the square) keeps the target height.
    expect(rect(layout.rects, 4)).toEqual({ x: 0, y: 176, w: T, h: T });
  });

  it('ends a row above the target when that is closer to it', () => {
    // Two 2.5 items fit (902 px); with the third the row would be 996 / 7.5 = 133 px (47 under),
    // without it 998 / 5 = 200 px (20 over).
    const layout = layoutSection(new Float32Array([2.5, 2.5, 2.5]), 1000, T, S, CAP);
    expect(rowsOf(layout.rects).map((r) => [r.end - r.start, r.h])).toEqual([
      [2, 200],
      [1, T],
    ]);
  });

  it('never takes a panorama into a row, nor an item past the cap', () => {
    // Five squares fit (908 px); a panorama never joins, so they fill at 992 / 5 = 198 px.
    const withPanorama = layoutSection(new Float32Array([1, 1, 1, 1, 1, 8]), 1000, T, S, CAP);
    expect(rowsOf(withPanorama.rects).map((r) => [r.end - r.start, r.h])).toEqual([
      [5, 198],
      [1, 125],
    ]);
    // Two items a row at the cap, though a third would be closer to the target.
    const capped = layoutSection(new Float32Array([2.5, 2.5, 2.5]), 1000, T, S, 2);
    expect(rowsOf(capped.rects).map((r) => r.end - r.start)).toEqual([2, 1]);
  });

  it('puts at most rowCap items in a row', () => {
    const layout = layoutSection(new Float32Array(20).fill(0.5), 4000, T, S, CAP);
    expect(rowsOf(layout.rects).map((r) => r.end - r.start)).toEqual([8, 8, 4]);
  });

  it('treats aspects that are not positive numbers as squares', () => {
    const layout = layoutSection(new Float32Array([0, Number.NaN, -2]), 1000, T, S, CAP);
    expect([0, 1, 2].map((i) => rect(layout.rects, i).w)).toEqual([T, T, T]);
  });

  it('reuses `out` when it is long enough, and returns exactly 4 floats an item', () => {
    const aspects = new Float32Array([1, 1.5, 0.75]);
    const out = new Float32Array(64);
    const layout = layoutSection(aspects, 1000, T, S, CAP, out);
    expect(layout.rects.buffer).toBe(out.buffer);
    expect(layout.rects.length).toBe(12);
    const short = new Float32Array(4);
    expect(layoutSection(aspects, 1000, T, S, CAP, short).rects.buffer).not.toBe(short.buffer);
  });

  const cases = [
    { name: 'desktop', metrics: DESKTOP_METRICS, widths: [640, 1000, 1280, 1600.5, 2400] },
    { name: 'mobile', metrics: MOBILE_METRICS, widths: [320, 360, 390, 414] },
  ];
  for (const { name, metrics, widths } of cases) {
    it(`keeps every row rule over seeded ${name} sections`, () => {
      const random = seededRandom(name.length);
      const { targetRowHeight: target, spacing, rowCap } = metrics;
      let tookRows = 0;
      for (const width of widths) {
        for (let section = 0; section < 25; section++) {
          const count = 1 + Math.floor(random() * 300);
          const aspects = sampleAspects(perturbMix(REFERENCE_ASPECT_MIX, random), count, random);
          const { rects, rowsHeight, rowCount } = layoutSection(
            aspects,
            width,
            target,
            spacing,
            rowCap,
          );
          const rows = rowsOf(rects);
          expect(rows.length).toBe(rowCount);
          let y = 0;
          rows.forEach((row, r) => {
            const count = row.end - row.start;
            const isLast = r === rows.length - 1;
            expect(count).toBeLessThanOrEqual(rowCap);
            expect(row.y).toBe(y);
            y += row.h + spacing;
            let sum = 0;
            for (let i = row.start; i < row.end; i++) sum += aspects[i];
            const panorama = aspects[row.start] * target > width;
            if (panorama) {
              expect(count).toBe(1);
              expect(rect(rects, row.start)).toMatchObject({ x: 0, w: width });
              expect(row.h).toBe(Math.max(Math.round(width / sum), Math.round(0.35 * target)));
              return;
            }
            // The row is the greedy run that fits at the target height, or that run and the item
            // after it (taken: closer to the target). The other choice would not be closer.
            const fitsAtTarget = (items: number, aspectSum: number) =>
              aspectSum * target + spacing * (items - 1) <= width + 1e-3;
            const taken = !fitsAtTarget(count, sum);
            let fill = (width - spacing * (count - 1)) / sum;
            let ceiling = isLast ? target : MAX_ROW_STRETCH * target;
            if (taken) {
              const lastAspect = aspects[row.end - 1];
              expect(fitsAtTarget(count - 1, sum - lastAspect)).toBe(true);
              expect(lastAspect * target).toBeLessThanOrEqual(width);
              expect(
                takesNextItem(sum - lastAspect, count - 1, lastAspect, width, target, spacing),
              ).toBe(true);
              expect(fill).toBeLessThan(target);
              ceiling = target;
              tookRows++;
            } else if (!isLast && count < rowCap) {
              const next = aspects[row.end];
              expect(fitsAtTarget(count + 1, sum + next)).toBe(false);
              expect(takesNextItem(sum, count, next, width, target, spacing)).toBe(false);
              const higher = fullRowHeight(sum, count, width, target, spacing);
              if (next * target <= width) {
                const lower = (width - spacing * count) / (sum + next);
                expect(Math.abs(higher - target)).toBeLessThanOrEqual(
                  Math.abs(lower - target) + 1e-9,
                );
              }
            }
            fill = Math.min(fill, ceiling);
            expect(Math.abs(row.h - fill)).toBeLessThanOrEqual(0.5);
            if (!isLast) {
              expect(row.h).toBeGreaterThanOrEqual(target / 2 - 0.5);
              expect(row.h).toBeLessThanOrEqual(MAX_ROW_STRETCH * target + 0.5);
            } else {
              expect(row.h).toBeLessThanOrEqual(target + 0.5);
            }
            // No overlap, exact gaps, whole pixels; a filled row ends exactly at the width.
            let x = 0;
            for (let i = row.start; i < row.end; i++) {
              const item = rect(rects, i);
              expect(item.x).toBe(x);
              expect(item.h).toBe(row.h);
              expect(item.w).toBeGreaterThan(0);
              // Edges round to whole pixels from the exact row: each is off by half a pixel at most.
              expect(Math.abs(item.w - aspects[i] * fill)).toBeLessThan(1.01);
              x = item.x + item.w + spacing;
            }
            const right = x - spacing;
            const fills = (width - spacing * (count - 1)) / sum <= ceiling;
            if (fills) expect(right).toBe(width);
            else expect(right).toBeLessThanOrEqual(width);
          });
          expect(rowsHeight).toBe(y - spacing);
        }
      }
      // Both kinds of rows occur.
      expect(tookRows).toBeGreaterThan(100);
    });
  }
});

describe('display aspects (issue 20: extreme shapes)', () => {
  it('bounds tall and wide images, keeps the rest, and squares on request', () => {
    const aspects = Float32Array.from([0.05, 0.5, 1.5, 4, 12, 0, Number.NaN]);
    expect([...displayAspects(aspects)]).toEqual([0.5, 0.5, 1.5, 4, 4, 1, 1]);
    expect([...displayAspects(aspects, true)]).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(displayAspect(MIN_DISPLAY_ASPECT / 2)).toBe(MIN_DISPLAY_ASPECT);
    expect(displayAspect(MAX_DISPLAY_ASPECT * 2)).toBe(MAX_DISPLAY_ASPECT);
  });

  it('fills a row of 1:20 scans instead of leaving slivers and a blank row', () => {
    const width = 1248;
    const scans = displayAspects(new Float32Array(24).fill(0.05));
    const { rects, rowCount } = layoutSection(scans, width, 180, 2, 8);
    // Every row but the last is as wide as the rows can be at their cap (8 items, 1.5x target).
    for (let row = 0; row < rowCount - 1; row++) {
      const right = rects[(row * 8 + 7) * 4] + rects[(row * 8 + 7) * 4 + 2];
      expect(right).toBeGreaterThan(width * 0.85);
    }
    // No tile narrower than half its row height.
    for (let i = 0; i < 24; i++)
      expect(rects[i * 4 + 2]).toBeGreaterThanOrEqual(rects[i * 4 + 3] * 0.5 - 0.01);
  });
});
