/*
 * Scale bench: /photos over the 2,000,000-file library. Time from navigation start to the first
 * thumbnails drawn (engine snapshot: texturesReady > 0 and tiles > 0) and to a full first screen,
 * JS heap after GC, DOM nodes, and the proof that the oldest month is reached: End, then the date
 * at the bottom of the viewport against the last section's year/month; and twenty PageDowns
 * from the top at a desktop (1280×800) and a TV (3840×2160 at DPR 1) viewport, timed to a full
 * screen of thumbnails, side by side (issue 20 fault 6: a TV must fill as fast as a desktop).
 * Skipped with --quick. Writes bench/results/scale.json; exits 1 when a target is missed.
 * Run: npx tsx bench/scale.bench.ts
 */
import type { Page } from '@playwright/test';
import {
  domNodes,
  heapAfterGc,
  launchBrowser,
  newBenchPage,
  pageNow,
  signIn,
  VIEWPORT,
} from './support/browser';
import { buildApp } from './support/build';
import {
  machine,
  median,
  reportTargets,
  QUICK,
  round,
  sleep,
  step,
  target,
  versions,
  writeResult,
  type Headline,
} from './support/env';
import {
  engineSnapshot,
  waitForEngine,
  waitForScene,
  waitForThumbnails,
} from './support/galleryDriver';
import { benchServers } from './support/servers';

const FILES = 2_000_000;
const LOADS = 3;

if (QUICK) {
  console.log('scale: skipped with --quick (the 2,000,000-file library is for the full run)');
  process.exit(0);
}

/**
 * Installed before the app's scripts: once the engine is published, checks each frame for the
 * first thumbnails and for a full first screen; both in ms since navigation start.
 */
function watchFirstFrames(): void {
  const marks: { firstThumbnails?: number; fullScreen?: number } = {};
  (window as unknown as { __benchLoad: typeof marks }).__benchLoad = marks;
  const attach = () => {
    const gallery = window.__capture?.gallery;
    if (!gallery) {
      setTimeout(attach, 10);
      return;
    }
    const stop = gallery.onFrame(() => {
      const s = gallery.snapshot();
      if (marks.firstThumbnails === undefined && s.texturesReady > 0 && s.tiles > 0)
        marks.firstThumbnails = performance.now();
      const full =
        s.tiles > 0 &&
        s.texturesLoading === 0 &&
        s.sectionsFetching === 0 &&
        s.visibleRange.first.item >= 0 &&
        !s.fastScrolling;
      if (marks.firstThumbnails !== undefined && full) {
        marks.fullScreen = performance.now();
        stop();
      }
    });
  };
  attach();
}

async function loadOnce(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      (window as unknown as { __benchLoad?: { fullScreen?: number } }).__benchLoad?.fullScreen !==
      undefined,
    null,
    { timeout: 120_000, polling: 100 },
  );
  const marks = await page.evaluate(
    () =>
      (window as unknown as { __benchLoad: { firstThumbnails: number; fullScreen: number } })
        .__benchLoad,
  );
  return { firstThumbnailsMs: round(marks.firstThumbnails), fullScreenMs: round(marks.fullScreen) };
}

const PAGE_DOWNS = 20;
const TV = { width: 3840, height: 2160 } as const;

/**
 * At `viewport`: from the top, twenty PageDowns as fast as a held key sends them, then the page
 * clock from the last until no tile on screen is grey (every one has a thumbnail) and until
 * the screen is sharp (every wanted tier uploaded).
 */
async function pageDowns(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('Home');
  await sleep(500);
  await waitForScene(page, (await engineSnapshot(page)).frames, 60_000);
  for (let i = 0; i < PAGE_DOWNS; i++) {
    await page.keyboard.press('PageDown');
    await sleep(30);
  }
  const pressed = await pageNow(page);
  // The scroll animates on after the last key: readiness counts from its end.
  await page.waitForFunction(() => !window.__capture!.gallery!.scroll.moving, null, {
    timeout: 30_000,
    polling: 50,
  });
  const settled = (await engineSnapshot(page)).frames;
  const thumbnails = await waitForThumbnails(page, settled, 60_000);
  const sharp = await waitForScene(page, settled, 60_000);
  const position = (await engineSnapshot(page)).position;
  return {
    viewport,
    position: Math.round(position),
    thumbnailsMs: thumbnails >= 0 ? round(thumbnails - pressed) : -1,
    sharpMs: sharp >= 0 ? round(sharp - pressed) : -1,
  };
}

