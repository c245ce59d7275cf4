import { describe, expect, it } from 'vitest';
import { clampView, cropRect, initialView, MAX_ZOOM, zoomOf, zoomTo } from './crop';

describe('profile picture crop', () => {
  it('starts centred with the shorter side filling the 310 px viewport', () => {
    const view = initialView(1280, 960);
    expect(view.scale).toBeCloseTo(310 / 960);
    expect(view.y).toBe(0);
    expect(view.x).toBeCloseTo((310 - 1280 * (310 / 960)) / 2);
    // The square in the middle of the photo, in the original's pixels (twice the size).
    const crop = cropRect(view, 2);
    expect(crop.size).toBeCloseTo(1920);
    expect(crop.top).toBeCloseTo(0);
    expect(crop.left).toBeCloseTo(320);
  });

  it('never leaves a gap: drags and zooms are clamped', () => {
    const far = clampView({ x: 500, y: -5000, scale: 0.01 }, 1000, 500);
    expect(far.scale).toBeCloseTo(0.62);
    expect(far.x).toBe(0);
    expect(far.y).toBeCloseTo(310 - 500 * 0.62);
    const tooClose = clampView({ x: 0, y: 0, scale: 100 }, 1000, 500);
    expect(zoomOf(tooClose, 1000, 500)).toBeCloseTo(MAX_ZOOM);
  });

  it('zooms around the centre: the middle of the crop stays put', () => {
    const view = initialView(800, 800);
    const zoomed = zoomTo(view, 2, 800, 800);
    const before = cropRect(view);
    const after = cropRect(zoomed);
    expect(after.size).toBeCloseTo(before.size / 2);
    expect(after.left + after.size / 2).toBeCloseTo(before.left + before.size / 2);
    expect(after.top + after.size / 2).toBeCloseTo(before.top + before.size / 2);
  });
});
