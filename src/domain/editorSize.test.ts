import { describe, expect, it } from 'vitest';
import { EDITOR_MAX_PIXELS } from './constants';
import { editorResize, isShortOf, megapixels } from './editorSize';

describe('editor megapixel limit (SPEC §5: above it, resized with a warning)', () => {
  it('is the 4096 × 4096 canvas area every supported browser draws', () => {
    expect(EDITOR_MAX_PIXELS).toBe(16_777_216);
  });

  it('leaves an image at or under the limit alone', () => {
    expect(editorResize({ width: 4032, height: 3024 })).toBeNull(); // 12.2 MP phone photo
    expect(editorResize({ width: 4096, height: 4096 })).toBeNull();
    expect(editorResize({ width: 0, height: 0 })).toBeNull();
  });

  it('scales a larger one down to fit, keeping its aspect', () => {
    const out = editorResize({ width: 8064, height: 6048 })!; // 48.8 MP
    expect(out.width * out.height).toBeLessThanOrEqual(EDITOR_MAX_PIXELS);
    expect(out.width / out.height).toBeCloseTo(8064 / 6048, 3);
    // As large as the limit allows: one more pixel each way would not fit.
    expect((out.width + 1) * (out.height + 1)).toBeGreaterThan(EDITOR_MAX_PIXELS);
    expect(out).toEqual({ width: 4729, height: 3547 });
  });

  it('handles a panorama and a one-pixel-over square', () => {
    const pano = editorResize({ width: 30000, height: 1000 })!;
    expect(pano.width * pano.height).toBeLessThanOrEqual(EDITOR_MAX_PIXELS);
    expect(pano.width / pano.height).toBeCloseTo(30, 1);
    const square = editorResize({ width: 4097, height: 4096 })!;
    expect(square.width * square.height).toBeLessThanOrEqual(EDITOR_MAX_PIXELS);
  });

  it('honours another limit', () => {
    expect(editorResize({ width: 200, height: 100 }, 5000)).toEqual({ width: 100, height: 50 });
  });

  it('says megapixels with one decimal', () => {
    expect(megapixels({ width: 8064, height: 6048 })).toBe(48.8);
    expect(megapixels({ width: 4096, height: 4096 })).toBe(16.8);
  });
});

describe('an original smaller than the file (issue 34.11: saved at 1280 px without a word)', () => {
  it('is a 1280 rendition of a 4032 × 3024 photo', () => {
    expect(isShortOf({ width: 1280, height: 960 }, { width: 4032, height: 3024 })).toBe(true);
  });

  it('is not the full original, turned or not, nor a file of unknown size', () => {
    expect(isShortOf({ width: 4032, height: 3024 }, { width: 4032, height: 3024 })).toBe(false);
    expect(isShortOf({ width: 3024, height: 4032 }, { width: 4032, height: 3024 })).toBe(false);
    expect(isShortOf({ width: 1280, height: 960 }, null)).toBe(false);
    expect(isShortOf({ width: 1280, height: 960 }, { width: 0, height: 0 })).toBe(false);
  });
});
