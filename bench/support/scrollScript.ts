// The scroll script, the same for the GPU grid and the DOM-grid baseline: wheel flings over the
// grid (chrome.gpuBenchmarking.smoothScrollBy), a mouse drag of the scroller from top to bottom,
// then jumps to seeded positions. Each phase runs under a trace (see trace.ts).
import type { Page } from '@playwright/test';
import { longFramesBetween, domNodes, heapAfterGc, pageNow, type LongFrame } from './browser';
import { distribution, round, sleep, step, type Distribution } from './env';
import { summariseFrames, traced, type FrameCosts, type FrameSummary } from './trace';

export interface GridDriver {
  readonly name: string;
  readonly page: Page;
  /** Where wheel gestures start: the middle of the grid. */
  gridCentre(): Promise<{ x: number; y: number }>;
  /** Presses the mouse on the scroller's thumb at the top and moves it to the bottom. */
  dragScroller(durationMs: number): Promise<{ moves: number; mode: string }>;
  /** Goes to a fraction (0 top … 1 bottom) of the timeline, as a click on the scroller does. */
  jump(fraction: number): Promise<void>;
  /**
   * Waits until the viewport's thumbnails are all drawn after a jump made at `since` (page
   * clock); returns the page clock then, or -1 after `timeoutMs`.
   */
  thumbnailsDrawnAfter(since: number, timeoutMs: number): Promise<number>;
  /** Back to the top with the scene settled. */
  toTop(): Promise<void>;
  /** Engine counters (the GPU grid only): reset at a phase's start, read at its end. */
  startWindow?(): Promise<void>;
  endWindow?(): Promise<Record<string, unknown>>;
}

export interface ScrollPlan {
  flings: number;
  flingPx: number;
  flingSpeed: number;
  pauseMs: number;
  dragMs: number;
  jumps: number;
  jumpTimeoutMs: number;
}

export const FULL_PLAN: ScrollPlan = {
  flings: 12,
  flingPx: 6000,
  flingSpeed: 8000,
  pauseMs: 400,
  dragMs: 4000,
  jumps: 20,
  jumpTimeoutMs: 10_000,
};

export const QUICK_PLAN: ScrollPlan = {
  ...FULL_PLAN,
  flings: 6,
  dragMs: 2000,
};

/** Seeded fractions (the e2e suite's generator): both grids jump to the same places. */
export function jumpFractions(count: number): number[] {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: count }, () => round(random(), 4));
}

const MOUSE_INPUT = 2;

/** One wheel gesture of `px` pixels at `speed` px/s, resolved when the browser finished it. */
export async function smoothScroll(
  page: Page,
  at: { x: number; y: number },
  px: number,
  down: boolean,
  speed: number,
) {
  await page.evaluate(
    ({ x, y, px, down, speed, source }) =>
      new Promise<void>((resolve) => {
        const bench = (
          window as unknown as {
            chrome: { gpuBenchmarking: { smoothScrollBy(...args: unknown[]): boolean } };
          }
        ).chrome.gpuBenchmarking;
        // (pixels, callback, x, y, source, direction, speed px/s, precise deltas)
        bench.smoothScrollBy(px, resolve, x, y, source, down ? 'down' : 'up', speed, true);
      }),
    { ...at, px, down, speed, source: MOUSE_INPUT },
  );
}

export interface PhaseFigures extends FrameSummary {
  phase: string;
  seconds: number;
  topFunctions: FrameCosts['topFunctions'];
  longFrames: {
    count: number;
    /** Of those, frames holding a task over 50 ms (blockingDuration > 0). */
    withLongTask: number;
    maxMs: number;
    worst: LongFrame[];
  };
  domNodesAfter: number;
  engine?: Record<string, unknown>;
  detail?: Record<string, unknown>;
}

export interface ScriptFigures {
  grid: string;
  plan: ScrollPlan;
  phases: PhaseFigures[];
  /** All frames of all phases together. */
  overall: FrameSummary & {
    longFrames: number;
    longFramesWithLongTask: number;
    longFrameMaxMs: number;
  };
  jumps: {
    fractions: number[];
    toThumbnailsMs: Distribution;
    samplesMs: number[];
    timeouts: number;
    /** Not tried: the script stops jumping after 3 timeouts in a row. */
    skipped: number;
  };
  domNodes: { afterLoad: number; max: number };
  heapAfterGcMB: { afterLoad: number; afterScript: number };
}

