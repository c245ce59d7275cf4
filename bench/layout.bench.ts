/*
 * Layout bench: our layoutSection against @immich/justified-layout-wasm and Flickr's
 * justified-layout on the same aspect ratios (the reference mix, with panoramas), laid out in
 * sections of 500 as a timeline does. Writes bench/results/layout.json; exits 1 when a target is
 * missed. Run: npx tsx bench/layout.bench.ts [--quick]
 */
import { JustifiedLayout } from '@immich/justified-layout-wasm';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import {
  REFERENCE_ASPECT_MIX,
  sampleAspects,
  seededRandom,
} from '../src/gallery/engine/layout/aspectMix';
import { layoutSection } from '../src/gallery/engine/layout/justified';
import { DESKTOP_METRICS } from '../src/gallery/engine/types';

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
/** Immich's timeline passes heightTolerance 0.5 with spacing 2; Flickr keeps its defaults. */
const IMMICH_OPTIONS = {
  rowHeight: TARGET,
  rowWidth: WIDTH,
  spacing: SPACING,
  heightTolerance: 0.5,
};
const FLICKR_OPTIONS = {
  containerWidth: WIDTH,
  containerPadding: 0,
  boxSpacing: SPACING,
  targetRowHeight: TARGET,
};
/** Flickr past this many items takes long enough that fewer runs are measured. */
const FLICKR_SLOW = 200_000;
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
  run(sections: Sections): number;
  rowHeights(aspects: Float32Array, plain: number[]): number[];
}

/** Heights of the rows but the last (a row is a run of items sharing a top). */
function rowsFrom(count: number, top: (i: number) => number, height: (i: number) => number) {
  const heights: number[] = [];
  for (let i = 0; i < count; i++) if (i === 0 || top(i) !== top(i - 1)) heights.push(height(i));
  heights.pop();
  return heights;
}

const ours: Implementation = {
  run: ({ typed }) => {
    let check = 0;
    for (const aspects of typed)
      check += layoutSection(aspects, WIDTH, TARGET, SPACING, ROW_CAP).rowsHeight;
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

/** Information only: the same layout into one reused rects array (no allocation per section). */
const reusedRects = new Float32Array(SECTION * 4);
const oursReused: Implementation = {
  run: ({ typed }) => {
    let check = 0;
    for (const aspects of typed) {
      check += layoutSection(aspects, WIDTH, TARGET, SPACING, ROW_CAP, reusedRects).rowsHeight;
    }
    return check;
  },
  rowHeights: ours.rowHeights,
};

const immich: Implementation = {
  run: ({ typed }) => {
    let check = 0;
    for (const aspects of typed)
      check += new JustifiedLayout(aspects, IMMICH_OPTIONS).containerHeight;
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
    for (const aspects of plain)
      check += createFlickrLayout(aspects, FLICKR_OPTIONS).containerHeight;
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

/**
 * Times the implementations round-robin (one run of each in turn, after a warm-up run each), so
 * a noisy neighbour on the machine slows all of them alike; reports the median run.
 */
function timeAll(implementations: Implementation[], sections: Sections, runs: number[]) {
  for (const implementation of implementations) implementation.run(sections);
  const samples = implementations.map(() => [] as number[]);
  for (let r = 0; r < Math.max(...runs); r++) {
    implementations.forEach((implementation, k) => {
      if (r >= runs[k]) return;
      const start = performance.now();
      implementation.run(sections);
      samples[k].push(performance.now() - start);
    });
  }
  return samples.map((values) => ({
    runs: values.length,
    medianMs: round(median(values)),
    minMs: round(Math.min(...values)),
    samplesMs: values.map(round),
  }));
}

/** Mean absolute deviation of row height from the target, over all rows but sections' last. */
function quality(implementation: Implementation, sections: Sections) {
  let rows = 0;
  let deviation = 0;
  let total = 0;
  sections.typed.forEach((aspects, s) => {
    const heights = implementation.rowHeights(aspects, sections.plain[s]);
    for (const h of heights) {
      deviation += Math.abs(h - TARGET);
      total += h;
      rows++;
    }
  });
  return {
    rows,
    meanRowHeightPx: round(total / rows),
    meanAbsDeviationPx: round(deviation / rows),
    meanAbsDeviationPercent: round((100 * deviation) / rows / TARGET),
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function versionOf(name: string): string {
  const path = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

const figures = [];
for (const size of SIZES) {
  const sections = sectionsOf(size);
  const runs = size >= 1_000_000 ? 7 : 11;
  const flickrRuns = size > FLICKR_SLOW ? 3 : runs;
  const [oursTime, oursReusedTime, immichTime, flickrTime] = timeAll(
    [ours, oursReused, immich, flickr],
    sections,
    [runs, runs, runs, flickrRuns],
  );
  const row = {
    items: size,
    sections: sections.typed.length,
    ours: oursTime,
    oursReusingRects: oursReusedTime,
    immichWasm: immichTime,
    flickr: flickrTime,
  };
  figures.push(row);
  console.log(
    `${size} items: ours ${row.ours.medianMs} ms, immich-wasm ${row.immichWasm.medianMs} ms, flickr ${row.flickr.medianMs} ms`,
  );
}

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
const oursOverImmich = round(largest.ours.medianMs / largest.immichWasm.medianMs);
const flickrOverOurs = round(at100k.flickr.medianMs / at100k.ours.medianMs);
const targets = [
  {
    name: `ours / immich-wasm time at ${largest.items} items`,
    target: '<= 1.0',
    value: oursOverImmich,
    met: oursOverImmich <= 1,
  },
  {
    name: 'flickr / ours time at 100000 items',
    target: '>= 100',
    value: flickrOverOurs,
    met: flickrOverOurs >= 100,
  },
];

const result = {
  name: 'layout',
  date: new Date().toISOString(),
  quick,
  machine: {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
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
      note: 'layoutSection per section, a fresh rects array each (as the worker)',
    },
    immichWasm: {
      ...IMMICH_OPTIONS,
      note: 'new JustifiedLayout per section (copies into and out of wasm)',
    },
    flickr: {
      ...FLICKR_OPTIONS,
      note: 'defaults otherwise (tolerance 0.25); number[] input prepared untimed',
    },
    timing:
      'one warm-up run each, then runs taken round-robin across implementations; median (fewer runs for Flickr above 200,000 items)',
    oursReusingRects: 'information only: layoutSection into one reused rects array',
    quality: 'mean |row height - target| over all rows except each section’s last',
  },
  figures,
  quality: qualityFigures,
  ratios: {
    oursOverImmichWasm: oursOverImmich,
    flickrOverOurs,
    oursReusingRectsOverImmichWasm: round(
      largest.oursReusingRects.medianMs / largest.immichWasm.medianMs,
    ),
  },
  targets,
  targetsMet: targets.every((t) => t.met),
};

mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./results/layout.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(JSON.stringify({ ratios: result.ratios, quality: qualityFigures }, null, 2));
for (const t of targets)
  console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.name}: ${t.value} (${t.target})`);
if (!result.targetsMet) process.exitCode = 1;
