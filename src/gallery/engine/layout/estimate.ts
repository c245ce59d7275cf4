import type { GridMetrics } from '../types';
import { REFERENCE_ASPECT_MIX, REFERENCE_MEAN_ASPECT, type AspectShape } from './aspectMix';
import {
  fillHeight,
  fullRowHeight,
  isPanorama,
  lowerIsCloser,
  panoramaRowHeight,
} from './justified';

/*
 * The height of a section's rows before its files load, from its item count alone.
 *
 * No constant is fitted: the estimate is the expected rowsHeight of layoutSection when the items
 * are drawn independently from REFERENCE_ASPECT_MIX (scaled to the asked mean aspect). It runs the
 * layout's own rules (justified.ts: fill at the target height, then end the row before or after
 * the next item, whichever is closer to the target; row cap, 1.5x ceiling, panorama rows, last row
 * at the target) over the *distribution* of the open row instead of over one sequence: a Markov
 * chain whose state is (items in the open row, their aspect sum), with the expected height of the
 * closed rows carried along. The sum is binned, each bin keeping the exact mean sum of its mass,
 * which the rules read (see RowStates). That gives the exact expectation for every count up to
 * EXACT_ITEMS; past it each further item adds the steady height per item (expected row pitch /
 * expected items per row over the stationary distribution of how rows start: see
 * steadyHeightPerItem). One model per (width, metrics, mean aspect) is cached, so an estimate is
 * O(1) and a resize costs one model (1 to 4 ms warm; the very first, with the JIT cold, 10 to
 * 20 ms).
 *
 * How close it comes (bench/estimates.bench.ts: seeded month-like mixes, 360 to 1920 px): as an
 * expectation it is unbiased. Against the mean real height of many reference-mix sections it is
 * -0.1% off on average over sizes 1 to 2000 and seven widths, 1.4% at worst (a width's own offset,
 * from the discretized ranges: see POINTS_PER_RANGE). But one section's real height spreads around
 * that expectation because its items are one draw (a month of portraits needs fewer rows). Mean /
 * p95 / max of |error|: 20-49 items 8% / 22% / 40%; 50-199 items 5% / 13% / 30%; 200-2000 items
 * 3% / 8% / 20%; under 20 items 11% / 45% / 182% (a lone panorama). Even the exact expectation of
 * each section's own mix only reaches 8%, 5% and 2% mean: what is left is that spread, which no
 * estimate from a count can remove.
 */

/**
 * Counts up to this are exact expectations (up to the binning); past it the steady state holds
 * (at 32, the start of a section still showed: up to 2.4% off at 50 items).
 */
const EXACT_ITEMS = 48;
/**
 * Resolution of the open row's aspect sum: 1/128 of the widest row's sum. The bins' centroids
 * make it as close as 1024 plain bins (1/128 of a row moved the estimate by up to 6% where a
 * common pair of shapes sits on the edge of a rule, e.g. 399 px on mobile).
 */
const SUM_BINS = 128;
/**
 * A log-uniform shape (panoramas, free crops) is represented by this many aspects: the steady
 * height per item is then within 0.4% of a 2,000,000-item layout on average over 330 to 2600 px
 * (2% at worst; 8 points: 0.2%, 0.9%, at twice the cost).
 */
const POINTS_PER_RANGE = 4;
const MAX_CACHED_MODELS = 16;
/** Power-iteration rounds for the steady state of row starts (converged far sooner). */
const STEADY_ROUNDS = 200;

interface HeightModel {
  /** exact[n]: expected rowsHeight of n items. */
  exact: Float64Array;
  /** Expected height added by each item past EXACT_ITEMS (steadyHeightPerItem). */
  perItem: number;
  /**
   * Extrapolation keeps the phase of the row cap: when rows are full at the cap, the expected
   * height steps once every `rowCap` items, and a count is extrapolated from the exact count that
   * has the same remainder.
   */
  period: number;
}

/** Models per mix, then per (width, metrics, scale); a few at a time (resizes, zoom levels). */
const models = new WeakMap<readonly AspectShape[], Map<string, HeightModel>>();

/**
 * Expected rowsHeight (rows and the spacing between them; no header, no gaps) of a section of
 * `count` items laid out by layoutSection at `width` with `metrics`, for a library whose mean
 * aspect is `meanAspect` (default: the reference mix's, about 1.30).
 */
export function estimateRowsHeight(
  count: number,
  width: number,
  metrics: GridMetrics,
  meanAspect: number = REFERENCE_MEAN_ASPECT,
): number {
  const scale = meanAspect > 0 ? meanAspect / REFERENCE_MEAN_ASPECT : 1;
  return expectedRowsHeight(count, width, metrics, REFERENCE_ASPECT_MIX, scale);
}

/**
 * Expected rowsHeight of `count` items drawn independently from `mix` (every aspect times
 * `scale`). estimateRowsHeight is this for the reference mix; benches use it with a section's own
 * mix to separate the estimate's bias from the spread of real sections around their expectation.
 */
export function expectedRowsHeight(
  count: number,
  width: number,
  metrics: GridMetrics,
  mix: readonly AspectShape[],
  scale = 1,
): number {
  if (!(count >= 1)) return 0;
  const model = heightModel(mix, scale, width, metrics);
  const n = Math.floor(count);
  if (n <= EXACT_ITEMS) return model.exact[n];
  const periods = Math.ceil((n - EXACT_ITEMS) / model.period);
  const base = n - periods * model.period;
  return model.exact[base] + (n - base) * model.perItem;
}

