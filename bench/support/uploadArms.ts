// Texture uploads in fresh regions (issue 19), `scroll.bench.ts --upload-arms`: arms of jumps and
// flings, each over a region no arm saw before (a jump first), so no arm finds the thumbnails of
// another in the GPU pools; and arms at the widest zoom, where every tile wants its large layer.
// Per arm the engine's upload ms per frame (texture/UploadBudget.ts) and the script time.
//
// Until issue 35 these arms alternated two policies on one page, switched at runtime: "count"
// (the allowance alone and whole layers, as before issue 19) and "budget" (the one kept). That
// comparison settled issue 19 (bench/README.md, "Issue 19: texture uploads on a time budget",
// five runs); the "count" arm was production code kept only for it and left the engine in
// issue 35. What is measured now is the budget alone: there is no A/B any more.
import { longFramesBetween, pageNow } from './browser';
import { median, round, sleep, step, type Distribution } from './env';
import { engineSnapshot } from './galleryDriver';
import { smoothScroll, type GridDriver, type ScrollPlan } from './scrollScript';
import { summariseFrames, traced } from './trace';

export interface UploadArm {
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

/** Runs `count` arms of the plan's flings, each after jumps into a region of its own. */
export async function uploadArms(driver: GridDriver, plan: ScrollPlan, count = 4) {
  const { page } = driver;
  const centre = await driver.gridCentre();
  const arms: UploadArm[] = [];
  for (let i = 0; i < count; i++) {
    const startFraction = round(0.1 + (0.8 * i) / count, 3);
    const jumpsMs: number[] = [];
    for (let j = JUMPS_PER_ARM - 1; j >= 0; j--) {
      const since = await pageNow(page);
      await driver.jump(round(startFraction - j * 0.02, 3));
      const done = await driver.thumbnailsDrawnAfter(since, plan.jumpTimeoutMs);
      jumpsMs.push(done < 0 ? -1 : round(done - since, 1));
    }
    await driver.startWindow?.();
    const started = await engineSnapshot(page);
    const { costs, window } = await traced(page, `upload-arm-${i}`, async () => {
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
      `upload arm ${i + 1}/${count}: script p95 ${arm.scriptMs.p95} ms, upload ms/frame p95 ${arm.uploadMs.p95} max ${arm.uploadMs.max}, over budget ${arm.uploadMs.overBudget}/${arm.uploadMs.frames}, long frames ${arm.longFrames}, jumps ${jumpsMs.join(' ')} ms`,
    );
  }
  const med = (pick: (a: UploadArm) => number) => round(median(arms.map(pick)));
  return {
    arms,
    medians: {
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
      jumpMsMedian: round(median(arms.flatMap((a) => a.jumpsMs.filter((ms) => ms >= 0)))),
    },
  };
}

/**
 * The large tier (issue 19): at the widest zoom level (rows of 396 px, tiles past 320 px at DPR 1
 * want the 1,024² tier once the scroll rests), `count` arms, each of 3 jumps into a fresh region
 * with 2 s after each for the large uploads (in bands); the engine's upload ms per frame.
 */
export async function largeTierArms(driver: GridDriver, plan: ScrollPlan, count = 4) {
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
  const arms = [];
  for (let i = 0; i < count; i++) {
    await driver.startWindow?.();
    const started = await engineSnapshot(page);
    const jumpsMs: number[] = [];
    for (let j = 0; j < JUMPS_PER_ARM; j++) {
      const fraction = round(0.05 + (0.9 * (i * JUMPS_PER_ARM + j)) / (count * 3), 3);
      const since = await pageNow(page);
      await driver.jump(fraction);
      const done = await driver.thumbnailsDrawnAfter(since, plan.jumpTimeoutMs);
      jumpsMs.push(done < 0 ? -1 : round(done - since, 1));
      await sleep(2000);
    }
    const end = await engineSnapshot(page);
    const times = end.uploadTimes;
    const arm = {
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
      `upload arm large ${i + 1}/${count}: upload ms/frame p95 ${arm.uploadMs.p95} max ${arm.uploadMs.max}, over budget ${arm.uploadMs.overBudget}/${arm.uploadMs.frames}, uploads ${arm.uploads}, large MB ${round(arm.largeBytesInUse / 2 ** 20, 1)}`,
    );
  }
  return { zoomLevel: 4, arms };
}
