/*
 * Carousel bench (issue 12): the viewer opened from the timeline of 1,000,000 files (quick:
 * 200,000). Click on a tile → first viewer pixels and → the 1280 image sharp; steps with the
 * neighbours preloaded (→ the new 1280 image shown); ArrowRight held for 10 s (quick: 4 s) at
 * a 30 Hz key repeat, sampling every animation frame for a blank stage; the JS heap and the
 * images kept before and after; long tasks (> 50 ms) while stepping and zooming.
 * Writes bench/results/carousel.json; exits 1 when a target is missed.
 * Run: npx tsx bench/carousel.bench.ts [--quick]
 */
import type { CDPSession, Page } from '@playwright/test';
import { heapAfterGc, launchBrowser, newBenchPage, signIn, VIEWPORT } from './support/browser';
import { buildApp } from './support/build';
import {
  distribution,
  machine,
  QUICK,
  reportTargets,
  round,
  step,
  target,
  versions,
  writeResult,
  type Headline,
} from './support/env';
import { engineSnapshot, waitForEngine, waitForScene } from './support/galleryDriver';
import { backAtFit, neighboursPreloaded, scrolledFrom } from './support/viewerWaits';
import { benchServers } from './support/servers';

const FILES = QUICK ? 200_000 : 1_000_000;
const STEPS = QUICK ? 8 : 20;
const HOLD_MS = QUICK ? 4_000 : 10_000;
const OPENS = QUICK ? 3 : 5;

/** Installed before the app: long tasks, and a probe the bench arms before each action. */
function installProbes(): void {
  const w = window as unknown as {
    __benchLongTasks: { start: number; duration: number }[];
  };
  w.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__benchLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task API: the count stays 0 and the result says so.
  }
}

/**
 * Resolves (ms since `since`) at the first animation frame where `ready()` holds, checked every
 * frame: the time until the user can see it. -1 when the file turns out to be a video (its
 * player, or its checking/processing state, mounts after the step, so a step cannot tell at once).
 */