export async function runScrollScript(
  driver: GridDriver,
  plan: ScrollPlan,
): Promise<ScriptFigures> {
  const { page } = driver;
  const afterLoadNodes = await domNodes(page);
  const afterLoadHeap = await heapAfterGc(page);
  const phases: PhaseFigures[] = [];
  const allCosts: FrameCosts[] = [];

  const phase = async (name: string, body: () => Promise<Record<string, unknown> | void>) => {
    step(`${driver.name}: ${name}`);
    await driver.startWindow?.();
    const started = performance.now();
    const { value, costs, window } = await traced(page, `${driver.name}-${name}`, body);
    const seconds = round((performance.now() - started) / 1000, 1);
    const engine = await driver.endWindow?.();
    const long = await longFramesBetween(page, window.from, window.to);
    allCosts.push(costs);
    const figures: PhaseFigures = {
      phase: name,
      seconds,
      ...summariseFrames(costs),
      topFunctions: costs.topFunctions,
      longFrames: {
        count: long.length,
        withLongTask: long.filter((f) => f.blocking > 0).length,
        maxMs: round(Math.max(0, ...long.map((f) => f.duration))),
        worst: [...long].sort((a, b) => b.duration - a.duration).slice(0, 3),
      },
      domNodesAfter: await domNodes(page),
      ...(engine ? { engine } : {}),
      ...(value ? { detail: value } : {}),
    };
    phases.push(figures);
    const { scriptMs } = figures;
    step(
      `${driver.name}: ${name}: ${figures.frames} frames, script/frame p50 ${scriptMs.p50} p95 ${scriptMs.p95} ms, ${figures.longFrames.count} long frames`,
    );
  };

  const centre = await driver.gridCentre();
  await phase('flings', async () => {
    for (let i = 0; i < plan.flings; i++) {
      await smoothScroll(page, centre, plan.flingPx, i % 3 !== 2, plan.flingSpeed);
      await sleep(plan.pauseMs);
    }
  });

  await driver.toTop();
  await phase('drag', async () => ({ ...(await driver.dragScroller(plan.dragMs)) }));

  const fractions = jumpFractions(plan.jumps);
  const samples: number[] = [];
  let timeouts = 0;
  let skipped = 0;
  await phase('jumps', async () => {
    let inARow = 0;
    for (const [i, fraction] of fractions.entries()) {
      if (inARow === 3) {
        skipped = fractions.length - i;
        step(`${driver.name}: 3 jumps in a row never showed thumbnails; ${skipped} skipped`);
        break;
      }
      const since = await pageNow(page);
      await driver.jump(fraction);
      const done = await driver.thumbnailsDrawnAfter(since, plan.jumpTimeoutMs);
      inARow = done < 0 ? inARow + 1 : 0;
      if (done < 0) timeouts++;
      else samples.push(round(done - since, 1));
    }
  });

  const merged = {
    script: allCosts.flatMap((c) => c.script),
    busy: allCosts.flatMap((c) => c.busy),
    interval: allCosts.flatMap((c) => c.interval),
  };
  return {
    grid: driver.name,
    plan,
    phases,
    overall: {
      ...summariseFrames(merged),
      longFrames: phases.reduce((n, p) => n + p.longFrames.count, 0),
      longFramesWithLongTask: phases.reduce((n, p) => n + p.longFrames.withLongTask, 0),
      longFrameMaxMs: Math.max(0, ...phases.map((p) => p.longFrames.maxMs)),
    },
    jumps: {
      fractions,
      toThumbnailsMs: distribution(samples),
      samplesMs: samples,
      timeouts,
      skipped,
    },
    domNodes: {
      afterLoad: afterLoadNodes,
      max: Math.max(afterLoadNodes, ...phases.map((p) => p.domNodesAfter)),
    },
    heapAfterGcMB: {
      afterLoad: afterLoadHeap.usedMB,
      afterScript: (await heapAfterGc(page)).usedMB,
    },
  };
}
