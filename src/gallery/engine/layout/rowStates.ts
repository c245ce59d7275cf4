import type { AspectShape } from './aspectMix';
import {
  fillHeight,
  fullRowHeight,
  isPanorama,
  lowerIsCloser,
  panoramaRowHeight,
} from './justified';

/*
 * The state of estimate.ts's Markov chain over open rows: the reference mix as discrete aspects,
 * and the distribution of the open row (items, aspect sum) with how the layout's rules
 * (justified.ts) grow or close it as the next item arrives.
 */

/**
 * Resolution of the open row's aspect sum: 1/128 of the widest row's sum. The bins' centroids
 * make it as close as 1024 plain bins (1/128 of a row moved the estimate by up to 6% where a
 * common pair of shapes sits on the edge of a rule, e.g. 399 px on mobile).
 */
export const SUM_BINS = 128;
/**
 * A log-uniform shape (panoramas, free crops) is represented by this many aspects: the steady
 * height per item is then within 0.4% of a 2,000,000-item layout on average over 330 to 2600 px
 * (2% at worst; 8 points: 0.2%, 0.9%, at twice the cost).
 */
const POINTS_PER_RANGE = 4;

/** The mix as discrete aspects, ascending, with probabilities. */
export function discretize(mix: readonly AspectShape[], scale: number) {
  const points: { aspect: number; weight: number }[] = [];
  let total = 0;
  for (const shape of mix) total += shape.weight;
  for (const shape of mix) {
    const count = shape.max > shape.min ? POINTS_PER_RANGE : 1;
    for (let k = 0; k < count; k++) {
      // A log-uniform shape: `count` slices of equal probability, each at its own mean aspect
      // ((hi - lo) / ln(hi / lo)), so the mix keeps its mean.
      let aspect = shape.min;
      if (count > 1) {
        const lo = shape.min * Math.pow(shape.max / shape.min, k / count);
        const hi = shape.min * Math.pow(shape.max / shape.min, (k + 1) / count);
        aspect = (hi - lo) / Math.log(hi / lo);
      }
      points.push({ aspect: scale * aspect, weight: shape.weight / total / count });
    }
  }
  points.sort((p, q) => p.aspect - q.aspect);
  // One kind per aspect (video and photos share 16:9): the model's cost grows with the kinds.
  const kinds: typeof points = [];
  for (const point of points) {
    const last = kinds[kinds.length - 1];
    if (last && last.aspect === point.aspect) last.weight += point.weight;
    else kinds.push({ ...point });
  }
  return {
    aspects: Float64Array.from(kinds, (p) => p.aspect),
    weights: Float64Array.from(kinds, (p) => p.weight),
  };
}

/**
 * The distribution of open rows of one length, and how they grow or close as the next item
 * arrives. A state is a bin of the row's aspect sum (b * step); each bin also carries the mass-
 * weighted exact sum of the rows in it (`sums`), and the rules read that centroid rather than the
 * bin: with one item, a bin holds a single kind and the rules see its exact aspect, so the
 * estimate flips where the layout flips (a row taking its next item or not is often decided by a
 * pixel of width, and a shape like 4/3 is 40% of a library).
 */
export class RowStates {
  readonly kinds: number;
  readonly tailWeight: Float64Array;
  readonly panorama: Uint8Array;
  /** Results of the last `advance`, as sums of probability mass (and mass x height or items). */
  takenMass = 0;
  pitch = 0;
  items = 0;
  /** closedAt[j]: mass of rows that closed before the new item, which was kind j or wider. */
  readonly closedAt: Float64Array;
  private readonly binsPerAspect: number;

