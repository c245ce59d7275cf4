import { describe, expect, it } from 'vitest';
import { gridShape } from './albumGridShape';

describe('the album list grid (SPEC §9 album grid)', () => {
  it('on phones: 190 px rows, as many columns as are at least 160 px wide, 8 px apart', () => {
    // "mobile tile height 190; thumbnail grid min 160"
    for (const [width, columns] of [
      [320, 1],
      [328, 2],
      [344, 2],
      [495, 2],
      [496, 3],
      [599, 3],
    ] as const) {
      const shape = gridShape(width);
      expect(shape.columns, `${width} px`).toBe(columns);
      expect(shape.tileWidth).toBeGreaterThanOrEqual(160);
      expect(shape.columns * shape.tileWidth + (shape.columns - 1) * shape.gap).toBeCloseTo(width);
      expect(shape.rowHeight).toBe(190);
      expect(shape.gap).toBe(8);
    }
  });

  it('above 599 px: 296 × 320 tiles 16 px apart, stretched to fill the row', () => {
    // "desktop tile 296x320"
    const shape = gridShape(1440 - 2 * 24);
    expect(shape.columns).toBe(Math.floor((1392 + 16) / (296 + 16)));
    expect(shape.rowHeight).toBe(320);
    expect(shape.tileWidth).toBeGreaterThanOrEqual(296);
    expect(gridShape(600).columns).toBe(1);
  });

  it('on a TV grows its tiles with the root font, so a title is not cut to a few letters (issue 34.11)', () => {
    // app.css: an 18 px root from 1400 px wide keeps the SPEC's sizes; 32 px at 3840.
    expect(gridShape(1392, 18)).toEqual(gridShape(1392));
    expect(gridShape(1392, 16)).toEqual(gridShape(1392));
    const tv = gridShape(3840 - 2 * 16, 32);
    const scale = 32 / 18;
    expect(tv.tileWidth).toBeGreaterThanOrEqual(296 * scale);
    expect(tv.rowHeight).toBe(Math.round(320 * scale));
    expect(tv.gap).toBe(Math.round(16 * scale));
    expect(tv.columns * tv.tileWidth + (tv.columns - 1) * tv.gap).toBeCloseTo(3840 - 2 * 16);
    // Phones never scale.
    expect(gridShape(360 - 32, 32)).toEqual(gridShape(360 - 32));
  });
});
