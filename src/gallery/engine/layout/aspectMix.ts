/*
 * The aspect ratios a photo library holds, as a mix of shapes. The estimate (estimate.ts) lays
 * this mix out in expectation; tests and benches draw seeded sections from perturbed copies of it.
 */

export interface AspectShape {
  /** Smallest aspect (width / height) of the shape. */
  min: number;
  /** Largest aspect; equal to `min` for a fixed shape, else drawn log-uniformly in between. */
  max: number;
  /** Share of the library, relative to the other shapes' weights. */
  weight: number;
}

/**
 * A phone-and-camera library: landscape and portrait photos in the usual sensor shapes, ~8% video
 * at 16:9, some squares and free crops, and 2% panoramas from 2:1 up to 10:1.
 */
export const REFERENCE_ASPECT_MIX: readonly AspectShape[] = Object.freeze([
  { min: 4 / 3, max: 4 / 3, weight: 0.39 },
  { min: 3 / 4, max: 3 / 4, weight: 0.18 },
  { min: 3 / 2, max: 3 / 2, weight: 0.1 },
  { min: 2 / 3, max: 2 / 3, weight: 0.03 },
  { min: 16 / 9, max: 16 / 9, weight: 0.06 },
  { min: 9 / 16, max: 9 / 16, weight: 0.04 },
  { min: 1, max: 1, weight: 0.04 },
  // Videos.
  { min: 16 / 9, max: 16 / 9, weight: 0.08 },
  // Free crops and edits.
  { min: 0.6, max: 1.9, weight: 0.06 },
  // Panoramas.
  { min: 2, max: 10, weight: 0.02 },
]);

/** Mean aspect of a mix (a log-uniform shape on [a, b] has mean (b - a) / ln(b / a)). */
export function meanAspectOf(mix: readonly AspectShape[]): number {
  let total = 0;
  let weighted = 0;
  for (const shape of mix) {
    const mean =
      shape.max > shape.min ? (shape.max - shape.min) / Math.log(shape.max / shape.min) : shape.min;
    total += shape.weight;
    weighted += shape.weight * mean;
  }
  return weighted / total;
}

/** Mean aspect of REFERENCE_ASPECT_MIX (about 1.30): the estimate's default. */
export const REFERENCE_MEAN_ASPECT = meanAspectOf(REFERENCE_ASPECT_MIX);

/** A small, fast, seedable PRNG (mulberry32): same seed, same sequence, on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Another month's mix: every shape's weight times a factor drawn in [1 - spread, 1 + spread]
 * (one month has more portraits, another more video or panoramas).
 */
export function perturbMix(
  mix: readonly AspectShape[],
  random: () => number,
  spread = 0.5,
): AspectShape[] {
  return mix.map((shape) => ({
    ...shape,
    weight: shape.weight * (1 - spread + 2 * spread * random()),
  }));
}

/** Draws `count` aspects from a mix into `out` (or a new array). */
export function sampleAspects(
  mix: readonly AspectShape[],
  count: number,
  random: () => number,
  out = new Float32Array(count),
): Float32Array {
  let total = 0;
  for (const shape of mix) total += shape.weight;
  for (let i = 0; i < count; i++) {
    let pick = random() * total;
    let shape = mix[mix.length - 1];
    for (const candidate of mix) {
      pick -= candidate.weight;
      if (pick < 0) {
        shape = candidate;
        break;
      }
    }
    out[i] =
      shape.max > shape.min ? shape.min * Math.pow(shape.max / shape.min, random()) : shape.min;
  }
  return out;
}
