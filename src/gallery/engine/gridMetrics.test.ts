import { describe, expect, it } from 'vitest';
import { DESKTOP_METRICS, MOBILE_METRICS } from './gridMetrics';

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
