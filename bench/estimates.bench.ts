/*
 * Height-estimate bench: per-section error of estimateRowsHeight (what a section's height is
 * before its files load) against the real layout, over seeded sections whose aspect mix varies
 * around the reference mix as months of a real library do. Writes bench/results/estimates.json;
 * exits 1 when a target is missed. Run: npx tsx bench/estimates.bench.ts [--quick]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { machine, RESULTS_DIR } from './support/env';
import {
  REFERENCE_ASPECT_MIX,
  REFERENCE_MEAN_ASPECT,
  meanAspectOf,
  perturbMix,
  sampleAspects,
  seededRandom,
} from '../src/gallery/engine/layout/aspectMix';
import { estimateRowsHeight, expectedRowsHeight } from '../src/gallery/engine/layout/estimate';
import { layoutSection } from '../src/gallery/engine/layout/justified';
import { DESKTOP_METRICS, MOBILE_METRICS } from '../src/gallery/engine/gridMetrics';
import type { GridMetrics } from '../src/gallery/engine/types';

const quick = process.argv.includes('--quick');
const SEED = 0xe57;
/** Each month's mix: every shape's weight times a factor in [0.5, 1.5]. */
const MIX_SPREAD = 0.5;
const SECTIONS_PER_WIDTH = quick ? 300 : 1500;
const SMALL_SECTIONS_PER_WIDTH = quick ? 100 : 500;
const DEVICES: { device: string; metrics: GridMetrics; widths: number[] }[] = [
  { device: 'desktop', metrics: DESKTOP_METRICS, widths: [1000, 1280, 1600, 1920] },
  { device: 'mobile', metrics: MOBILE_METRICS, widths: [360, 390, 414] },
];
/** Section sizes: log-uniform, as month sizes of a library spread over orders of magnitude. */
const BANDS = [
  { name: '1-19', min: 1, max: 19 },
  { name: '20-49', min: 20, max: 49 },
  { name: '50-199', min: 50, max: 199 },
  { name: '200-2000', min: 200, max: 2000 },
];
const TARGET_MEAN = 0.05;
const TARGET_MAX = 0.15;

interface Sample {
  count: number;
  /** |estimate - real| / real, for the count-only estimate (what the timeline uses). */
  error: number;
  signed: number;
  /** The same, had the estimate known the section's mean aspect. */
  knownMeanError: number;
  /** The same, had it known the section's exact mix: what is left is the spread of real sections. */
  knownMixError: number;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return {
    sections: values.length,
    meanPercent: pct(mean),
    p95Percent: pct(pick(0.95)),
    maxPercent: pct(sorted[sorted.length - 1] ?? 0),
  };
}
const pct = (value: number) => Math.round(value * 10000) / 100;

const random = seededRandom(SEED);
const samples: (Sample & { device: string; width: number })[] = [];
const started = performance.now();
for (const { device, metrics, widths } of DEVICES) {
  for (const width of widths) {
    const plan = [
      ...Array.from({ length: SECTIONS_PER_WIDTH }, () => [20, 2000] as const),
      ...Array.from({ length: SMALL_SECTIONS_PER_WIDTH }, () => [1, 19] as const),
    ];
    for (const [min, max] of plan) {
      const count = Math.round(min * Math.pow(max / min, random()));
      const mix = perturbMix(REFERENCE_ASPECT_MIX, random, MIX_SPREAD);
      const aspects = sampleAspects(mix, count, random);
      const { targetRowHeight, spacing, rowCap } = metrics;
      const real = layoutSection(aspects, width, targetRowHeight, spacing, rowCap).rowsHeight;
      const estimate = estimateRowsHeight(count, width, metrics);
      let sum = 0;
      for (const a of aspects) sum += a;
      const knownMean = estimateRowsHeight(count, width, metrics, sum / count);
      const knownMix = expectedRowsHeight(count, width, metrics, mix);
      samples.push({
        device,
        width,
        count,
        error: Math.abs(estimate - real) / real,
        signed: (estimate - real) / real,
        knownMeanError: Math.abs(knownMean - real) / real,
        knownMixError: Math.abs(knownMix - real) / real,
      });
    }
  }
}

const summarize = (group: Sample[]) => ({
  ...stats(group.map((s) => s.error)),
  biasPercent: pct(group.reduce((a, s) => a + s.signed, 0) / Math.max(1, group.length)),
  ifMeanAspectKnown: stats(group.map((s) => s.knownMeanError)),
  ifMixKnown: stats(group.map((s) => s.knownMixError)),
});
const inBand = (band: (typeof BANDS)[number]) => (s: Sample) =>
  s.count >= band.min && s.count <= band.max;

const atLeast20 = samples.filter((s) => s.count >= 20);
const overall = summarize(atLeast20);
const bands = Object.fromEntries(
  BANDS.map((band) => [band.name, summarize(samples.filter(inBand(band)))]),
);
const perWidth = DEVICES.flatMap(({ device, widths }) =>
  widths.map((width) => ({
    device,
    width,
    atLeast20: stats(
      atLeast20.filter((s) => s.device === device && s.width === width).map((s) => s.error),
    ),
  })),
);
// The smallest section size from which every section of the run is within the max target.
const sorted = [...samples].sort((a, b) => b.count - a.count);
let withinMaxFrom = Number.POSITIVE_INFINITY;
for (const sample of sorted) {
  if (sample.error > TARGET_MAX) break;
  withinMaxFrom = sample.count;
}

