/*
 * Layout bench: our layoutSection against @immich/justified-layout-wasm and Flickr's
 * justified-layout on the same aspect ratios (the reference mix, with panoramas), laid out in
 * sections of 500 as a timeline does. Writes bench/results/layout.json; exits 1 when a target is
 * missed. Run: npx tsx bench/layout.bench.ts [--quick]
 *
 * How it times (the same for every implementation):
 * - the same seeded aspects for all three, prepared untimed (Flickr takes number[]);
 * - each implementation lays out every section the way its product does: ours as the layout
 *   worker does (layoutBatch: 64 sections a message, each into a rects buffer the main thread
 *   recycled from the layout it replaced, which the worker transfers back to TimelineModel), Immich's as its timeline does (a JustifiedLayout per section, whose rects
 *   the wasm glue copies out into a fresh Float32Array), Flickr's once per section. Results are
 *   dropped after the run, as a resize drops the previous layouts;
 * - in rounds: each round, each implementation in turn runs once untimed (so the heap is in its
 *   own steady state, not paying for the garbage of the one before) and then several timed runs;
 *   the median of all timed runs is reported. Rounds spread a noisy neighbour on the machine over
 *   all implementations alike. No forced garbage collection: a forced full collection resizes the
 *   heap and made Flickr 2 to 10 times slower, flattering our ratio.
 */
import { JustifiedLayout } from '@immich/justified-layout-wasm';
import { expose } from 'comlink';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { machine, RESULTS_DIR } from './support/env';
import {
  REFERENCE_ASPECT_MIX,
  sampleAspects,
  seededRandom,
} from '../src/gallery/engine/layout/aspectMix';
import { layoutSection } from '../src/gallery/engine/layout/justified';
import { WorkerLayoutEngine } from '../src/gallery/engine/layout/LayoutEngine';
import { DESKTOP_METRICS } from '../src/gallery/engine/gridMetrics';
import type { SectionLayout } from '../src/gallery/engine/types';
import {
  createLayoutWorkerApi,
  layoutBatch,
  RectsPool,
} from '../src/gallery/engine/layout/layout.worker';

type FlickrLayout = (
  aspects: number[],
  config: Record<string, number>,
) => { containerHeight: number; boxes: { top: number; height: number }[] };

// justified-layout is CommonJS without types: load it as such and type its one function here.
const require = createRequire(import.meta.url);
const createFlickrLayout = require('justified-layout') as FlickrLayout;

const quick = process.argv.includes('--quick');
const SIZES = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000];
const SECTION = 500;
const WIDTH = 1280;
const { targetRowHeight: TARGET, spacing: SPACING, rowCap: ROW_CAP } = DESKTOP_METRICS;
/** Immich's timeline passes heightTolerance 0.5 with spacing 2. */
const IMMICH_OPTIONS = {
  rowHeight: TARGET,
  rowWidth: WIDTH,
  spacing: SPACING,
  heightTolerance: 0.5,
};
/** Flickr gets the same width, target and box spacing, no padding; its defaults otherwise. */
const FLICKR_OPTIONS = {
  containerWidth: WIDTH,
  containerPadding: 0,
  boxSpacing: SPACING,
  targetRowHeight: TARGET,
};
/**
 * Rounds of timed runs (see the header). The quick run is the CI gate: more, shorter rounds so
 * the paired ratios (pairedRatio) hold still on a shared machine.
 */
const ROUNDS = quick ? 9 : 3;
/**
 * Warm-up: every implementation lays out this many items before timing, whatever the size: V8
 * tiers wasm up from its baseline compiler only once a function is hot, and at 10,000 items a few
 * runs left Immich's layout partly unoptimized.
 */
const WARMUP_ITEMS = 2_000_000;
const SEED = 0x1a7e;

interface Sections {
  typed: Float32Array[];
  plain: number[][];
}

