/*
 * Scroll bench: the same scroll script (wheel flings, a drag of the scroller from top to bottom,
 * 20 jumps) against /photos (GPU grid), the DOM-grid baseline (bench/baselines/dom-grid) and the
 * trash's grid (/deleted_items/photos over 200,000 trashed files, quick: 50,000; issue 15,
 * support/trashGrid.ts), side by side, over a seeded library of 1,000,000 files (--quick:
 * 200,000), in Chromium with SwiftShader. The timeline's frames serve both ratios: ours against
 * the DOM grid, the trash against the timeline.
 * Under SwiftShader GPU time and FPS say nothing: the figures are main-thread JS (see
 * support/trace.ts), long animation frames, engine counters, DOM nodes and heap.
 * Writes bench/results/scroll.json; exits 1 when a target is missed.
 * --upload-arms: then texture uploads in fresh regions and at the widest zoom (issue 19,
 * support/uploadArms.ts), in scroll.json `uploadArms`.
 * Run: npx tsx bench/scroll.bench.ts [--quick] [--upload-arms]
 */
import { domGridDriver, domGridReach, openDomGrid } from './baselines/dom-grid/driver';
import {
  launchBrowser,
  longFramesSupported,
  newBenchPage,
  signIn,
  storedSession,
  VIEWPORT,
} from './support/browser';
import { buildApp, buildDomGrid } from './support/build';
import {
  machine,
  reportTargets,
  QUICK,
  round,
  step,
  target,
  versions,
  writeResult,
  type Headline,
} from './support/env';
import {
  galleryDriver,
  waitForEngine,
  waitForScene,
  type EngineSnapshot,
} from './support/galleryDriver';
import { FULL_PLAN, QUICK_PLAN, runScrollScripts } from './support/scrollScript';
import { benchServers } from './support/servers';
import { openTrashGrid, trashFigures } from './support/trashGrid';
import { serveStatic } from './support/staticServer';
import { largeTierArms, uploadArms } from './support/uploadArms';

const UPLOAD_ARMS = process.argv.includes('--upload-arms');

const FILES = QUICK ? 200_000 : 1_000_000;
const PLAN = QUICK ? QUICK_PLAN : FULL_PLAN;
/**
 * "Bounded": the page keeps under this many elements whatever the library's size and wherever
 * it scrolls (the README compares 200,000, 1,000,000 and 2,000,000 files).
 */
const DOM_NODE_BUDGET = 1000;

function roundedUploadMs(times: EngineSnapshot['uploadTimes'] | undefined) {
  if (!times) return undefined;
  const { p50, p95, max, mean, frames, overBudget } = times;
  return {
    p50: round(p50),
    p95: round(p95),
    max: round(max),
    mean: round(mean),
    frames,
    overBudget,
  };
}

const app = await buildApp('dist-bench', { testHooks: true });
const domBuild = await buildDomGrid();
const domWeb = await serveStatic(domBuild.outDir);
// The DOM-grid page calls the API from its own origin: the API allows registered web origins only.
const servers = await benchServers(FILES, app.outDir, [domWeb.url]);
const { browser, version: chromiumVersion } = await launchBrowser();

