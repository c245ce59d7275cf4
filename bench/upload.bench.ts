/*
 * Upload bench (issue 8): 1,000 small JPEGs through the real pipeline (checksum worker,
 * files_dedup, XHR upload, five at a time) against the contract server, on /photos in Chromium:
 * throughput, and long tasks / long animation frames over 50 ms on the main thread while they
 * upload. Then one 2 GiB file (sparse on disk): it must upload with a flat JS heap, since the
 * file is only ever read in chunks (worker) or streamed by the browser (XHR).
 * Writes bench/results/upload.json; exits 1 when a target is missed.
 * Run: npx tsx bench/upload.bench.ts [--quick]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServers } from '../server/main';
import {
  launchBrowser,
  longFramesBetween,
  longFramesSupported,
  newBenchPage,
  pageNow,
  signIn,
} from './support/browser';
import { buildApp } from './support/build';
import { waitForEngine, waitForScene } from './support/galleryDriver';
import {
  machine,
  QUICK,
  reportTargets,
  round,
  sleep,
  step,
  target,
  versions,
  writeResult,
  type Headline,
} from './support/env';
import { writeSmallJpegs, writeSparseFile } from './support/uploadFiles';
import { waitForHook } from '../tests/e2e/support/hooks';

const SMALL_FILES = QUICK ? 300 : 1000;
const BIG_BYTES = QUICK ? 256 * 1024 ** 2 : 2 * 1024 ** 3;
/** "Flat": the main thread's heap may not grow by more than this while the big file uploads. */
const HEAP_GROWTH_LIMIT_MB = 32;
const LONG_TASK_MS = 50;

interface UploadSummary {
  total: number;
  succeeded: number;
  active: number;
  rejected: number;
}

/** Long tasks (the 'longtask' entry type) kept from the first script on. */
function observeLongTasks(): void {
  const store: { start: number; duration: number }[] = [];
  (window as unknown as { __benchLongTasks: typeof store }).__benchLongTasks = store;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        store.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // Not supported: the count stays empty.
  }
}

async function longTasksBetween(page: Page, from: number, to: number) {
  const all = await page.evaluate(
    () =>
      (window as unknown as { __benchLongTasks?: { start: number; duration: number }[] })
        .__benchLongTasks ?? [],
  );
  return all.filter((t) => t.start >= from && t.start < to);
}

async function summary(page: Page): Promise<UploadSummary> {
  return page.evaluate(() => {
    const items = window.__capture?.upload?.store.getState().items ?? [];
    const count = (s: string) => items.filter((i) => i.status === s).length;
    return {
      total: items.length,
      succeeded: count('Succeeded'),
      rejected: count('Rejected'),
      active: items.length - count('Succeeded') - count('Rejected') - count('Cancelled'),
    };
  });
}

async function waitForQueue(
  page: Page,
  count: number,
  timeoutMs: number,
  onTick?: () => Promise<void>,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await summary(page);
    if (s.total >= count && s.active === 0) return s;
    if (Date.now() > deadline) throw new Error(`uploads did not finish: ${JSON.stringify(s)}`);
    await onTick?.();
    await sleep(250);
  }
}

async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 2 ** 20;
  } finally {
    await cdp.detach();
  }
}

const run = randomBytes(4).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'capture-upload-bench-data-'));
const filesDir = mkdtempSync(path.join(tmpdir(), 'capture-upload-bench-files-'));
const app = await buildApp('dist-bench', { testHooks: true });
// A small fresh library: uploads write real blobs, so a cached library would grow every run.
const servers = await startServers({
  dataDir,
  apiPort: 0,
  webPort: 0,
  distDir: app.outDir,
  seed: { files: 500, users: 2, albums: 3, trash: 0 },
});
const { browser, version: chromiumVersion } = await launchBrowser();

