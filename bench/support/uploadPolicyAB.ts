// Issue 19: the texture upload policies side by side in ONE run of ONE build. The engine's
// TextureCache switches policy at runtime (`uploadPolicy`, test-hook builds): "count" (a count
// per frame, whole layers, as before issue 19) and "budget" (a time budget measured on the
// frame, no large tier while flinging, large layers in bands). Arms go A B B A … so that a drift
// of the machine's load weighs on both alike; each arm flings over a region no arm saw before
// (a jump first), so no arm finds the thumbnails of another in the GPU pools.
import type { Page } from '@playwright/test';
import type { UploadPolicy } from '../../src/gallery/engine/texture';
import { longFramesBetween, pageNow } from './browser';
import { median, round, sleep, step, type Distribution } from './env';
import { engineSnapshot } from './galleryDriver';
import { smoothScroll, type GridDriver, type ScrollPlan } from './scrollScript';
import { summariseFrames, traced } from './trace';

export interface UploadArm {
  policy: UploadPolicy;
  startFraction: number;
  frames: number;
  scriptMs: Distribution;
  longFrames: number;
  /** Engine counters over the arm: upload ms per frame that uploaded, uploads per frame. */
  uploadMs: {
    p50: number;
    p95: number;
    max: number;
    mean: number;
    frames: number;
    overBudget: number;
  };
  uploadsPerFrame: number;
  maxUploads: number;
  engineFrameMsP95: number;
  /** Jumps (clicks on the fast scroller) before the flings: ms until the scene is ready. */
  jumpsMs: number[];
}

/** Jumps an arm makes before its flings, near its own region. */
const JUMPS_PER_ARM = 3;

const setPolicy = (page: Page, policy: UploadPolicy) =>
  page.evaluate((p) => {
    window.__capture!.gallery!.textures.uploadPolicy = p;
  }, policy);

/** Runs `rounds` × (count, budget) arms of the plan's flings in A B B A order. */
export async function uploadPolicyAB(driver: GridDriver, plan: ScrollPlan, rounds = 2) {
  const { page } = driver;
  const centre = await driver.gridCentre();
  const arms: UploadArm[] = [];
  const order: UploadPolicy[] = [];
  for (let r = 0; r < rounds; r++) {
    order.push(...((r % 2 === 0 ? ['count', 'budget'] : ['budget', 'count']) as UploadPolicy[]));
  }
  for (const [i, policy] of order.entries()) {
    const startFraction = round(0.1 + (0.8 * i) / order.length, 3);
    await setPolicy(page, policy);
    const jumpsMs: number[] = [];
    for (let j = JUMPS_PER_ARM - 1; j >= 0; j--) {
      const since = await pageNow(page);
      await driver.jump(round(startFraction - j * 0.02, 3));
      const done = await driver.thumbnailsDrawnAfter(since, plan.jumpTimeoutMs);
      jumpsMs.push(done < 0 ? -1 : round(done - since, 1));
    }
    await driver.startWindow?.();
    const started = await engineSnapshot(page);
    const { costs, window } = await traced(page, `upload-ab-${i}-${policy}`, async () => {
      for (let f = 0; f < plan.flings; f++) {
        await smoothScroll(page, centre, plan.flingPx, f % 3 !== 2, plan.flingSpeed);
        await sleep(plan.pauseMs);
      }
    });
    const end = await engineSnapshot(page);
    const long = await longFramesBetween(page, window.from, window.to);
    const summary = summariseFrames(costs);
    const frames = end.frames - started.frames;
    const arm: UploadArm = {
      policy,
      startFraction,
      frames: summary.frames,
      scriptMs: summary.scriptMs,
      longFrames: long.length,
      uploadMs: {
        p50: round(end.uploadTimes.p50),
        p95: round(end.uploadTimes.p95),
        max: round(end.uploadTimes.max),
        mean: round(end.uploadTimes.mean),
        frames: end.uploadTimes.frames,
        overBudget: end.uploadTimes.overBudget,
      },
      uploadsPerFrame: frames > 0 ? round((end.uploadsTotal - started.uploadsTotal) / frames) : 0,
      maxUploads: end.maxUploads,
      engineFrameMsP95: round(end.frameTimes.p95),
      jumpsMs,
    };
    arms.push(arm);
    step(
      `upload A/B ${i + 1}/${order.length} ${policy}: script p95 ${arm.scriptMs.p95} ms, upload ms/frame p95 ${arm.uploadMs.p95} max ${arm.uploadMs.max}, over budget ${arm.uploadMs.overBudget}/${arm.uploadMs.frames}, long frames ${arm.longFrames}, jumps ${jumpsMs.join(' ')} ms`,
    );
  }
  await setPolicy(page, 'budget');
  const byPolicy = (policy: UploadPolicy) => {
    const mine = arms.filter((a) => a.policy === policy);
    const med = (pick: (a: UploadArm) => number) => round(median(mine.map(pick)));
    return {
      arms: mine.length,
      scriptP95Ms: med((a) => a.scriptMs.p95),
      scriptP50Ms: med((a) => a.scriptMs.p50),
      longFrames: med((a) => a.longFrames),
      uploadMsP95: med((a) => a.uploadMs.p95),
      uploadMsMax: med((a) => a.uploadMs.max),
      uploadMsMean: med((a) => a.uploadMs.mean),
      overBudgetShare: med((a) =>
        a.uploadMs.frames > 0 ? a.uploadMs.overBudget / a.uploadMs.frames : 0,
      ),
      uploadsPerFrame: med((a) => a.uploadsPerFrame),
      jumpMsMedian: round(median(mine.flatMap((a) => a.jumpsMs.filter((ms) => ms >= 0)))),
    };
  };
  const count = byPolicy('count');
  const budget = byPolicy('budget');
  return {
    order,
    arms,
    medians: { count, budget },
    ratios: {
      scriptP95BudgetOverCount:
        count.scriptP95Ms > 0 ? round(budget.scriptP95Ms / count.scriptP95Ms, 3) : 0,
      uploadMsP95BudgetOverCount:
        count.uploadMsP95 > 0 ? round(budget.uploadMsP95 / count.uploadMsP95, 3) : 0,
      uploadMsMaxBudgetOverCount:
        count.uploadMsMax > 0 ? round(budget.uploadMsMax / count.uploadMsMax, 3) : 0,
    },
  };
}

