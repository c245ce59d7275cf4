import type { GridMetrics } from '../types';
import { REFERENCE_ASPECT_MIX, REFERENCE_MEAN_ASPECT, type AspectShape } from './aspectMix';
import { discretize, RowStates, SUM_BINS } from './rowStates';

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

/**
 * Whether estimateRowsHeight has its model for this size at hand (else its next call builds it:
 * 1 to 4 ms warm, 10 to 40 ms with the JIT cold, so a caller may give that a task of its own).
 */
export function hasEstimateModel(
  width: number,
  metrics: GridMetrics,
  meanAspect: number = REFERENCE_MEAN_ASPECT,
): boolean {
  const scale = meanAspect > 0 ? meanAspect / REFERENCE_MEAN_ASPECT : 1;
  return models.get(REFERENCE_ASPECT_MIX)?.has(modelKey(scale, width, metrics)) ?? false;
}

const modelKey = (scale: number, width: number, metrics: GridMetrics) =>
  `${width}|${metrics.targetRowHeight}|${metrics.spacing}|${metrics.rowCap}|${scale}`;

function heightModel(
  mix: readonly AspectShape[],
  scale: number,
  width: number,
  metrics: GridMetrics,
): HeightModel {
  const key = modelKey(scale, width, metrics);
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