function sectionsOf(count: number): Sections {
  const all = sampleAspects(REFERENCE_ASPECT_MIX, count, seededRandom(SEED + count));
  const typed: Float32Array[] = [];
  for (let i = 0; i < count; i += SECTION)
    typed.push(all.subarray(i, Math.min(count, i + SECTION)));
  return { typed, plain: typed.map((s) => Array.from(s)) };
}

/** Each implementation lays out every section, and tells one section's row heights. */
interface Implementation {
  run(sections: Sections): number | Promise<number>;
  rowHeights?(aspects: Float32Array, plain: number[]): number[];
}

/** Heights of the rows but the last (a row is a run of items sharing a top). */
function rowsFrom(count: number, top: (i: number) => number, height: (i: number) => number) {
  const heights: number[] = [];
  for (let i = 0; i < count; i++) if (i === 0 || top(i) !== top(i - 1)) heights.push(height(i));
  heights.pop();
  return heights;
}

/**
 * The product path: what the layout worker runs per message (src/gallery/engine/layout/layout.worker.ts
 * layoutBatch: sections in batches of BATCH, each laid out into a buffer from the worker's pool).
 * The previous run's rects go back to the pool before the next, as on a resize the main thread
 * recycles each layout it replaces (LayoutPipeline.apply) and sends them with the next message.
 */
const BATCH = 64;
const productPool = new RectsPool();
let productPrevious: SectionLayout[] = [];
function layoutAllBatched(typed: Float32Array[], pool: RectsPool): SectionLayout[] {
  const results: SectionLayout[] = [];
  for (let i = 0; i < typed.length; i += BATCH) {
    const sections = typed.slice(i, i + BATCH).map((aspects) => ({
      aspects,
      width: WIDTH,
      targetRowHeight: TARGET,
      spacing: SPACING,
      rowCap: ROW_CAP,
    }));
    results.push(...layoutBatch({ sections, recycled: [] }, pool));
  }
  return results;
}
const ours: Implementation = {
  run: ({ typed }) => {
    for (const layout of productPrevious) productPool.give(layout.rects.buffer as ArrayBuffer);
    productPrevious = layoutAllBatched(typed, productPool);
    let check = 0;
    for (const layout of productPrevious) check += layout.rowsHeight;
    return check;
  },
  rowHeights: (aspects) => {
    const { rects } = layoutSection(aspects, WIDTH, TARGET, SPACING, ROW_CAP);
    return rowsFrom(
      aspects.length,
      (i) => rects[i * 4 + 1],
      (i) => rects[i * 4 + 3],
    );
  },
};

/**
 * Information only: the first layout of a session, nothing to recycle yet: every section into a
 * fresh Float32Array (what the product path was before the pool).
 */
const oursFresh: Implementation = {
  run: ({ typed }) => {
    let check = 0;
    for (const layout of layoutAllBatched(typed, new RectsPool())) check += layout.rowsHeight;
    return check;
  },
};

/**
 * Information only (issue 19, before/after in one run): the pool as it was before its buckets by
 * size, a best-fit scan of every pooled buffer a section. Same batches, same recycling as `ours`.
 */
class ScanRectsPool {
  private readonly buffers: ArrayBuffer[] = [];
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength > 0) this.buffers.push(buffer);
  }
  take(bytes: number): Float32Array {
    const { buffers } = this;
    if (bytes === 0) return new Float32Array(0);
    let best = -1;
    for (let i = buffers.length - 1; i >= 0; i--) {
      const length = buffers[i].byteLength;
      if (length >= bytes && (best < 0 || length < buffers[best].byteLength)) {
        best = i;
        if (length === bytes) break;
      }
    }
    if (best < 0) return new Float32Array(bytes / 4);
    const buffer = buffers[best];
    buffers[best] = buffers[buffers.length - 1];
    buffers.pop();
    return new Float32Array(buffer);
  }
}
const scanPool = new ScanRectsPool() as unknown as RectsPool;
let scanPrevious: SectionLayout[] = [];
const oursScanPool: Implementation = {
  run: ({ typed }) => {
    for (const layout of scanPrevious) scanPool.give(layout.rects.buffer as ArrayBuffer);
    scanPrevious = layoutAllBatched(typed, scanPool);
    let check = 0;
    for (const layout of scanPrevious) check += layout.rowsHeight;
    return check;
  },
};