/**
 * The large tier's side (issue 19): at the widest zoom level (rows of 396 px, tiles past 320 px
 * at DPR 1 want the 1,024² tier once the scroll rests), `rounds` × (count, budget) arms in A B B A
 * order, each of 3 jumps into a fresh region with 2 s after each for the large uploads; the
 * engine's upload ms per frame over the arm: whole 4 MiB layers ("count") against bands.
 */
export async function uploadPolicyLargeAB(driver: GridDriver, plan: ScrollPlan, rounds = 2) {
  const { page } = driver;
  // One level a press: a press during a zoom's transition is ignored.
  for (const level of [3, 4]) {
    await page.getByTestId('gallery').focus();
    await page.keyboard.press('+');
    await page.waitForFunction(
      (want) => {
        const s = window.__capture!.gallery!.snapshot();
        return s.zoomLevel === want && !s.zooming;
      },
      level,
      { polling: 100, timeout: 30_000 },
    );
  }
  const order: UploadPolicy[] = [];
  for (let r = 0; r < rounds; r++) {
    order.push(...((r % 2 === 0 ? ['count', 'budget'] : ['budget', 'count']) as UploadPolicy[]));
  }
  const arms = [];
  for (const [i, policy] of order.entries()) {
    await setPolicy(page, policy);
    await driver.startWindow?.();
    const started = await engineSnapshot(page);
    const jumpsMs: number[] = [];
    for (let j = 0; j < JUMPS_PER_ARM; j++) {
      const fraction = round(0.05 + (0.9 * (i * JUMPS_PER_ARM + j)) / (order.length * 3), 3);
      const since = await pageNow(page);
      await driver.jump(fraction);
      const done = await driver.thumbnailsDrawnAfter(since, plan.jumpTimeoutMs);
      jumpsMs.push(done < 0 ? -1 : round(done - since, 1));
      await sleep(2000);
    }
    const end = await engineSnapshot(page);
    const times = end.uploadTimes;
    const arm = {
      policy,
      uploadMs: {
        p50: round(times.p50),
        p95: round(times.p95),
        max: round(times.max),
        mean: round(times.mean),
        frames: times.frames,
        overBudget: times.overBudget,
      },
      uploads: end.uploadsTotal - started.uploadsTotal,
      largeBytesInUse: end.textureBytes.large,
      jumpsMs,
    };
    arms.push(arm);
    step(
      `upload A/B large ${i + 1}/${order.length} ${policy}: upload ms/frame p95 ${arm.uploadMs.p95} max ${arm.uploadMs.max}, over budget ${arm.uploadMs.overBudget}/${arm.uploadMs.frames}, uploads ${arm.uploads}, large MB ${round(arm.largeBytesInUse / 2 ** 20, 1)}`,
    );
  }
  await setPolicy(page, 'budget');
  return { zoomLevel: 4, order, arms };
}
