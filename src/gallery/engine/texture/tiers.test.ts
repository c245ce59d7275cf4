import { describe, expect, it } from 'vitest';
import { drawnLongSide, LARGE_TIER_HEADROOM, preferredTier, TIER_THUMBNAIL_SIZE } from './tiers';

/** The device pixels past which the small thumbnail (256 on its longer side) is too soft. */
const LIMIT = TIER_THUMBNAIL_SIZE.small * LARGE_TIER_HEADROOM;

describe('drawnLongSide: the picture as drawn, in device pixels, both dimensions', () => {
  it('is the tile’s longer side × DPR when the picture has the tile’s shape', () => {
    expect(drawnLongSide(320, 180, 1, 16 / 9)).toBeCloseTo(320, 6);
    expect(drawnLongSide(180, 240, 2, 0.75)).toBeCloseTo(480, 6);
    // No aspect known: the tile's own shape.
    expect(drawnLongSide(320, 180, 1)).toBe(320);
    expect(drawnLongSide(320, 180, 1.5, Number.NaN)).toBe(480);
  });

  it('counts the crop: a 10:1 panorama at the 4:1 display bound is drawn 1800 px wide', () => {
    // 720 × 180 tile (the layout's 4:1 bound), picture 10:1: its height is the tile's, 180.
    expect(drawnLongSide(720, 180, 1, 10)).toBeCloseTo(1800, 6);
    // A 1:20 scan at the 1:2 bound, 90 × 180: drawn 90 wide, 1800 tall.
    expect(drawnLongSide(90, 180, 1, 1 / 20)).toBeCloseTo(1800, 6);
    // A 20:1 panorama in a phone's own row, 360 × 62 (the 0.35 × target floor): 1240 wide.
    expect(drawnLongSide(360, 62, 1, 20)).toBeCloseTo(1240, 6);
    // Square tiles (zoomed out): a 4:3 picture in 120 × 120 is drawn 160 × 120.
    expect(drawnLongSide(120, 120, 1, 4 / 3)).toBeCloseTo(160, 6);
  });

  it('is 0 for an empty tile', () => {
    expect(drawnLongSide(0, 0, 2, 1.5)).toBe(0);
  });
});

describe('preferredTier', () => {
  it('takes the large tier past 1.25 × the small thumbnail, only while the scroll is idle', () => {
    expect(LIMIT).toBe(320);
    expect(preferredTier(180, 120, 1, true, 1.5)).toBe('small');
    expect(preferredTier(180, 120, 2, true, 1.5)).toBe('large');
    expect(preferredTier(180, 120, 2, false, 1.5)).toBe('small');
    // The default desktop row (180 px): 3:2 and 16:9 tiles up to 320 px stay small at DPR 1.
    expect(preferredTier(320, 180, 1, true, 16 / 9)).toBe('small');
    expect(preferredTier(321, 100, 1, true)).toBe('large');
  });

  it('follows the DPR: the same 176 px phone tile is small at 1, large at 2 and 3', () => {
    const tiers = [1, 1.5, 2, 3].map((dpr) => preferredTier(176, 176, dpr, true, 1));
    expect(tiers).toEqual(['small', 'small', 'large', 'large']);
  });

  it('gives extreme shapes the large tier where the small one would be stretched', () => {
    // Wide panoramas at the 4:1 bound in a 180 px row: the old rule (the tile's longer side,
    // 720) also said large at DPR 1; a 4:1 bound tile of a 90 px row (zoomed out) did not.
    expect(preferredTier(360, 90, 1, true, 10)).toBe('large');
    expect(preferredTier(360, 90, 1, true, 4)).toBe('large');
    // Tall scans at the 1:2 bound: a 90 × 180 tile of a 1:8 picture is drawn 1440 tall.
    expect(preferredTier(90, 180, 1, true, 1 / 8)).toBe('large');
    expect(preferredTier(90, 180, 1, true, 0.5)).toBe('small');
    // A square tile of a 3:1 picture (zoomed-out square tiles, 120 px): drawn 360 wide.
    expect(preferredTier(120, 120, 1, true, 3)).toBe('large');
    expect(preferredTier(120, 120, 1, true, 1)).toBe('small');
  });

  it('keeps small tiles small at any shape when they stay under the limit', () => {
    expect(preferredTier(60, 60, 2, true, 1)).toBe('small');
    expect(preferredTier(80, 20, 1, true, 4)).toBe('small');
    expect(preferredTier(20, 80, 1, true, 0.25)).toBe('small');
  });
});
