import { describe, expect, it } from 'vitest';
import { TIMELINE_CELLS } from '../../domain/constants';
import {
  DESKTOP_METRICS,
  MOBILE_METRICS,
  metricsForWidth,
  squareMetrics,
  WIDEST_FILLED_GRID_PX,
} from './gridMetrics';

describe('grid metrics', () => {
  it('are the SPEC §9 timeline cells the grid is drawn with', () => {
    // SPEC §9: "desktop 180 px, 2 px spacing, header 30, header gap 12, group gap 44; mobile 176,
    // header gap 8, group gap 24; row cap 8 elements"
    expect(DESKTOP_METRICS).toEqual({
      targetRowHeight: 180,
      spacing: 2,
      headerHeight: 30,
      headerGap: 12,
      groupGap: 44,
      rowCap: 8,
    });
    expect(MOBILE_METRICS).toEqual({
      targetRowHeight: 176,
      spacing: 2,
      headerHeight: 30,
      headerGap: 8,
      groupGap: 24,
      rowCap: 8,
    });
  });
});

describe("square tiles (an album's grid view)", () => {
  it('aim at the SPEC §9 tile size, desktop 228 / mobile 176, the rest as the flow rows', () => {
    // SPEC §9 "Timeline cells": "tiles desktop 228 / mobile 176".
    expect(squareMetrics(DESKTOP_METRICS, TIMELINE_CELLS.desktop)).toEqual({
      ...DESKTOP_METRICS,
      targetRowHeight: 228,
      squareTiles: true,
    });
    expect(squareMetrics(MOBILE_METRICS, TIMELINE_CELLS.mobile)).toEqual({
      ...MOBILE_METRICS,
      targetRowHeight: 176,
      squareTiles: true,
    });
  });
});

describe('metricsForWidth (issue 20: wide screens)', () => {
  it('keeps the SPEC cells up to 1,920 px and grows them past it, so rows can fill 3,840 px', () => {
    expect(WIDEST_FILLED_GRID_PX).toBe(1920);
    expect(metricsForWidth(DESKTOP_METRICS, 1920)).toBe(DESKTOP_METRICS);
    const tv = metricsForWidth(DESKTOP_METRICS, 3840);
    expect(tv.targetRowHeight).toBe(360);
    // The month header grows with them (its TV text is 44 px: it was cut in 30).
    expect(tv.headerHeight).toBe(2 * DESKTOP_METRICS.headerHeight);
    expect(metricsForWidth(DESKTOP_METRICS, 2880).headerHeight).toBe(45);
    expect(tv.rowCap).toBe(DESKTOP_METRICS.rowCap);
    // 8 tiles of 4:3 at the grown height reach the full width.
    expect(tv.rowCap * (4 / 3) * tv.targetRowHeight).toBeGreaterThanOrEqual(3840);
  });
});
