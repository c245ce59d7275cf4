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

/**
 * The CI gate's plan: enough of each phase for the gated figures (draw calls, heap, DOM nodes,
 * every jump showing thumbnails, the script and busy ratios against the other grid), not the
 * full sample. Each jump waits for its thumbnails (1.5-2.5 s under SwiftShader) and the DOM
 * grid's drag crawls at 100-200 ms a frame (86 s for 2 s of drag): 6 flings, a 2 s drag and 20
 * jumps made the quick scroll bench 224 s and the trash bench 171 s on two cores.
 */
export const QUICK_PLAN: ScrollPlan = {
  ...FULL_PLAN,
  flings: 4,
  dragMs: 1000,
  jumps: 8,
};

/**
 * The CI plan of the album's grid (bench/albums.bench.ts): what it gates is counts (draw calls,
 * heap, DOM nodes, every jump showing thumbnails); its script times are reported, not gated. The
 * trash keeps QUICK_PLAN: its script ratio against the timeline beside it is gated, and fewer
 * frames make that p95 noisier (bench/README: "the trash / timeline p95 gate is noisy").
 */
export const QUICK_ALBUM_PLAN: ScrollPlan = {
  ...QUICK_PLAN,
  flings: 2,
  jumps: 4,
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
  const [figures] = await runScrollScripts([driver], plan);
  return figures;
}

/**
 * The script on several grids at once, phase by phase: every grid runs the flings, then every
 * grid the drag, then every grid the jumps, the order turning by one each phase (A B, B A, A B).
 * A ratio of two grids' figures then compares frames measured minutes apart at most, not one
 * grid's whole script against the other's: on a shared machine the load drifts over a run, and
 * run one after the other the two scripts met different loads (CI: 0.31 against 0.27 the same day).
 */
export async function runScrollScripts(
  drivers: readonly GridDriver[],
  plan: ScrollPlan,
): Promise<ScriptFigures[]> {
  const runs = await Promise.all(drivers.map((driver) => ScriptRun.start(driver, plan)));
  const phases = ['flings', 'drag', 'jumps'] as const;
  for (const [index, name] of phases.entries()) {
    for (let k = 0; k < runs.length; k++) await runs[(k + index) % runs.length][name]();
  }
  return Promise.all(runs.map((run) => run.finish()));
}

class ScriptRun {
  private readonly phases: PhaseFigures[] = [];
  private readonly allCosts: FrameCosts[] = [];
  private samples: number[] = [];
  private timeouts = 0;
  private skipped = 0;

  private constructor(
    private readonly driver: GridDriver,
    private readonly plan: ScrollPlan,
    private readonly afterLoadNodes: number,
    private readonly afterLoadHeap: { usedMB: number },
  ) {}

  static async start(driver: GridDriver, plan: ScrollPlan): Promise<ScriptRun> {
    const nodes = await domNodes(driver.page);
    const heap = await heapAfterGc(driver.page);
    return new ScriptRun(driver, plan, nodes, heap);
  }

  private async phase(
    name: string,
    body: () => Promise<Record<string, unknown> | void>,
  ): Promise<void> {
    const { driver } = this;
    const { page } = driver;
    step(`${driver.name}: ${name}`);
    await driver.startWindow?.();
    const started = performance.now();
    const { value, costs, window } = await traced(page, `${driver.name}-${name}`, body);
    const seconds = round((performance.now() - started) / 1000, 1);
    const engine = await driver.endWindow?.();
    const long = await longFramesBetween(page, window.from, window.to);
    this.allCosts.push(costs);
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
    this.phases.push(figures);
    const { scriptMs } = figures;
    step(
      `${driver.name}: ${name}: ${figures.frames} frames, script/frame p50 ${scriptMs.p50} p95 ${scriptMs.p95} ms, ${figures.longFrames.count} long frames`,
    );
  }

  async flings(): Promise<void> {
    const { driver, plan } = this;
    const centre = await driver.gridCentre();
    await this.phase('flings', async () => {
      for (let i = 0; i < plan.flings; i++) {
        await smoothScroll(driver.page, centre, plan.flingPx, i % 3 !== 2, plan.flingSpeed);
        await sleep(plan.pauseMs);
      }
    });
  }

  async drag(): Promise<void> {
    await this.driver.toTop();
    await this.phase('drag', async () => ({
      ...(await this.driver.dragScroller(this.plan.dragMs)),
    }));
  }

  async jumps(): Promise<void> {
    const { driver, plan } = this;
    const fractions = jumpFractions(plan.jumps);
    await this.phase('jumps', async () => {
      let inARow = 0;
      for (const [i, fraction] of fractions.entries()) {
        if (inARow === 3) {
          this.skipped = fractions.length - i;
          step(`${driver.name}: 3 jumps in a row never showed thumbnails; ${this.skipped} skipped`);
          break;
        }
        const since = await pageNow(driver.page);
        await driver.jump(fraction);
        const done = await driver.thumbnailsDrawnAfter(since, plan.jumpTimeoutMs);
        inARow = done < 0 ? inARow + 1 : 0;
        if (done < 0) this.timeouts++;
        else this.samples.push(round(done - since, 1));
      }
    });
  }

  async finish(): Promise<ScriptFigures> {
    const { phases, allCosts, plan } = this;
    const merged = {
      script: allCosts.flatMap((c) => c.script),
      busy: allCosts.flatMap((c) => c.busy),
      interval: allCosts.flatMap((c) => c.interval),
    };
    return {
      grid: this.driver.name,
      plan,
      phases,
      overall: {
        ...summariseFrames(merged),
        longFrames: phases.reduce((n, p) => n + p.longFrames.count, 0),
        longFramesWithLongTask: phases.reduce((n, p) => n + p.longFrames.withLongTask, 0),
        longFrameMaxMs: Math.max(0, ...phases.map((p) => p.longFrames.maxMs)),
      },
      jumps: {
        fractions: jumpFractions(plan.jumps),
        toThumbnailsMs: distribution(this.samples),
        samplesMs: this.samples,
        timeouts: this.timeouts,
        skipped: this.skipped,
      },
      domNodes: {
        afterLoad: this.afterLoadNodes,
        max: Math.max(this.afterLoadNodes, ...phases.map((p) => p.domNodesAfter)),
      },
      heapAfterGcMB: {
        afterLoad: this.afterLoadHeap.usedMB,
        afterScript: (await heapAfterGc(this.driver.page)).usedMB,
      },
    };
  }
}
