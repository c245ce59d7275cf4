import { describe, expect, it } from 'vitest';
import { clampPan, FITTED, fittedSize, maxScale, shownDevicePixels, zoomAround } from './zoom';

const stage = { width: 1000, height: 800 };

describe('viewer zoom (issue 12)', () => {
  it('fits an image inside the stage', () => {
    expect(fittedSize(stage, 2)).toEqual({ width: 1000, height: 500 });
    expect(fittedSize(stage, 0.5)).toEqual({ width: 400, height: 800 });
  });

  it('zooms up to 1:1 device pixels of the original, or 4× for a small image', () => {
    // 4000 px wide original fitted at 1000 CSS px on a DPR 2 screen: 1:1 is at 2×.
    expect(maxScale(stage, 2, 4000, 2)).toBe(2);
    expect(maxScale(stage, 2, 640, 1)).toBe(4);
  });

  it('keeps the point under the fingers still and never pans past the edges', () => {
    const zoomed = zoomAround(FITTED, 2, 200, 0, stage, 2, 4);
    // The image point at +200 px stays at +200 px: the centre moves by -200.
    expect(zoomed).toEqual({ scale: 2, x: -200, y: 0 });
    expect(clampPan({ scale: 2, x: 900, y: 300 }, stage, 2)).toEqual({ scale: 2, x: 500, y: 100 });
    expect(zoomAround(zoomed, 0.2, 0, 0, stage, 2, 4)).toEqual(FITTED);
  });

  it('tells when the shown image outgrows the 1280 thumbnail', () => {
    expect(shownDevicePixels(FITTED, stage, 2, 1)).toBe(1000);
    expect(shownDevicePixels({ scale: 1.5, x: 0, y: 0 }, stage, 2, 1)).toBe(1500);
  });
});
