import { describe, expect, it } from 'vitest';
import { DESKTOP_METRICS, MOBILE_METRICS } from '../gridMetrics';
import type { GridMetrics } from '../types';
import {
  REFERENCE_ASPECT_MIX,
  REFERENCE_MEAN_ASPECT,
  perturbMix,
  sampleAspects,
  seededRandom,
} from './aspectMix';
import { estimateRowsHeight, expectedRowsHeight } from './estimate';
import { layoutSection } from './justified';
import { metricsForZoom } from './LayoutEngine';

const CONFIGS: { metrics: GridMetrics; width: number }[] = [
  { metrics: DESKTOP_METRICS, width: 1000 },
  { metrics: DESKTOP_METRICS, width: 1600 },
  { metrics: MOBILE_METRICS, width: 390 },
];

function realHeight(aspects: Float32Array, width: number, metrics: GridMetrics): number {
  const { targetRowHeight, spacing, rowCap } = metrics;
  return layoutSection(aspects, width, targetRowHeight, spacing, rowCap).rowsHeight;
}

describe('estimateRowsHeight', () => {
  it('is 0 for no items and the target height for one ordinary item', () => {
    expect(estimateRowsHeight(0, 1280, DESKTOP_METRICS)).toBe(0);
    // One item keeps the target height unless it is a panorama (lower, full width).
    const one = estimateRowsHeight(1, 1280, DESKTOP_METRICS);
    expect(one).toBeLessThanOrEqual(180);
    expect(one).toBeGreaterThan(175);
  });

  it('grows with the count, by about one row of pitch per row of items', () => {
    let previous = 0;
    for (let count = 1; count <= 3000; count += count < 100 ? 1 : 97) {
      const height = estimateRowsHeight(count, 1280, DESKTOP_METRICS);
      expect(height).toBeGreaterThanOrEqual(previous);
      previous = height;
    }
  });

  it('follows the zoom level and the mean aspect', () => {
    const base = estimateRowsHeight(500, 1280, DESKTOP_METRICS);
    expect(estimateRowsHeight(500, 1280, metricsForZoom(DESKTOP_METRICS, 4))).toBeGreaterThan(
      1.5 * base,
    );
    expect(estimateRowsHeight(500, 1280, metricsForZoom(DESKTOP_METRICS, 0))).toBeLessThan(
      0.6 * base,
    );
    // Wider items: fewer of them fill a row, so the same count needs more rows.
    expect(estimateRowsHeight(500, 1280, DESKTOP_METRICS, 1.6)).toBeGreaterThan(base);
    expect(estimateRowsHeight(500, 1280, DESKTOP_METRICS, REFERENCE_MEAN_ASPECT)).toBe(base);
  });

  it('steps once a row when every row is full at the cap', () => {
    // 0.5-aspect items at 4000 px: 8 a row, at the cap, each full row at the 1.5x ceiling (270)
    // and the last at the target; 8k items end a row, 8k + 1 start one.
    const narrow = [{ min: 0.5, max: 0.5, weight: 1 }];
    for (const rows of [1, 10, 100]) {
      const full = expectedRowsHeight(8 * rows, 4000, DESKTOP_METRICS, narrow);
      const oneMore = expectedRowsHeight(8 * rows + 1, 4000, DESKTOP_METRICS, narrow);
      expect(full).toBeCloseTo(270 * (rows - 1) + 2 * (rows - 1) + 180, 6);
      expect(oneMore - full).toBeCloseTo(270 + 2, 6);
    }
  });

  it('follows rows that end below the target when that is closer to it', () => {
    // 1.2-aspect items at 1000 px: four fit at the target (870 px), and a row of five (165 px,
    // 15 under) is closer to the target than a row of four (207 px, 27 over): rows of five.
    const crops = [{ min: 1.2, max: 1.2, weight: 1 }];
    const pitch = 992 / 6 + 2;
    for (const rows of [1, 7, 9, 60, 400]) {
      const expected = expectedRowsHeight(5 * rows, 1000, DESKTOP_METRICS, crops);
      const real = realHeight(new Float32Array(5 * rows).fill(1.2), 1000, DESKTOP_METRICS);
      // Exact up to 48 items; past them the steady height per item, so the phase of rows of five
      // against the extrapolation's period (the cap, 8) may leave part of one row.
      if (5 * rows <= 48) expect(expected).toBeCloseTo(rows * pitch - 2, 6);
      else expect(Math.abs(expected - (rows * pitch - 2))).toBeLessThan(pitch);
      expect(Math.abs(expected - real)).toBeLessThan(pitch + rows * 0.5);
    }
  });

  it('flips where the layout flips, to the pixel of width', () => {
    // At 399 px on mobile a 16:9 item followed by a 4:3 one becomes one row below the target; at
    // 398 px it stays two rows. The estimate for two items follows (the mean over every pair of
    // the reference mix moves by 8%).
    const random = seededRandom(399);
    for (const width of [398, 399]) {
      let total = 0;
      const sections = 40000;
      for (let s = 0; s < sections; s++) {
        total += realHeight(sampleAspects(REFERENCE_ASPECT_MIX, 2, random), width, MOBILE_METRICS);
      }
      const estimate = estimateRowsHeight(2, width, MOBILE_METRICS);
      expect(Math.abs(estimate / (total / sections) - 1)).toBeLessThan(0.01);
    }
  });

  // The estimate is the expectation of the real layout: over many sections drawn from the
  // reference mix, the mean real height matches it (the error of single sections is their
  // spread, measured in bench/estimates.bench.ts).
  for (const { metrics, width } of CONFIGS) {
    it(`matches the mean real height at ${width} px`, () => {
      const random = seededRandom(width);
      for (const count of [1, 3, 20, 100, 700, 3000]) {
        const sections = Math.max(40, Math.floor(12000 / count));
        let total = 0;
        for (let s = 0; s < sections; s++) {
          total += realHeight(sampleAspects(REFERENCE_ASPECT_MIX, count, random), width, metrics);
        }
        const mean = total / sections;
        expect(Math.abs(estimateRowsHeight(count, width, metrics) / mean - 1)).toBeLessThan(0.03);
      }
    });
  }

  // Single sections, each from its own month-like mix: the bounds documented in estimate.ts.
  it('stays within the documented per-section bounds over seeded mixes', () => {
    const random = seededRandom(20);
    const errors: { count: number; error: number }[] = [];
    for (const { metrics, width } of CONFIGS) {
      for (let s = 0; s < 150; s++) {
        const count = Math.round(20 * Math.pow(100, random()));
        const mix = perturbMix(REFERENCE_ASPECT_MIX, random);
        const real = realHeight(sampleAspects(mix, count, random), width, metrics);
        errors.push({
          count,
          error: Math.abs(estimateRowsHeight(count, width, metrics) / real - 1),
        });
      }
    }
    const mean = (list: { error: number }[]) =>
      list.reduce((sum, e) => sum + e.error, 0) / list.length;
    const large = errors.filter((e) => e.count >= 200);
    expect(mean(errors)).toBeLessThan(0.06);
    expect(mean(large)).toBeLessThan(0.04);
    expect(Math.max(...large.map((e) => e.error))).toBeLessThan(0.2);
  });
});