/** Information only: the algorithm alone, into one reused rects array. */
const reusedRects = new Float32Array(SECTION * 4);
const oursReused: Implementation = {
  run: ({ typed }) => {
    let check = 0;
    for (const aspects of typed) {
      check += layoutSection(aspects, WIDTH, TARGET, SPACING, ROW_CAP, reusedRects).rowsHeight;
    }
    return check;
  },
};

/**
 * Information only: the whole product path on one thread: every section through
 * WorkerLayoutEngine (comlink, batched messages, transfers both ways) to the worker's own API over
 * a MessageChannel, the aspects copied first as TimelineModel does, all requested at once as on a
 * resize, the previous run's rects recycled. What a real worker adds on top (a thread hop a
 * message) is not in it.
 */
const channel = new MessageChannel();
expose(createLayoutWorkerApi(), channel.port2);
const engine = new WorkerLayoutEngine(channel.port1);
let enginePrevious: SectionLayout[] = [];
const oursThroughEngine: Implementation = {
  run: async ({ typed }) => {
    for (const layout of enginePrevious) engine.recycle(layout.rects);
    enginePrevious = await Promise.all(
      typed.map((aspects) =>
        engine.layout({ aspects: aspects.slice(), width: WIDTH, metrics: DESKTOP_METRICS }),
      ),
    );
    return enginePrevious.reduce((sum, layout) => sum + layout.rowsHeight, 0);
  },
};

const immich: Implementation = {
  run: ({ typed }) => {
    let check = 0;
    for (const aspects of typed) {
      check += new JustifiedLayout(aspects, IMMICH_OPTIONS).containerHeight;
    }
    return check;
  },
  rowHeights: (aspects) => {
    const layout = new JustifiedLayout(aspects, IMMICH_OPTIONS);
    return rowsFrom(
      aspects.length,
      (i) => layout.getTop(i),
      (i) => layout.getHeight(i),
    );
  },
};

const flickr: Implementation = {
  run: ({ plain }) => {
    let check = 0;
    for (const aspects of plain) {
      check += createFlickrLayout(aspects, FLICKR_OPTIONS).containerHeight;
    }
    return check;
  },
  rowHeights: (_, plain) => {
    const { boxes } = createFlickrLayout(plain, FLICKR_OPTIONS);
    return rowsFrom(
      boxes.length,
      (i) => boxes[i].top,
      (i) => boxes[i].height,
    );
  },
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const round = (value: number) => Math.round(value * 1000) / 1000;

async function timeRun(implementation: Implementation, sections: Sections): Promise<number> {
  const start = performance.now();
  await implementation.run(sections);
  return performance.now() - start;
}

/**
 * `rounds` rounds; in each, every implementation runs once untimed, then `runs[k]` timed runs.
 * Before the rounds, `warmups` untimed runs each (the JIT). Reports the median timed run.
 */
async function timeAll(
  implementations: Implementation[],
  sections: Sections,
  rounds: number,
  runs: number[],
  warmups: number,
) {
  for (const implementation of implementations) {
    for (let w = 0; w < warmups; w++) await timeRun(implementation, sections);
  }
  const samples = implementations.map(() => [] as number[]);
  const roundMedians = implementations.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < implementations.length; k++) {
      await timeRun(implementations[k], sections);
      const inRound: number[] = [];
      for (let i = 0; i < runs[k]; i++) inRound.push(await timeRun(implementations[k], sections));
      samples[k].push(...inRound);
      roundMedians[k].push(median(inRound));
    }
  }
  return samples.map((values, k) => ({
    runs: values.length,
    medianMs: round(median(values)),
    minMs: round(Math.min(...values)),
    samplesMs: values.map(round),
    roundMediansMs: roundMedians[k],
  }));
}