const app = await buildApp('dist-bench', { testHooks: true });
const servers = await benchServers(FILES, app.outDir);
const { browser, version: chromiumVersion } = await launchBrowser();
try {
  const page = await newBenchPage(browser);
  await page.addInitScript(watchFirstFrames);
  step(`${FILES.toLocaleString('en')} files; signing in to ${servers.webUrl}`);
  await signIn(page, servers);
  await waitForEngine(page);
  await waitForScene(page, 0, 120_000);

  const loads = [];
  for (let i = 0; i < LOADS; i++) {
    loads.push(await loadOnce(page, `${servers.webUrl}/photos`));
    step(`load ${i + 1}: ${JSON.stringify(loads[i])}`);
  }
  const heapAfterLoad = await heapAfterGc(page);
  const nodesAfterLoad = await domNodes(page);
  const top = await engineSnapshot(page);

  step('End → the oldest month');
  const beforeEnd = top.frames;
  const pressed = performance.now();
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('End');
  await page.waitForFunction(
    () => {
      const g = window.__capture!.gallery!;
      return g.scroll.position >= g.scroll.maxPosition - 1 && g.scroll.maxPosition > 0;
    },
    null,
    { timeout: 60_000, polling: 100 },
  );
  const endReady = await waitForScene(page, beforeEnd, 60_000);
  const endMs = round(performance.now() - pressed);
  const end = await page.evaluate(() => {
    const g = window.__capture!.gallery!;
    const last = g.timeline.sectionCount - 1;
    const bottom = g.timeline.dateAt(g.scroll.position + g.scroll.viewportHeight - 5);
    return {
      oldestSection: { year: g.timeline.sectionYear(last), month: g.timeline.sectionMonth(last) },
      dateAtBottom: { year: bottom.year, month: bottom.month },
      position: g.scroll.position,
      maxPosition: g.scroll.maxPosition,
    };
  });
  const reached =
    end.dateAtBottom.year === end.oldestSection.year &&
    end.dateAtBottom.month === end.oldestSection.month;
  const heapAtEnd = await heapAfterGc(page);
  const nodesAtEnd = await domNodes(page);
  const endSnapshot = await engineSnapshot(page);

  step('twenty PageDowns: desktop, then TV');
  const desktopJump = await pageDowns(page, VIEWPORT);
  const tvJump = await pageDowns(page, TV);
  step(
    `PageDowns → no grey tile: desktop ${desktopJump.thumbnailsMs} ms, TV ${tvJump.thumbnailsMs} ms`,
  );
  const tvOverDesktop =
    desktopJump.thumbnailsMs > 0 && tvJump.thumbnailsMs > 0
      ? round(tvJump.thumbnailsMs / desktopJump.thumbnailsMs)
      : Number.POSITIVE_INFINITY;

  const firstThumbnails = median(loads.map((l) => l.firstThumbnailsMs));
  const fullScreen = median(loads.map((l) => l.fullScreenMs));
  const heapMB = Math.max(heapAfterLoad.usedMB, heapAtEnd.usedMB);
  const targets = [
    target('oldest month reached with End (1 = yes)', reached && endReady >= 0 ? 1 : 0, 1, '>='),
    target('JS heap after GC at 2,000,000 files (MB)', heapMB, 150, '<='),
    target('draw calls per frame (max)', endSnapshot.maxDrawCalls, 5, '<='),
    target(
      'TV: no grey tile 2.5 s after 20 PageDowns (1 = yes)',
      tvJump.thumbnailsMs >= 0 && tvJump.thumbnailsMs <= 2500 ? 1 : 0,
      1,
      '>=',
    ),
    target('20 PageDowns → no grey tile, TV / desktop', tvOverDesktop, 1.5, '<='),
  ];
  const headlines: Headline[] = [
    { label: 'navigation → first thumbnails (median)', value: firstThumbnails, unit: 'ms' },
    { label: 'navigation → full first screen (median)', value: fullScreen, unit: 'ms' },
    { label: 'End → oldest month drawn', value: endReady >= 0 ? endMs : 'timeout', unit: 'ms' },
    {
      label: 'heap after GC (load | End)',
      value: `${heapAfterLoad.usedMB} | ${heapAtEnd.usedMB}`,
      unit: 'MB',
    },
    { label: 'DOM nodes (load | End)', value: `${nodesAfterLoad} | ${nodesAtEnd}` },
    {
      label: '20 PageDowns → no grey tile | sharp (desktop; TV)',
      value: `${desktopJump.thumbnailsMs} | ${desktopJump.sharpMs}; ${tvJump.thumbnailsMs} | ${tvJump.sharpMs}`,
      unit: 'ms',
    },
  ];
  const file = writeResult('scale', {
    machine: machine(chromiumVersion),
    versions: versions(['three', '@react-three/fiber', 'react', 'vite', '@playwright/test']),
    setup: {
      files: FILES,
      dataDir: servers.dataDir,
      viewport: VIEWPORT,
      loads: `${LOADS} navigations to /photos, signed in (median reported); the first sign-in load is not counted`,
      firstThumbnails:
        'performance.now() (since navigation start) at the first engine frame with texturesReady > 0 and tiles > 0',
      fullScreen:
        'the first frame after that with every viewport tile textured and its sections loaded',
      seededSeconds: servers.seededSeconds,
    },
    figures: {
      loads,
      firstThumbnailsMs: firstThumbnails,
      fullScreenMs: fullScreen,
      sections: top.sections,
      contentHeightPx: Math.round(top.contentHeight),
      heapAfterGcMB: { afterLoad: heapAfterLoad.usedMB, atEnd: heapAtEnd.usedMB },
      domNodes: { afterLoad: nodesAfterLoad, atEnd: nodesAtEnd },
      end: { ...end, reached, sceneReady: endReady >= 0, ms: endMs },
      drawCallsMax: endSnapshot.maxDrawCalls,
      pageDowns: { desktop: desktopJump, tv: tvJump, tvOverDesktop },
    },
    headlines,
    targets,
    targetsMet: targets.every((t) => t.met),
  });
  step(`wrote ${file}`);
  reportTargets(headlines, targets);
} finally {
  await browser.close();
  await servers.close();
}