/*
 * Unbiasedness, directly: per size, the mean real height of many sections drawn from the
 * reference mix itself against the estimate (a ratio of means: the mean of per-section relative
 * errors above leans positive for small sections, 1/height being convex, even for an exact
 * expectation).
 */
const EXPECTATION_COUNTS = [1, 2, 3, 5, 10, 20, 50, 100, 500, 2000];
const EXPECTATION_ITEMS = quick ? 100_000 : 400_000;
const expectationRandom = seededRandom(SEED + 1);
const expectation = DEVICES.flatMap(({ device, metrics, widths }) =>
  widths.map((width) => {
    const { targetRowHeight, spacing, rowCap } = metrics;
    const errors = EXPECTATION_COUNTS.map((count) => {
      const sections = Math.max(50, Math.round(EXPECTATION_ITEMS / count));
      let total = 0;
      for (let s = 0; s < sections; s++) {
        const aspects = sampleAspects(REFERENCE_ASPECT_MIX, count, expectationRandom);
        total += layoutSection(aspects, width, targetRowHeight, spacing, rowCap).rowsHeight;
      }
      return pct(estimateRowsHeight(count, width, metrics) / (total / sections) - 1);
    });
    return {
      device,
      width,
      signedPercentByCount: Object.fromEntries(
        EXPECTATION_COUNTS.map((count, k) => [count, errors[k]]),
      ),
    };
  }),
);
const allExpectationErrors = expectation.flatMap((e) => Object.values(e.signedPercentByCount));
const expectationSummary = {
  meanSignedPercent: pct(
    allExpectationErrors.reduce((a, b) => a + b, 0) / allExpectationErrors.length / 100,
  ),
  meanAbsPercent: pct(
    allExpectationErrors.reduce((a, b) => a + Math.abs(b), 0) / allExpectationErrors.length / 100,
  ),
  maxAbsPercent: Math.max(...allExpectationErrors.map(Math.abs)),
};

/** Cost of one model (what a resize or a zoom pays once), over widths not yet cached. */
const buildTimes: number[] = [];
for (let width = 700; width < 760; width++) {
  const start = performance.now();
  estimateRowsHeight(100, width + 0.25, DESKTOP_METRICS);
  buildTimes.push(performance.now() - start);
}
buildTimes.sort((a, b) => a - b);
const modelBuildMs = {
  median: Math.round(buildTimes[buildTimes.length >> 1] * 100) / 100,
  max: Math.round(buildTimes[buildTimes.length - 1] * 100) / 100,
};

const targets = [
  {
    name: 'mean error, sections of 20+ items',
    target: '< 5%',
    value: overall.meanPercent,
    met: overall.meanPercent < TARGET_MEAN * 100,
  },
  {
    name: 'max error, sections of 20+ items',
    target: '< 15%',
    value: overall.maxPercent,
    met: overall.maxPercent < TARGET_MAX * 100,
  },
];

const result = {
  name: 'estimates',
  date: new Date().toISOString(),
  quick,
  machine: machine(),
  setup: {
    estimate: 'estimateRowsHeight(count, width, metrics): count only, reference mix',
    referenceMeanAspect: Math.round(REFERENCE_MEAN_ASPECT * 1000) / 1000,
    distribution:
      'per section: REFERENCE_ASPECT_MIX with every weight times U[0.5, 1.5] (perturbMix), aspects drawn independently; sizes log-uniform in 20-2000 and 1-19',
    seed: SEED,
    widths: Object.fromEntries(DEVICES.map((d) => [d.device, d.widths])),
    sectionsPerWidth: { atLeast20: SECTIONS_PER_WIDTH, under20: SMALL_SECTIONS_PER_WIDTH },
    ifMeanAspectKnown: 'estimateRowsHeight with the section’s real mean aspect (information only)',
    ifMixKnown:
      'expectedRowsHeight with the section’s own mix: the spread of real sections around their expectation, which no count-based estimate can remove (information only)',
    seconds: Math.round((performance.now() - started) / 100) / 10,
  },
  atLeast20Items: overall,
  bands,
  perWidth,
  withinMaxTargetFromItems: withinMaxFrom,
  expectation: {
    note: 'estimate / mean real height of many reference-mix sections - 1, in %, per width and count',
    summary: expectationSummary,
    perWidth: expectation,
  },
  modelBuildMs,
  exampleMeanAspectOfAPerturbedMix:
    Math.round(meanAspectOf(perturbMix(REFERENCE_ASPECT_MIX, seededRandom(1))) * 1000) / 1000,
  targets,
  targetsMet: targets.every((t) => t.met),
};

mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(path.join(RESULTS_DIR, 'estimates.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  JSON.stringify(
    {
      atLeast20Items: overall,
      bands,
      withinMaxTargetFromItems: withinMaxFrom,
      expectation: expectationSummary,
      modelBuildMs,
    },
    null,
    2,
  ),
);
for (const t of targets)
  console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.name}: ${t.value}% (${t.target})`);
if (!result.targetsMet) process.exitCode = 1;