/**
 * a / b as the median over rounds of the ratio of the two implementations' medians in that round:
 * both ran moments apart, so a noisy neighbour that slows one round slows both sides of its ratio
 * (the ratio of overall medians mixes rounds and swung by 10-30% on a busy 2-core machine).
 */
function pairedRatio(a: { roundMediansMs: number[] }, b: { roundMediansMs: number[] }): number {
  return round(median(a.roundMediansMs.map((value, r) => value / b.roundMediansMs[r])));
}

/**
 * Mean absolute deviation of row height from the target, over all rows but sections' last,
 * with the spread of row heights (as multiples of the target) beside it.
 */
function quality(implementation: Implementation, sections: Sections) {
  const heights: number[] = [];
  sections.typed.forEach((aspects, s) => {
    heights.push(...implementation.rowHeights!(aspects, sections.plain[s]));
  });
  let deviation = 0;
  let total = 0;
  for (const h of heights) {
    deviation += Math.abs(h - TARGET);
    total += h;
  }
  const sorted = heights.sort((a, b) => a - b);
  const quantile = (q: number) => round(sorted[Math.floor(q * (sorted.length - 1))] / TARGET);
  return {
    rows: heights.length,
    meanRowHeightPx: round(total / heights.length),
    meanAbsDeviationPx: round(deviation / heights.length),
    meanAbsDeviationPercent: round((100 * deviation) / heights.length / TARGET),
    rowHeightOverTarget: {
      min: quantile(0),
      p10: quantile(0.1),
      median: quantile(0.5),
      p90: quantile(0.9),
      max: quantile(1),
    },
  };
}