try {
  step(`writing ${SMALL_FILES} JPEGs and a ${round(BIG_BYTES / 2 ** 30, 2)} GiB sparse file`);
  const small = await writeSmallJpegs(filesDir, `bench-${run}`, SMALL_FILES);
  const big = writeSparseFile(
    path.join(filesDir, `bench-${run}-big.mp4`),
    BIG_BYTES,
    `bench-${run}`,
  );

  const page = await newBenchPage(browser);
  await page.addInitScript(observeLongTasks);
  await signIn(page, servers.webUrl!);
  await waitForHook(page, 'upload');
  // The timeline's own first load is not the upload's cost: measure once its scene is ready.
  await waitForEngine(page);
  await waitForScene(page, 0, 120_000);
  const loafSupported = await longFramesSupported(page);

  step(`uploading ${SMALL_FILES} small files`);
  const from = await pageNow(page);
  const started = performance.now();
  await page.getByTestId('upload-input').setInputFiles(small);
  const smallResult = await waitForQueue(page, SMALL_FILES, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const to = await pageNow(page);
  const frames = await longFramesBetween(page, from, to);
  const tasks = await longTasksBetween(page, from, to);
  const smallBytes = small.reduce((sum, file) => sum + statSync(file).size, 0);
  const longestTask = Math.max(0, ...tasks.map((t) => t.duration));
  const longestFrame = Math.max(0, ...frames.map((f) => f.duration));
  step(
    `${smallResult.succeeded} uploaded in ${round(seconds, 1)} s; ${tasks.length} long tasks, ${frames.length} long frames`,
  );

  // Clear the finished queue (closing the panel after an upload), then the big file.
  await page.getByTestId('upload-close').click();
  step(`uploading the ${round(BIG_BYTES / 2 ** 30, 2)} GiB file`);
  const heapBefore = await heapMB(page);
  let heapMax = heapBefore;
  const bigStarted = performance.now();
  await page.getByTestId('upload-input').setInputFiles(big);
  const bigResult = await waitForQueue(page, 1, 1_800_000, async () => {
    heapMax = Math.max(heapMax, await heapMB(page));
  });
  const bigSeconds = (performance.now() - bigStarted) / 1000;
  const heapGrowth = heapMax - heapBefore;
  step(
    `big file: ${bigResult.succeeded === 1 ? 'uploaded' : 'FAILED'} in ${round(bigSeconds, 1)} s, heap +${round(heapGrowth, 1)} MB`,
  );

  const headlines: Headline[] = [
    { label: 'small files uploaded', value: smallResult.succeeded },
    { label: 'throughput', value: round(SMALL_FILES / seconds, 1), unit: 'files/s' },
    { label: 'longest main-thread task while uploading', value: round(longestTask, 1), unit: 'ms' },
    {
      label: `big file (${round(BIG_BYTES / 2 ** 30, 2)} GiB)`,
      value: round(BIG_BYTES / 2 ** 20 / bigSeconds, 1),
      unit: 'MB/s',
    },
    { label: 'heap growth during the big upload', value: round(heapGrowth, 1), unit: 'MB' },
  ];
  const targets = [
    target('small files all succeeded', smallResult.succeeded, SMALL_FILES, '>='),
    target(`long tasks over ${LONG_TASK_MS} ms while uploading`, tasks.length, 0, '<=', {
      timing: true,
    }),
    ...(loafSupported
      ? [
          target(
            `long animation frames over ${LONG_TASK_MS} ms while uploading`,
            frames.length,
            0,
            '<=',
            { timing: true },
          ),
        ]
      : []),
    target('big file succeeded', bigResult.succeeded, 1, '>='),
    target('heap growth during the big upload (MB)', heapGrowth, HEAP_GROWTH_LIMIT_MB, '<='),
  ];
  writeResult('upload', {
    machine: machine(chromiumVersion),
    versions: versions(['hash-wasm', 'idb', 'zustand']),
    small: {
      files: SMALL_FILES,
      bytes: smallBytes,
      seconds: round(seconds, 2),
      filesPerSecond: round(SMALL_FILES / seconds, 1),
      megabytesPerSecond: round(smallBytes / 2 ** 20 / seconds, 2),
      longTasks: tasks.map((t) => ({ start: round(t.start), duration: round(t.duration) })),
      longFrames: frames,
      longFramesSupported: loafSupported,
      longestTaskMs: round(longestTask, 1),
      longestFrameMs: round(longestFrame, 1),
    },
    big: {
      bytes: BIG_BYTES,
      seconds: round(bigSeconds, 2),
      megabytesPerSecond: round(BIG_BYTES / 2 ** 20 / bigSeconds, 1),
      heapBeforeMB: round(heapBefore, 1),
      heapMaxMB: round(heapMax, 1),
      heapGrowthMB: round(heapGrowth, 1),
    },
    headlines,
    targets,
  });
  reportTargets(headlines, targets);
} finally {
  await browser.close();
  await servers.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
}
