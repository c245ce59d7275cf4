import { describe, expect, it } from 'vitest';
import { maxArrayTextureLayersOf, poolSizesFor, TEXTURE_BUDGETS } from './budgets';
import { createFakeWebGL2 } from './testing';
import { createFallbackPixels, isInk } from './fallbackImage';
import { layerBytes, TIER_LAYER_SIZE, TIER_THUMBNAIL_SIZE, UPLOAD_COST } from './tiers';

describe('texture budgets', () => {
  it('turns each device class budget into layer counts', () => {
    expect(poolSizesFor(TEXTURE_BUDGETS.desktop)).toEqual({
      smallLayers: 1024,
      largeLayers: 64,
      maxUploadsPerFrame: 8,
    });
    expect(poolSizesFor(TEXTURE_BUDGETS.tablet)).toMatchObject({
      smallLayers: 512,
      largeLayers: 40,
    });
    expect(poolSizesFor(TEXTURE_BUDGETS.mobile)).toMatchObject({
      smallLayers: 256,
      largeLayers: 24,
    });
    expect(poolSizesFor(TEXTURE_BUDGETS.tv)).toMatchObject({ smallLayers: 256, largeLayers: 32 });
  });

  it('takes overrides and clamps to the context limit and to a usable minimum', () => {
    const budget = { ...TEXTURE_BUDGETS.desktop, largeBytes: 0 };
    expect(poolSizesFor(budget, 256)).toEqual({
      smallLayers: 256,
      largeLayers: 1,
      maxUploadsPerFrame: 8,
    });
    expect(poolSizesFor({ smallBytes: 0, largeBytes: 0, maxUploadsPerFrame: 0 })).toEqual({
      smallLayers: 2,
      largeLayers: 1,
      maxUploadsPerFrame: 1,
    });
  });

  it('reads MAX_ARRAY_TEXTURE_LAYERS from the context', () => {
    expect(maxArrayTextureLayersOf(createFakeWebGL2(512).gl)).toBe(512);
  });
});

describe('tiers', () => {
  it('sizes layers at 256 and 1024 texels, RGBA8', () => {
    expect(layerBytes('small')).toBe(262_144);
    expect(layerBytes('large')).toBe(4_194_304);
    expect(UPLOAD_COST).toEqual({ small: 1, large: 16 });
  });

  it('asks the thumbnail host for the SPEC §9 sizes, the small layer at the small size', () => {
    // SPEC §9: "Thumbnail sizes | 256 and 1280"
    expect(TIER_THUMBNAIL_SIZE).toEqual({ small: 256, large: 1280 });
    expect(TIER_LAYER_SIZE.small).toBe(256);
  });
});

describe('fallback picture', () => {
  it('is an opaque 256² card, background at the top edge, glyph in the middle', () => {
    const pixels = createFallbackPixels();
    expect(pixels.length).toBe(256 * 256 * 4);
    const at = (x: number, y: number) =>
      Array.from(pixels.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 4));
    expect(at(128, 0)).toEqual([0xe6, 0xe7, 0xea, 0xff]);
    expect(at(102, 160)).toEqual([0xa9, 0xad, 0xb4, 0xff]);
    for (let i = 3; i < pixels.length; i += 4)
      if (pixels[i] !== 0xff) throw new Error('not opaque');
  });
});

describe('fallback picture built run by run (issue 34.10)', () => {
  /** Every pixel asked of isInk: how the picture was built before. */
  function pixelByPixel(size: number): Uint8Array {
    const pixels = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const ink = isInk((x + 0.5) / size, (y + 0.5) / size);
        pixels.set(ink ? [0xa9, 0xad, 0xb4, 0xff] : [0xe6, 0xe7, 0xea, 0xff], (y * size + x) * 4);
      }
    }
    return pixels;
  }

  for (const size of [256, 1024, 255, 64, 7, 1]) {
    it(`is the pixel-by-pixel picture at ${size}²`, () => {
      const runs = createFallbackPixels(size);
      const reference = pixelByPixel(size);
      let inked = 0;
      for (let i = 0; i < reference.length; i += 4) if (reference[i] === 0xa9) inked++;
      if (size >= 64) expect(inked).toBeGreaterThan(size * size * 0.1);
      expect(Buffer.from(runs).equals(Buffer.from(reference))).toBe(true);
    });
  }
});
