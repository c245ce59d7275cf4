/**
 * A headless GalleryEngine for tests: a synthetic source (one month per section, newest
 * first), a square-tile layout whose row height is the metrics' target (so zoom levels change
 * it), a thumbnail loader that never answers, a manual clock and a real three.js renderer on
 * the recording WebGL2 stand-in. Not imported by app code.
 */
import { ManualClock } from './clock';
import { GalleryEngine } from './GalleryEngine';
import type { LayoutEngine } from './layout/LayoutEngine';
import { createTestRenderer, FakeLoader, flush } from './texture/testing';
import { FILE_KIND, type SectionFiles, type TimelineSource } from './timeline/TimelineSource';
import { DESKTOP_METRICS } from './gridMetrics';
import type { SectionDescriptor, SectionLayout } from './types';

export const TEST_WIDTH = 1000;
export const TEST_HEIGHT = 800;

/** A whole month of `count` pictures. */
export function testDescriptor(year: number, month: number, count: number): SectionDescriptor {
  return {
    key: `${year}-${month}`,
    year,
    month,
    startDay: 1,
    endDay: 31,
    counts: { pictures: count, videos: 0, screenshots: 0 },
  };
}

/** One month per size, newest first from December 2024. */
export function testDescriptors(sizes: readonly number[]): SectionDescriptor[] {
  return sizes.map((count, s) => testDescriptor(2024 - Math.floor(s / 12), 12 - (s % 12), count));
}

export function testFiles(section: SectionDescriptor): SectionFiles {
  const n = section.counts.pictures + section.counts.videos + section.counts.screenshots;
  const kinds = new Uint8Array(n);
  const durations = new Float32Array(n);
  // Every fifth file is a 75-second video.
  for (let i = 4; i < n; i += 5) {
    kinds[i] = FILE_KIND.video;
    durations[i] = 75;
  }
  return {
    ids: Array.from({ length: n }, (_, i) => `${section.key}:${i}`),
    aspects: new Float32Array(n).fill(1),
    times: new Float64Array(n).fill(Date.UTC(section.year, section.month - 1, 14) / 1000),
    kinds,
    durations,
  };
}

/** Square tiles of the target row height, 2 px apart, as many a row as fit (at most 8). */
export const squareLayout: LayoutEngine = {
  layout: ({ aspects, width, metrics }) => {
    const n = aspects.length;
    const size = metrics.targetRowHeight;
    const gap = metrics.spacing;
    const perRow = Math.max(1, Math.min(metrics.rowCap, Math.floor((width + gap) / (size + gap))));
    const rects = new Float32Array(n * 4);
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / perRow);
      rects.set([(i % perRow) * (size + gap), row * (size + gap), size, size], i * 4);
    }
    const rows = Math.ceil(n / perRow);
    const result: SectionLayout = {
      rects,
      rowsHeight: rows ? rows * size + (rows - 1) * gap : 0,
      rowCount: rows,
    };
    return Promise.resolve(result);
  },
};

export interface TestEngineOptions {
  /** Sections whose files the source never delivers until `release()`. */
  holdSections?: readonly number[];
}

export async function createTestEngine(sizes: readonly number[], options: TestEngineOptions = {}) {
  const clock = new ManualClock();
  const descriptors = testDescriptors(sizes);
  const fetched: string[] = [];
  const held = new Set(options.holdSections ?? []);
  const waiting: (() => void)[] = [];
  const source: TimelineSource = {
    sections: () => Promise.resolve(descriptors),
    files: async (section, signal) => {
      fetched.push(section.key);
      if (held.has(descriptors.indexOf(section))) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      return testFiles(section);
    },
  };
  const gpu = createTestRenderer();
  const loader = new FakeLoader();
  const engine = new GalleryEngine({
    source,
    layout: squareLayout,
    loader,
    metrics: DESKTOP_METRICS,
    pools: { smallLayers: 64, largeLayers: 8, maxUploadsPerFrame: 4 },
    clock,
  });
  await engine.timeline.load(new AbortController().signal);
  engine.resize(TEST_WIDTH, TEST_HEIGHT, 1, DESKTOP_METRICS, { left: 0, right: 0 });
  const frame = () => engine.frame(gpu.renderer, clock.now());
  /** Frames and microtasks until loads and layouts near the viewport have landed. */
  const settle = async (rounds = 6) => {
    for (let i = 0; i < rounds; i++) {
      frame();
      await flush();
    }
  };
  await settle();
  return {
    engine,
    clock,
    gpu,
    loader,
    fetched,
    frame,
    settle,
    /** Lets the held sections' fetches answer. */
    release: () => {
      held.clear();
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
