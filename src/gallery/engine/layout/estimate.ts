import type { GridMetrics } from '../types';
import { REFERENCE_ASPECT_MIX, REFERENCE_MEAN_ASPECT, type AspectShape } from './aspectMix';
import { fullRowHeight, isPanorama, panoramaRowHeight, takesNextItem } from './justified';

/*
 * The height of a section's rows before its files load, from its item count alone.
 *
 * No constant is fitted: the estimate is the expected rowsHeight of layoutSection when the items
 * are drawn independently from REFERENCE_ASPECT_MIX (scaled to the asked mean aspect). It runs the
 * layout's own rules (justified.ts: greedy fill at the target height, row cap, 1.5x ceiling,
 * panorama rows, last row at the target) over the *distribution* of the open row instead of over
 * one sequence: a Markov chain whose state is (items in the open row, their aspect sum), with the
 * expected height of the closed rows carried along. That gives the exact expectation (up to the
 * binning of the sum) for every count up to EXACT_ITEMS; past it each further item adds the
 * chain's steady height per item (expected row pitch / expected items per row). One model per
 * (width, metrics, mean aspect) is cached, so an estimate is O(1) and a resize costs one model
 * (1.5 to 3.5 ms warm; the very first, with the JIT cold, about 15 ms).
 *
 * How close it comes (bench/estimates.bench.ts: seeded month-like mixes, 360 to 1920 px): the
 * estimate is unbiased for 50+ items (mean signed error under 1%), but one section's real height
 * spreads around that expectation because its items are one draw (a month of portraits needs
 * fewer rows). Mean / p95 / max of |error|: 20-49 items 10% / 26% / 76%; 50-199 items
 * 6% / 16% / 33%; 200-2000 items 4% / 10% / 22%; under 20 items 15% / 57% / 188% (a lone
 * panorama). Even the exact expectation of each section's own mix only reaches 9%, 5% and 2.4%
 * mean: what is left is that spread, which no estimate from a count can remove.
 */

/** Counts up to this are exact expectations; the steady state holds well before it. */
const EXACT_ITEMS = 48;
/** Resolution of the open row's aspect sum: 1/256 of the widest row's sum (< 0.5% of a row). */
const SUM_BINS = 256;
/** A log-uniform shape (panoramas, free crops) is represented by this many aspects. */
const POINTS_PER_RANGE = 4;
const MAX_CACHED_MODELS = 16;

interface HeightModel {
  /** exact[n]: expected rowsHeight of n items. */
  exact: Float64Array;
  /** Expected height added by each item past EXACT_ITEMS (measured over the last period). */
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

/** The mix as discrete aspects, ascending, with probabilities (log-uniform shapes at midpoints). */
function discretize(mix: readonly AspectShape[], scale: number) {
  const points: { aspect: number; weight: number }[] = [];
  let total = 0;
  for (const shape of mix) total += shape.weight;
  for (const shape of mix) {
    const count = shape.max > shape.min ? POINTS_PER_RANGE : 1;
    for (let k = 0; k < count; k++) {
      const aspect = scale * shape.min * Math.pow(shape.max / shape.min, (k + 0.5) / count);
      points.push({ aspect, weight: shape.weight / total / count });
    }
  }
  points.sort((p, q) => p.aspect - q.aspect);
  return {
    aspects: Float64Array.from(points, (p) => p.aspect),
    weights: Float64Array.from(points, (p) => p.weight),
  };
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
  const kinds = aspects.length;
  // tailWeight[j]: probability that the next item is kind j or wider.
  const tailWeight = new Float64Array(kinds + 1);
  for (let j = kinds - 1; j >= 0; j--) tailWeight[j] = tailWeight[j + 1] + weights[j];
  // An open row's aspect sum never passes width / target (it fits at the target height).
  const step = width / target / SUM_BINS;
  const stride = SUM_BINS + 1;
  const aspectInBins = aspects.map((a) => a / step);

  const panorama = aspects.map((a) => (isPanorama(a, width, target) ? 1 : 0));

  // open[(c - 1) * stride + b]: probability that the open row has c items with aspect sum b*step.
  let open = new Float64Array(cap * stride);
  let next = new Float64Array(cap * stride);
  // closedFrom[j]: probability that the open row closed before the new item, which was kind j or
  // wider (kinds ascend): kinds j and up then start the next row.
  const closedFrom = new Float64Array(kinds);
  let empty = 1; // probability that no row is open (at the start, or after a closed row)
  let closedPitch = 0; // expected sum over the closed rows of (height + spacing)
  const exact = new Float64Array(EXACT_ITEMS + 1);

  for (let item = 1; item <= EXACT_ITEMS; item++) {
    next.fill(0);
    closedFrom.fill(0);
    // Probability that the new item ended its row (the row took it: nothing is open after it).
    let tookLast = 0;
    for (let c = 1; c <= cap; c++) {
      const base = (c - 1) * stride;
      // The (c+1)th item fits while the row at the target height stays within the width.
      const room = c < cap ? (width - spacing * c) / target : -1;
      for (let b = 0; b <= SUM_BINS; b++) {
        const p = open[base + b];
        if (p === 0) continue;
        const free = room - b * step;
        let j = 0;
        while (j < kinds && aspects[j] <= free) {
          const grown = Math.min(SUM_BINS, Math.floor(b + aspectInBins[j] + 0.5));
          next[c * stride + grown] += p * weights[j];
          j++;
        }
        if (j === kinds) continue;
        // Kind j and up do not fit at the target height. Below the cap, the narrower of them
        // (up to `taken`) are taken all the same, ending the row below the target
        // (takesNextItem: monotonic in the aspect, so they are a run of kinds).
        const sum = b * step;
        let taken = j;
        if (c < cap) {
          while (taken < kinds && takesNextItem(sum, c, aspects[taken], width, target, spacing)) {
            const lower = (width - spacing * c) / (sum + aspects[taken]);
            closedPitch += p * weights[taken] * (lower + spacing);
            taken++;
          }
          tookLast += p * (tailWeight[j] - tailWeight[taken]);
        }
        if (taken === kinds) continue;
        const height = fullRowHeight(sum, c, width, target, spacing);
        closedPitch += p * tailWeight[taken] * (height + spacing);
        closedFrom[taken] += p;
      }
    }
    // Start the rows: every kind after no open row, kinds j and up after a close at j.
    let starting = empty;
    empty = tookLast;
    for (let j = 0; j < kinds; j++) {
      starting += closedFrom[j];
      const mass = starting * weights[j];
      if (panorama[j]) {
        // A panorama is a whole row: closed at once.
        closedPitch += mass * (panoramaRowHeight(aspects[j], width, target) + spacing);
        empty += mass;
      } else next[Math.min(SUM_BINS, Math.round(aspectInBins[j]))] += mass;
    }
    [open, next] = [next, open];
    // The open row, if any, is the last row and keeps the target height; the last row, open or
    // closed, has no spacing below it.
    exact[item] = closedPitch + (1 - empty) * (target + spacing) - spacing;
  }
  // Near the cap, rows stay in step with the start for a long time (every row full at the cap),
  // so the slope is measured over one whole period of the cap, the last: within 0.5% of the
  // steady slope of a 2,000,000-item layout at 390 to 1920 px (longer windows reach back into
  // the start and do worse).
  const period = Math.min(cap, EXACT_ITEMS >> 2);
  const perItem = (exact[EXACT_ITEMS] - exact[EXACT_ITEMS - period]) / period;
  return { exact, period, perItem };
}
