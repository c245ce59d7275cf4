import { TIER_LAYER_SIZE } from './tiers';

// Neutral grey card with a mountain-and-sun glyph: reads as "picture unavailable" in light and
// dark themes, and stays recognisable when stretched to a panorama or a portrait quad.
const BACKGROUND = [0xe6, 0xe7, 0xea] as const;
const INK = [0xa9, 0xad, 0xb4] as const;

function isInk(u: number, v: number): boolean {
  const baseline = 0.7;
  if (v > baseline) return false;
  const sun = (u - 0.64) ** 2 + (v - 0.34) ** 2 < 0.075 ** 2;
  const bigPeak = v >= 0.38 + Math.abs(u - 0.4) * 1.75;
  const smallPeak = v >= 0.5 + Math.abs(u - 0.62) * 1.2;
  return sun || bigPeak || smallPeak;
}

/**
 * RGBA8 pixels of the fallback picture, opaque, row 0 = top (the layer orientation of tiers.ts).
 * Built once per cache; 256 KB.
 */
export function createFallbackPixels(size: number = TIER_LAYER_SIZE.small): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    const v = (y + 0.5) / size;
    for (let x = 0; x < size; x++) {
      const colour = isInk((x + 0.5) / size, v) ? INK : BACKGROUND;
      const i = (y * size + x) * 4;
      pixels[i] = colour[0];
      pixels[i + 1] = colour[1];
      pixels[i + 2] = colour[2];
      pixels[i + 3] = 0xff;
    }
  }
  return pixels;
}
