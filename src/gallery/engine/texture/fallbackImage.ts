import { TIER_LAYER_SIZE } from './tiers';

// Neutral grey card with a mountain-and-sun glyph: reads as "picture unavailable" in light and
// dark themes, and stays recognisable when stretched to a panorama or a portrait quad.
const BACKGROUND = [0xe6, 0xe7, 0xea] as const;
const INK = [0xa9, 0xad, 0xb4] as const;

const BASELINE = 0.7;
const SUN = { u: 0.64, v: 0.34, r: 0.075 } as const;
/** A peak: ink where v ≥ top + |u − u| × slope. */
const BIG_PEAK = { u: 0.4, top: 0.38, slope: 1.75 } as const;
const SMALL_PEAK = { u: 0.62, top: 0.5, slope: 1.2 } as const;

/** Whether the picture is ink at (u, v), both 0..1 from the top left: the glyph's definition. */
export function isInk(u: number, v: number): boolean {
  if (v > BASELINE) return false;
  const sun = (u - SUN.u) ** 2 + (v - SUN.v) ** 2 < SUN.r ** 2;
  const bigPeak = v >= BIG_PEAK.top + Math.abs(u - BIG_PEAK.u) * BIG_PEAK.slope;
  const smallPeak = v >= SMALL_PEAK.top + Math.abs(u - SMALL_PEAK.u) * SMALL_PEAK.slope;
  return sun || bigPeak || smallPeak;
}

/**
 * RGBA8 pixels of the fallback picture, opaque, row 0 = top (the layer orientation of tiers.ts).
 * Built once per cache; 256 KB. Each shape of the glyph covers one run of a row (a disc, two
 * wedges), so a row is filled run by run and isInk is asked only at each run's ends, where a
 * pixel may fall either side: the picture is isInk's pixel for pixel (issue 34.10: asked for
 * every pixel, the build was a long task of its own while the grid opened).
 */
export function createFallbackPixels(size: number = TIER_LAYER_SIZE.small): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const words = new Uint32Array(pixels.buffer);
  const background = word(BACKGROUND);
  const ink = word(INK);
  words.fill(background);
  // A pixel's centre u is (x + 0.5) / size: the pixels whose centres lie in [lo, hi].
  const firstX = (u: number) => Math.max(0, Math.ceil(u * size - 0.5));
  const lastX = (u: number) => Math.min(size - 1, Math.floor(u * size - 0.5));
  for (let y = 0; y < size; y++) {
    const v = (y + 0.5) / size;
    if (v > BASELINE) break;
    const row = y * size;
    const run = (centre: number, half: number) => {
      if (!(half >= 0)) return;
      const from = firstX(centre - half);
      const to = lastX(centre + half);
      // Within a pixel of an end, isInk decides; between, every pixel is inside by a margin.
      for (let x = Math.max(0, from - 1); x <= Math.min(size - 1, to + 1); x++) {
        if (x > from + 1 && x < to - 1) {
          words.fill(ink, row + x, row + to - 1);
          x = to - 2;
          continue;
        }
        if (isInk((x + 0.5) / size, v)) words[row + x] = ink;
      }
    };
    const dv = v - SUN.v;
    run(SUN.u, Math.sqrt(SUN.r ** 2 - dv * dv));
    run(BIG_PEAK.u, (v - BIG_PEAK.top) / BIG_PEAK.slope);
    run(SMALL_PEAK.u, (v - SMALL_PEAK.top) / SMALL_PEAK.slope);
  }
  return pixels;
}

/** An opaque colour as the platform's Uint32 of its RGBA bytes. */
function word(rgb: readonly [number, number, number]): number {
  return new Uint32Array(Uint8Array.of(rgb[0], rgb[1], rgb[2], 0xff).buffer)[0];
}