function heightModel(
  mix: readonly AspectShape[],
  scale: number,
  width: number,
  metrics: GridMetrics,
): HeightModel {
  const { targetRowHeight, spacing, rowCap } = metrics;
  const key = `${width}|${targetRowHeight}|${spacing}|${rowCap}|${scale}`;
  let byKey = models.get(mix);
  if (!byKey) models.set(mix, (byKey = new Map<string, HeightModel>()));
  let model = byKey.get(key);
  if (!model) {
    if (byKey.size >= MAX_CACHED_MODELS) byKey.clear();
    model = buildHeightModel(mix, scale, Math.max(1, width), metrics);
    byKey.set(key, model);
  }
  return model;
}

/** The mix as discrete aspects, ascending, with probabilities. */
function discretize(mix: readonly AspectShape[], scale: number) {
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
class RowStates {
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

function buildHeightModel(
  mix: readonly AspectShape[],
  scale: number,
  width: number,
  metrics: GridMetrics,
): HeightModel {
  const target = metrics.targetRowHeight;
  const spacing = metrics.spacing;
  const cap = Math.max(1, Math.floor(metrics.rowCap));
  const { aspects, weights } = discretize(mix, scale);
  const step = width / target / SUM_BINS;
  const states = new RowStates(aspects, weights, width, target, spacing, cap, step);
  const kinds = aspects.length;
  const stride = SUM_BINS + 1;

  // mass[(c - 1) * stride + b]: probability that the open row has c items in sum bin b.
  let mass = new Float64Array(cap * stride);
  let sums = new Float64Array(cap * stride);
  let nextMass = new Float64Array(cap * stride);
  let nextSums = new Float64Array(cap * stride);
  // startMass[j]: mass of new rows whose first item is drawn from kinds j and up.
  const startMass = new Float64Array(kinds);
  let empty = 1; // probability that no row is open (at the start, or after a row closed whole)
  let closedPitch = 0; // expected sum over the closed rows of (height + spacing)
  const exact = new Float64Array(EXACT_ITEMS + 1);

  for (let item = 1; item <= EXACT_ITEMS; item++) {
    nextMass.fill(0);
    nextSums.fill(0);
    states.resetResults();
    for (let c = 1; c <= cap; c++) {
      states.advance(c, mass, sums, (c - 1) * stride, nextMass, nextSums, c * stride);
    }
    startMass.set(states.closedAt);
    startMass[0] += empty;
    // No row is open after a row that took the new item, or after a panorama.
    empty = states.takenMass + states.start(startMass, nextMass, nextSums);
    closedPitch += states.pitch;
    [mass, nextMass] = [nextMass, mass];
    [sums, nextSums] = [nextSums, sums];
    // The open row, if any, is the last row and keeps the target height; the last row, open or
    // closed, has no spacing below it.
    exact[item] = closedPitch + (1 - empty) * (target + spacing) - spacing;
  }
  const period = Math.min(cap, EXACT_ITEMS >> 2);
  return { exact, period, perItem: steadyHeightPerItem(states) };
}

/**
 * The height a long section adds per item: expected row pitch / expected items per row, over the
 * stationary distribution of how rows start (renewal). A row starts with an item drawn from kinds
 * j and up, j being the kind its predecessor stopped before (0 after a row that closed whole): a
 * chain over j, whose transitions, pitch and items come from laying out one row from each start.
 */
function steadyHeightPerItem(states: RowStates): number {
  const { kinds, cap } = states;
  const stride = SUM_BINS + 1;
  const transition = new Float64Array(kinds * kinds);
  const pitch = new Float64Array(kinds);
  const items = new Float64Array(kinds);
  let mass = new Float64Array(stride);
  let sums = new Float64Array(stride);
  let nextMass = new Float64Array(stride);
  let nextSums = new Float64Array(stride);
  const startMass = new Float64Array(kinds);
  for (let from = 0; from < kinds; from++) {
    if (states.tailWeight[from] === 0) continue;
    mass.fill(0);
    sums.fill(0);
    states.resetResults();
    startMass.fill(0);
    startMass[from] = 1 / states.tailWeight[from];
    let closedWhole = states.start(startMass, mass, sums);
    for (let c = 1; c <= cap; c++) {
      nextMass.fill(0);
      nextSums.fill(0);
      states.advance(c, mass, sums, 0, nextMass, nextSums, 0);
      [mass, nextMass] = [nextMass, mass];
      [sums, nextSums] = [nextSums, sums];
    }
    closedWhole += states.takenMass;
    transition[from * kinds] += closedWhole;
    // A row closed before an item of kind j or wider: the next starts with it.
    for (let j = 0; j < kinds; j++) {
      transition[from * kinds + j] += states.closedAt[j] * states.tailWeight[j];
    }
    pitch[from] = states.pitch;
    items[from] = states.items;
  }
  // Stationary distribution of the starts: power iteration of the lazy chain (half the mass
  // stays), which has the same stationary distribution and cannot oscillate.
  let share = new Float64Array(kinds);
  let nextShare = new Float64Array(kinds);
  share[0] = 1;
  for (let round = 0; round < STEADY_ROUNDS; round++) {
    for (let j = 0; j < kinds; j++) nextShare[j] = share[j] / 2;
    for (let from = 0; from < kinds; from++) {
      const half = share[from] / 2;
      if (half === 0) continue;
      for (let j = 0; j < kinds; j++) nextShare[j] += half * transition[from * kinds + j];
    }
    [share, nextShare] = [nextShare, share];
  }
  let rowPitch = 0;
  let rowItems = 0;
  for (let from = 0; from < kinds; from++) {
    rowPitch += share[from] * pitch[from];
    rowItems += share[from] * items[from];
  }
  return rowPitch / rowItems;
}