try {
  step(`${FILES.toLocaleString('en')} files; signing in to ${servers.webUrl}`);
  const page = await newBenchPage(browser);
  await signIn(page, servers);
  await waitForEngine(page);
  const firstScene = await waitForScene(page, 0, 120_000);
  if (firstScene < 0) throw new Error('the timeline never showed its first thumbnails');
  const loafSupported = await longFramesSupported(page);
  const session = await storedSession(page);
  const basePage = await newBenchPage(browser);
  await openDomGrid(basePage, domWeb.url, session);
  step('the trash beside them');
  const trashGrid = await openTrashGrid(browser, servers);
  // Side by side, phase by phase (runScrollScripts): the ratios compare frames of one moment.
  const [ours, baseline, trashScript] = await runScrollScripts(
    [galleryDriver(page), domGridDriver(basePage), trashGrid.driver],
    PLAN,
  );
  const reach = await domGridReach(basePage);
  await basePage.context().close();
  const trash = trashFigures(ours, trashScript, trashGrid, PLAN);
  await trashGrid.close();
  const uploadArmsResult = UPLOAD_ARMS
    ? {
        ...(await uploadArms(galleryDriver(page), PLAN)),
        largeTier: await largeTierArms(galleryDriver(page), PLAN),
      }
    : undefined;
  await page.context().close();

  const engineMax = (key: 'maxDrawCalls' | 'maxUploads') =>
    Math.max(0, ...ours.phases.map((p) => Number(p.engine?.[key] ?? 0)));
  const uploadsPerFrame = ours.phases.map((p) => ({
    phase: p.phase,
    mean: round(Number(p.engine?.uploadsPerFrame ?? 0), 2),
    max: Number(p.engine?.maxUploads ?? 0),
    // Main-thread ms of texture uploads per frame that uploaded (issue 19), and the frames
    // whose uploads took over FRAME_UPLOAD_BUDGET_MS.
    uploadMs: roundedUploadMs(p.engine?.uploadMs as EngineSnapshot['uploadTimes'] | undefined),
  }));
  const heapMB = Math.max(ours.heapAfterGcMB.afterLoad, ours.heapAfterGcMB.afterScript);
  const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 3) : 0);
  const ratios = {
    scriptP95OursOverDomGrid: ratio(ours.overall.scriptMs.p95, baseline.overall.scriptMs.p95),
    scriptP50OursOverDomGrid: ratio(ours.overall.scriptMs.p50, baseline.overall.scriptMs.p50),
    busyP95OursOverDomGrid: ratio(ours.overall.busyMs.p95, baseline.overall.busyMs.p95),
    ...trash.ratios,
  };
  const targets = [
    target('script time per frame p95 (ms)', ours.overall.scriptMs.p95, 4, '<=', { timing: true }),
    target('long animation frames (> 50 ms)', ours.overall.longFrames, 0, '<=', {
      timing: true,
    }),
    target('draw calls per frame (max)', engineMax('maxDrawCalls'), 5, '<='),
    target('JS heap after GC (MB)', heapMB, 150, '<='),
    target(
      `DOM nodes (max; bounded at ${DOM_NODE_BUDGET})`,
      ours.domNodes.max,
      DOM_NODE_BUDGET,
      '<=',
    ),
    target(
      `jumps showing thumbnails (of ${PLAN.jumps})`,
      ours.jumps.samplesMs.length,
      PLAN.jumps,
      '>=',
    ),
    target('script p95 ours / DOM grid', ratios.scriptP95OursOverDomGrid, round(1 / 3, 3), '<='),
    ...trash.targets,
  ];
  const headlines: Headline[] = [
    {
      label: 'script/frame p50 ours | DOM grid',
      value: `${ours.overall.scriptMs.p50} | ${baseline.overall.scriptMs.p50}`,
      unit: 'ms',
    },
    {
      label: 'script/frame p95 ours | DOM grid',
      value: `${ours.overall.scriptMs.p95} | ${baseline.overall.scriptMs.p95}`,
      unit: 'ms',
    },
    {
      label: 'long frames ours | DOM grid',
      value: `${ours.overall.longFrames} | ${baseline.overall.longFrames}`,
    },
    {
      label: 'heap after GC ours | DOM grid',
      value: `${heapMB} | ${baseline.heapAfterGcMB.afterScript}`,
      unit: 'MB',
    },
    {
      label: 'DOM nodes max ours | DOM grid',
      value: `${ours.domNodes.max} | ${baseline.domNodes.max}`,
    },
    {
      label: 'jump → thumbnails p50 ours | DOM grid',
      value: `${ours.jumps.toThumbnailsMs.p50} | ${baseline.jumps.toThumbnailsMs.p50}`,
      unit: 'ms',
    },
    {
      label: 'draw calls max, uploads/frame max',
      value: `${engineMax('maxDrawCalls')}, ${engineMax('maxUploads')}`,
    },
    ...trash.headlines,
  ];

  const file = writeResult('scroll', {
    machine: machine(chromiumVersion),
    versions: versions([
      'three',
      '@react-three/fiber',
      'react',
      '@tanstack/react-virtual',
      'vite',
      '@playwright/test',
    ]),
    setup: {
      files: FILES,
      dataDir: servers.dataDir,
      viewport: VIEWPORT,
      plan: PLAN,
      chromium: 'headless, SwiftShader WebGL2 (--use-angle=swiftshader), --enable-gpu-benchmarking',
      flings:
        'chrome.gpuBenchmarking.smoothScrollBy, mouse wheel with precise deltas, at the grid centre; 2 down, 1 up, repeated',
      scriptTime:
        'CDP trace per phase: frames are spans between BeginMainThreadFrame events of the renderer main thread; script = union of JS events (FunctionCall, EventDispatch, FireAnimationFrame, TimerFire, HandlePostMessage, microtask checkpoints, compile/evaluate) inside each frame; busy = union of all top-level tasks',
      longFrames: `PerformanceObserver long-animation-frame (supported: ${loafSupported})`,
      heap: 'CDP HeapProfiler.collectGarbage then Runtime.getHeapUsage (main thread; workers excluded)',
      trash:
        "a user's /deleted_items/photos: files of the demo timeline copied into the trash, deleted over the last 89 days (support/trashUsers.ts); the gallery driver, as ours",
      jumps:
        'ours: a click on the fast scroller track; DOM grid: scrollTop = fraction; time until the viewport tiles all have their thumbnails',
      builds: { app: app.seconds, domGrid: domBuild.seconds },
      seededSeconds: servers.seededSeconds,
    },
    ours: {
      ...ours,
      firstSceneMs: round(firstScene),
      drawCallsMax: engineMax('maxDrawCalls'),
      uploadsPerFrame,
    },
    domGrid: { ...baseline, reach },
    trash: trash.record,
    ratios,
    ...(uploadArmsResult ? { uploadArms: uploadArmsResult } : {}),
    headlines,
    targets,
    targetsMet: targets.every((t) => t.met),
  });
  step(`wrote ${file}`);
  reportTargets(headlines, targets);
} finally {
  await browser.close();
  await domWeb.close();
  await servers.close();
}