function untilFrame(page: Page, check: 'first' | 'sharp', fileId: string | null, since: number) {
  return page.evaluate(
    ({ check, fileId, since }) =>
      new Promise<number>((resolve, reject) => {
        const deadline = performance.now() + 20_000;
        const tick = () => {
          const viewer = document.querySelector<HTMLElement>('[data-testid="carousel"]');
          const ok =
            viewer &&
            (fileId === null || viewer.dataset.fileId === fileId) &&
            [...viewer.querySelectorAll<HTMLImageElement>('.carousel-stage__image')].some(
              (img) =>
                img.complete &&
                img.naturalWidth > 0 &&
                (check === 'first' || img.classList.contains('is-loaded')),
            );
          if (ok) resolve(performance.now() - since);
          else if (viewer?.querySelector('video, .carousel-video__state')) resolve(-1);
          else if (performance.now() > deadline) reject(new Error(`no ${check} frame`));
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { check, fileId, since },
  );
}

const now = (page: Page) => page.evaluate(() => performance.now());

/**
 * Main-thread time (script, style, layout, paint setup: Chromium's TaskDuration) spent between
 * two points: under SwiftShader the wall clock also holds software raster in the GPU process,
 * which says nothing of the app (developers' guide).
 */
async function mainThreadSeconds(page: Page): Promise<number> {
  const cdp = await cdpFor(page);
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
}
const cdps = new WeakMap<Page, CDPSession>();
async function cdpFor(page: Page) {
  let cdp = cdps.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    cdps.set(page, cdp);
  }
  return cdp;
}
const longTasksSince = (page: Page, from: number) =>
  page.evaluate(
    (from) =>
      (
        window as unknown as { __benchLongTasks: { start: number; duration: number }[] }
      ).__benchLongTasks.filter((t) => t.start >= from),
    from,
  );

/**
 * A photo's tile in the middle of the screen, in page coordinates, with its file id. A photo:
 * the figures are about images (a video opens its player, which has no 1280 image).
 */
async function middleTile(page: Page) {
  const box = (await page.getByTestId('gallery').boundingBox())!;
  return page.evaluate((origin) => {
    const g = window.__capture!.gallery!;
    const { composer, timeline } = g;
    for (let i = 0; i < composer.visibleCount; i++) {
      const t = composer.visibleTiles[i];
      if (t.item < 0 || t.y < 100 || t.y + t.h > g.viewportHeight - 100) continue;
      // FILE_KIND.video is 1.
      if (timeline.sections[t.section]?.files?.kinds[t.item] === 1) continue;
      return {
        id: timeline.fileId(t.section, t.item),
        x: origin.x + t.x + t.w / 2,
        y: origin.y + t.y + t.h / 2,
      };
    }
    throw new Error('no whole tile on screen');
  }, box);
}

const app = await buildApp('dist-bench', { testHooks: true });
const servers = await benchServers(FILES, app.outDir);
const { browser, version: chromiumVersion } = await launchBrowser();
try {
  const page = await newBenchPage(browser);
  await page.addInitScript(installProbes);
  step(`${FILES.toLocaleString('en')} files; signing in to ${servers.webUrl}`);
  await signIn(page, servers);
  await waitForEngine(page);
  await waitForScene(page, 0, 120_000);

  // Open from a tile, then close, a few times at different places.
  const first: number[] = [];
  const firstMain: number[] = [];
  const sharp: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const from = (await engineSnapshot(page)).position;
    await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    await page.mouse.wheel(0, 2_500);
    // A pixel wheel moves the position when its event is handled; then the new screen settles.
    await scrolledFrom(page, from);
    const frames = (await engineSnapshot(page)).frames;
    await waitForScene(page, frames, 60_000);
    const tile = await middleTile(page);
    const busy0 = await mainThreadSeconds(page);
    const t0 = await now(page);
    await page.mouse.click(tile.x, tile.y);
    first.push(round(await untilFrame(page, 'first', tile.id, t0)));
    firstMain.push(round(((await mainThreadSeconds(page)) - busy0) * 1000));
    sharp.push(round(await untilFrame(page, 'sharp', tile.id, t0)));
    if (i < OPENS - 1) {
      await page.keyboard.press('Escape');
      await page.getByTestId('carousel').waitFor({ state: 'detached' });
    }
  }
  step(`open → first pixels ${JSON.stringify(first)} ms; → 1280 sharp ${JSON.stringify(sharp)} ms`);

  // Steps with the neighbours preloaded: wait for them, then step and time the new image.
  const heapBefore = await heapAfterGc(page);
  const stepStart = await now(page);
  const steps: number[] = [];
  const stepsMain: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    await neighboursPreloaded(page);
    const next = await page.getByTestId('carousel-next').isEnabled();
    if (!next) break;
    const before = await page.getByTestId('carousel').getAttribute('data-file-id');
    const busy0 = await mainThreadSeconds(page);
    const t0 = await now(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (id) =>
        document.querySelector('[data-testid="carousel"]')?.getAttribute('data-file-id') !== id,
      before,
    );
    const id = await page.getByTestId('carousel').getAttribute('data-file-id');
    // A video shows its player, not a 1280 image: no figure for that step.
    const sharp = await untilFrame(page, 'sharp', id, t0);
    if (sharp < 0) continue;
    steps.push(round(sharp));
    stepsMain.push(round(((await mainThreadSeconds(page)) - busy0) * 1000));
  }
  const stepLongTasks = await longTasksSince(page, stepStart);
  step(`steps → new 1280 shown ${JSON.stringify(steps)} ms`);

  // Holding → at a 30 Hz key repeat: is any frame blank?
  const holdStart = await now(page);
  const hold = await page.evaluate(
    (holdMs) =>
      new Promise<{ frames: number; blank: number; steps: number }>((resolve) => {
        let frames = 0;
        let blank = 0;
        const seen = new Set<string>();
        const end = performance.now() + holdMs;
        const press = setInterval(() => {
          document.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
          );
        }, 33);
        const tick = () => {
          const viewer = document.querySelector<HTMLElement>('[data-testid="carousel"]');
          frames++;
          if (viewer?.dataset.fileId) seen.add(viewer.dataset.fileId);
          const shown = [
            ...(viewer?.querySelectorAll<HTMLImageElement>('.carousel-stage__image') ?? []),
          ].some((img) => img.complete && img.naturalWidth > 0);
          const video = viewer?.querySelector('video, .carousel-video__state');
          if (!shown && !video) blank++;
          if (performance.now() < end) requestAnimationFrame(tick);
          else {
            clearInterval(press);
            resolve({ frames, blank, steps: seen.size });
          }
        };
        requestAnimationFrame(tick);
      }),
    HOLD_MS,
  );
  const holdLongTasks = await longTasksSince(page, holdStart);
  const heapAfter = await heapAfterGc(page);
  const imagesInDom = await page.locator('[data-testid="carousel"] img').count();
  step(`hold → ${JSON.stringify(hold)}; heap ${heapBefore.usedMB} → ${heapAfter.usedMB} MB`);

  // Zoom: + three times (the original starts loading), pan, back to fit. The keys come 250 ms
  // apart on purpose: that is the input measured (a user pressing + four times a second, as the
  // hold above is a 30 Hz repeat), not a wait for something; each zoom goes on from the last
  // one's target, not from its animation. Waiting for each animation to rest instead took
  // 13-17 s under load (frames at 2-3 per second) against 1.5 s.
  const zoomStart = await now(page);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('+');
    await page.waitForTimeout(250);
  }
  const stage = (await page.locator('.carousel-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width / 2 - 200, stage.y + stage.height / 2 - 100, {
    steps: 20,
  });
  await page.mouse.up();
  await page.keyboard.press('0');
  // Back to fit (until issue 35, 500 ms), then one more frame so the zoom's long tasks are reported.
  await backAtFit(page);
  const zoomLongTasks = await longTasksSince(page, zoomStart);

  const firstDist = distribution(first);
  const firstMainDist = distribution(firstMain);
  const stepMainDist = distribution(stepsMain);
  const sharpDist = distribution(sharp);
  const stepDist = distribution(steps);
  const longest = (tasks: { duration: number }[]) =>
    round(tasks.reduce((m, t) => Math.max(m, t.duration), 0));
  const targets = [
    target('click → first viewer pixels, main-thread median (ms)', firstMainDist.p50, 100, '<=', {
      timing: true,
    }),
    target('click → 1280 image sharp, median (ms)', sharpDist.p50, 400, '<=', { timing: true }),
    target(
      'step with preloaded neighbours → new image, main-thread median (ms)',
      stepMainDist.p50,
      50,
      '<=',
      {
        timing: true,
      },
    ),
    target('blank frames while holding → (count)', hold.blank, 0, '<='),
    target('images kept in the viewer (count)', imagesInDom, 3, '<='),
    target(
      'JS heap growth over the steps and the hold (MB)',
      heapAfter.usedMB - heapBefore.usedMB,
      16,
      '<=',
    ),
    target(
      'long tasks > 50 ms while stepping, holding or zooming (count)',
      stepLongTasks.length + holdLongTasks.length + zoomLongTasks.length,
      0,
      '<=',
      { timing: true },
    ),
  ];
  const headlines: Headline[] = [
    {
      label: 'click → first pixels, main thread (p50 | max)',
      value: `${firstMainDist.p50} | ${firstMainDist.max}`,
      unit: 'ms',
    },
    {
      label: 'step → new image, main thread (p50 | p95)',
      value: `${stepMainDist.p50} | ${stepMainDist.p95}`,
      unit: 'ms',
    },
    {
      label: 'click → first pixels (p50 | max)',
      value: `${firstDist.p50} | ${firstDist.max}`,
      unit: 'ms',
    },
    {
      label: 'click → 1280 sharp (p50 | max)',
      value: `${sharpDist.p50} | ${sharpDist.max}`,
      unit: 'ms',
    },
    {
      label: 'step → new image (p50 | p95)',
      value: `${stepDist.p50} | ${stepDist.p95}`,
      unit: 'ms',
    },
    {
      label: `holding → ${HOLD_MS / 1000} s: files shown | frames | blank`,
      value: `${hold.steps} | ${hold.frames} | ${hold.blank}`,
    },
    {
      label: 'heap after GC (before | after)',
      value: `${heapBefore.usedMB} | ${heapAfter.usedMB}`,
      unit: 'MB',
    },
    {
      label: 'longest task stepping | holding | zooming',
      value: `${longest(stepLongTasks)} | ${longest(holdLongTasks)} | ${longest(zoomLongTasks)}`,
      unit: 'ms',
    },
  ];
  const file = writeResult('carousel', {
    machine: machine(chromiumVersion),
    versions: versions([
      'react',
      '@react-spring/web',
      '@use-gesture/react',
      'vite',
      '@playwright/test',
    ]),
    setup: {
      files: FILES,
      viewport: VIEWPORT,
      opens: `${OPENS} clicks on a tile in the middle of the screen, each after a wheel scroll of 2,500 px`,
      mainThread:
        'Chromium TaskDuration (CDP Performance.getMetrics) between just before the action and the frame it is timed to: the main thread’s busy time',
      firstPixels:
        'performance.now() from just before the click to the first animation frame with a decoded image in the viewer (the tile’s 256 thumbnail)',
      sharp: 'to the first frame where the 1280 image is decoded and shown (is-loaded)',
      steps: `${STEPS} ArrowRight presses, each once the ±2 neighbours are decoded ahead (the test hook carouselPreload), each timed to its 1280 shown`,
      hold: `ArrowRight key-down events at 30 Hz for ${HOLD_MS} ms; a frame is blank when the stage shows no decoded image and no video`,
      longTasks: 'PerformanceObserver longtask entries (> 50 ms) of the page’s main thread',
    },
    figures: {
      first,
      sharp,
      steps,
      hold,
      heapBefore,
      heapAfter,
      imagesInDom,
      stepLongTasks,
      holdLongTasks,
      zoomLongTasks,
    },
    headlines,
    targets,
  });
  reportTargets(headlines, targets);
  step(`wrote ${file}`);
} finally {
  await browser.close();
  await servers.close();
}