  constructor(
    readonly aspects: Float64Array,
    readonly weights: Float64Array,
    readonly width: number,
    readonly target: number,
    readonly spacing: number,
    readonly cap: number,
    readonly step: number,
  ) {
    const kinds = aspects.length;
    this.kinds = kinds;
    // tailWeight[j]: probability that the next item is kind j or wider.
    this.tailWeight = new Float64Array(kinds + 1);
    for (let j = kinds - 1; j >= 0; j--) this.tailWeight[j] = this.tailWeight[j + 1] + weights[j];
    this.panorama = Uint8Array.from(aspects, (a) => (isPanorama(a, width, target) ? 1 : 0));
    this.closedAt = new Float64Array(kinds);
    this.binsPerAspect = 1 / step;
  }

  /** Bin of an aspect sum (an open row's sum never passes width / target: it fits). */
  bin(sum: number): number {
    return Math.min(SUM_BINS, Math.round(sum * this.binsPerAspect));
  }

  /**
   * The next item arrives at the open rows of `count` items (`mass`, `sums` over the bins): rows
   * it fits go to `nextMass`, `nextSums` (rows of count + 1); the others close, before it or
   * after it (takesNextItem). Adds the closed rows to takenMass, pitch, items and closedAt.
   */
  advance(
    count: number,
    mass: Float64Array,
    sums: Float64Array,
    from: number,
    nextMass: Float64Array,
    nextSums: Float64Array,
    to: number,
  ): void {
    const { aspects, weights, tailWeight, panorama, kinds, width, target, spacing } = this;
    // The (count+1)th item fits while the row at the target height stays within the width.
    const room = count < this.cap ? (width - spacing * count) / target : -1;
    for (let b = 0; b <= SUM_BINS; b++) {
      const p = mass[from + b];
      if (p === 0) continue;
      const sum = sums[from + b] / p;
      const free = room - sum;
      let j = 0;
      for (; j < kinds && aspects[j] <= free; j++) {
        const grown = sum + aspects[j];
        const q = p * weights[j];
        const g = to + this.bin(grown);
        nextMass[g] += q;
        nextSums[g] += q * grown;
      }
      if (j === kinds) continue;
      // Kinds j and up do not fit at the target height. Below the cap, the narrower of them are
      // taken all the same, the row ending below the target (a run of kinds: the lower height
      // only falls as the aspect grows). The row closes before the wider ones.
      // (takesNextItem, with the row's own height computed once.)
      const higher = fullRowHeight(sum, count, width, target, spacing);
      let taken = j;
      if (count < this.cap) {
        for (; taken < kinds && !panorama[taken]; taken++) {
          const lower = fillHeight(sum + aspects[taken], count + 1, width, spacing);
          if (!lowerIsCloser(lower, higher, target)) break;
          const q = p * weights[taken];
          this.pitch += q * (lower + spacing);
          this.items += q * (count + 1);
          this.takenMass += q;
        }
      }
      if (taken === kinds) continue;
      const q = p * tailWeight[taken];
      this.pitch += q * (higher + spacing);
      this.items += q * count;
      this.closedAt[taken] += p;
    }
  }

  /**
   * Starts rows with the next item: kind j with probability (startMass[0] + ... + startMass[j]) x
   * its weight (a panorama row closes at once; the others open rows of one item in `mass`,
   * `sums`). Returns the panorama mass.
   */
  start(startMass: Float64Array, mass: Float64Array, sums: Float64Array): number {
    let panoramas = 0;
    let starting = 0;
    for (let j = 0; j < this.kinds; j++) {
      starting += startMass[j];
      const q = starting * this.weights[j];
      if (q === 0) continue;
      const aspect = this.aspects[j];
      if (this.panorama[j]) {
        this.pitch += q * (panoramaRowHeight(aspect, this.width, this.target) + this.spacing);
        this.items += q;
        panoramas += q;
      } else {
        mass[this.bin(aspect)] += q;
        sums[this.bin(aspect)] += q * aspect;
      }
    }
    return panoramas;
  }

  resetResults(): void {
    this.takenMass = 0;
    this.pitch = 0;
    this.items = 0;
    this.closedAt.fill(0);
  }
}
