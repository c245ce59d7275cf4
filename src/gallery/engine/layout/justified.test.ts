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
      // ~30,000 items: each rule is checked as a plain comparison and every break is collected
      // (section, row, item and the values), then asserted empty once. An expect() per check,
      // ~200,000 of them, was most of the file's time.
      const broken: string[] = [];
      let where = '';
      const check = (ok: boolean, rule: string, ...values: number[]) => {
        if (!ok) broken.push(`${where}: ${rule} (${values.join(', ')})`);
      };
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
          where = `width ${width}, section ${section}`;
          check(rows.length === rowCount, 'rowCount is the rows laid out', rows.length, rowCount);
          let y = 0;
          rows.forEach((row, r) => {
            where = `width ${width}, section ${section}, row ${r}`;
            const count = row.end - row.start;
            const isLast = r === rows.length - 1;
            check(count <= rowCap, 'at most rowCap items', count, rowCap);
            check(Object.is(row.y, y), 'rows stack with the spacing between them', row.y, y);
            y += row.h + spacing;
            let sum = 0;
            for (let i = row.start; i < row.end; i++) sum += aspects[i];
            const panorama = aspects[row.start] * target > width;
            if (panorama) {
              const first = rect(rects, row.start);
              const height = Math.max(Math.round(width / sum), Math.round(0.35 * target));
              check(count === 1, 'a panorama is alone in its row', count);
              check(
                first.x === 0 && first.w === width,
                'a panorama spans the row',
                first.x,
                first.w,
              );
              check(Object.is(row.h, height), 'a panorama row height', row.h, height);
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
              check(fitsAtTarget(count - 1, sum - lastAspect), 'a taken item: the rest fits');
              check(lastAspect * target <= width, 'a taken item is no panorama', lastAspect);
              check(
                takesNextItem(sum - lastAspect, count - 1, lastAspect, width, target, spacing),
                'a taken item: takesNextItem agrees',
              );
              check(fill < target, 'a taken item: the row is below the target', fill, target);
              ceiling = target;
              tookRows++;
            } else if (!isLast && count < rowCap) {
              const next = aspects[row.end];
              check(!fitsAtTarget(count + 1, sum + next), 'the next item does not fit', next);
              check(
                !takesNextItem(sum, count, next, width, target, spacing),
                'the next item is not taken: takesNextItem agrees',
                next,
              );
              const higher = fullRowHeight(sum, count, width, target, spacing);
              if (next * target <= width) {
                const lower = (width - spacing * count) / (sum + next);
                check(
                  Math.abs(higher - target) <= Math.abs(lower - target) + 1e-9,
                  'without the next item the row is closer to the target',
                  higher,
                  lower,
                );
              }
            }
            fill = Math.min(fill, ceiling);
            check(Math.abs(row.h - fill) <= 0.5, 'the row height rounds its fill', row.h, fill);
            if (!isLast) {
              check(row.h >= target / 2 - 0.5, 'a row is at least half the target', row.h);
              check(row.h <= MAX_ROW_STRETCH * target + 0.5, 'a row stretches at most', row.h);
            } else {
              check(row.h <= target + 0.5, 'the last row is at most the target', row.h);
            }
            // No overlap, exact gaps, whole pixels; a filled row ends exactly at the width.
            let x = 0;
            for (let i = row.start; i < row.end; i++) {
              const item = rect(rects, i);
              where = `width ${width}, section ${section}, row ${r}, item ${i}`;
              check(Object.is(item.x, x), 'items follow with the spacing between them', item.x, x);
              check(Object.is(item.h, row.h), 'an item has its row height', item.h, row.h);
              check(item.w > 0, 'an item has a width', item.w);
              // Edges round to whole pixels from the exact row: each is off by half a pixel at most.
              check(
                Math.abs(item.w - aspects[i] * fill) < 1.01,
                'an item width rounds its share of the row',
                item.w,
                aspects[i] * fill,
              );
              x = item.x + item.w + spacing;
            }
            where = `width ${width}, section ${section}, row ${r}`;
            const right = x - spacing;
            const fills = (width - spacing * (count - 1)) / sum <= ceiling;
            if (fills) check(Object.is(right, width), 'a filled row ends at the width', right);
            else check(right <= width, 'a row ends within the width', right);
          });
          where = `width ${width}, section ${section}`;
          check(Object.is(rowsHeight, y - spacing), 'rowsHeight is the rows', rowsHeight, y);
        }
      }
      expect(broken.slice(0, 20), `${broken.length} broken`).toEqual([]);
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