function versionOf(name: string): string {
  const path = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

const figures = [];
for (const size of SIZES) {
  const sections = sectionsOf(size);
  const large = size >= 1_000_000;
  // Flickr takes about half a second for 1,000,000 items: one timed run a round there.
  const [oursTime, immichTime, flickrTime, freshTime, reusedTime, engineTime, scanTime] =
    await timeAll(
      [ours, immich, flickr, oursFresh, oursReused, oursThroughEngine, oursScanPool],
      sections,
      ROUNDS,
      large ? [4, 4, 1, 4, 4, 1, 4] : [5, 5, 5, 5, 5, 2, 5],
      Math.max(2, Math.ceil(WARMUP_ITEMS / size)),
    );
  const row = {
    items: size,
    sections: sections.typed.length,
    ours: oursTime,
    immichWasm: immichTime,
    flickr: flickrTime,
    oursFreshBuffers: freshTime,
    oursReusingRects: reusedTime,
    oursThroughWorkerEngine: engineTime,
    oursScanPool: scanTime,
  };
  figures.push(row);
  console.log(
    `${size} items: ours ${row.ours.medianMs} ms, immich-wasm ${row.immichWasm.medianMs} ms, ` +
      `flickr ${row.flickr.medianMs} ms (ours into fresh buffers ${row.oursFreshBuffers.medianMs}, ` +
      `reusing rects ${row.oursReusingRects.medianMs}, through the engine ` +
      `${row.oursThroughWorkerEngine.medianMs})`,
  );
}
engine.dispose();
channel.port1.close();
channel.port2.close();

// Quality on 100,000 items (the same for every size: one distribution).
const qualitySections = sectionsOf(100_000);
const qualityFigures = {
  items: 100_000,
  ours: quality(ours, qualitySections),
  immichWasm: quality(immich, qualitySections),
  flickr: quality(flickr, qualitySections),
};

const largest = figures[figures.length - 1];
const at100k = figures.find((f) => f.items === 100_000)!;
const ratio = (a: number, b: number) => round(a / b);
const oursOverImmich = pairedRatio(largest.ours, largest.immichWasm);
const flickrOverOurs = pairedRatio(at100k.flickr, at100k.ours);
const targets = [
  {
    name: `ours / immich-wasm time at ${largest.items} items (product path)`,
    target: '<= 0.8',
    value: oursOverImmich,
    met: oursOverImmich <= 0.8,
  },
  {
    name: 'flickr / ours time at 100000 items (product path)',
    target: '>= 100',
    value: flickrOverOurs,
    met: flickrOverOurs >= 100,
  },
];

const result = {
  name: 'layout',
  date: new Date().toISOString(),
  quick,
  machine: machine(),
  versions: {
    '@immich/justified-layout-wasm': versionOf('@immich/justified-layout-wasm'),
    'justified-layout': versionOf('justified-layout'),
  },
  setup: {
    width: WIDTH,
    targetRowHeight: TARGET,
    spacing: SPACING,
    sectionSize: SECTION,
    distribution: 'REFERENCE_ASPECT_MIX (src/gallery/engine/layout/aspectMix.ts), seeded',
    ours: {
      rowCap: ROW_CAP,
      note: "product path: the layout worker's layoutBatch, 64 sections a message, each into a buffer from its pool; the previous run's rects recycled into the pool first (as the main thread recycles replaced layouts on a resize)",
    },
    immichWasm: {
      ...IMMICH_OPTIONS,
      note: 'new JustifiedLayout per section (copies into wasm, and out into a fresh Float32Array)',
    },
    flickr: {
      ...FLICKR_OPTIONS,
      note: 'same width, target and box spacing, no padding, defaults otherwise (tolerance 0.25); one call per section; number[] input prepared untimed',
    },
    timing: `warm-up: 2,000,000 items laid out by each implementation (at least 2 runs); then ${ROUNDS} rounds, in each every implementation runs once untimed (its own heap steady state) then timed runs (5 each below 1,000,000 items; 4 at 1,000,000, Flickr and the engine path 1); medianMs = median of the timed runs; the two target ratios are paired: the median over rounds of the ratio of the two medians of that round; no forced GC; results dropped after each run (as a resize drops the previous layouts)`,
    oursFreshBuffers:
      'information only: the same batches with nothing recycled (a first layout): a fresh Float32Array a section, the product path before the pool',
    oursReusingRects: 'information only: the algorithm alone, into one reused rects array',
    oursScanPool:
      'information only: the product path with the pool before its buckets by size (a best-fit scan of every pooled buffer a section); ours / this, paired, is the buckets’ gain',
    oursThroughWorkerEngine:
      'information only: every section through WorkerLayoutEngine and comlink to the worker API over a MessageChannel, on one thread, aspects copied as TimelineModel does, all requested at once (a resize)',
    quality:
      'mean |row height - target| over all rows except each section’s last; row heights as multiples of the target',
  },
  figures,
  quality: qualityFigures,
  ratios: {
    oursOverImmichWasm: oursOverImmich,
    flickrOverOurs,
    oursFreshBuffersOverImmichWasm: pairedRatio(largest.oursFreshBuffers, largest.immichWasm),
    oursScanPoolOverImmichWasm: pairedRatio(largest.oursScanPool, largest.immichWasm),
    oursOverOursScanPool: pairedRatio(largest.ours, largest.oursScanPool),
    flickrOverOursScanPoolAt100k: pairedRatio(at100k.flickr, at100k.oursScanPool),
    oursReusingRectsOverImmichWasm: ratio(
      largest.oursReusingRects.medianMs,
      largest.immichWasm.medianMs,
    ),
    flickrOverImmichWasmAt100k: ratio(at100k.flickr.medianMs, at100k.immichWasm.medianMs),
    flickrOverOursReusingRectsAt100k: ratio(
      at100k.flickr.medianMs,
      at100k.oursReusingRects.medianMs,
    ),
  },
  targets,
  targetsMet: targets.every((t) => t.met),
};

mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(path.join(RESULTS_DIR, 'layout.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ ratios: result.ratios, quality: qualityFigures }, null, 2));
for (const t of targets)
  console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.name}: ${t.value} (${t.target})`);
if (!result.targetsMet) process.exitCode = 1;
