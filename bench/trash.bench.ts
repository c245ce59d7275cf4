/*
 * Trash bench (issue 15): a user of its own in the cached library with 10,000 files in the trash
 * (quick: 2,000), put back in the trash before each run: "restore all" from the page — the whole
 * restore (SPEC §7 multi_rollback, batches of 200, 5 at a time), how often its progress moved, and
 * the main thread's long tasks while it ran. The trash's grid is scrolled in the scroll bench,
 * beside the timeline whose frames it is compared with (support/trashGrid.ts).
 * Writes bench/results/trash.json; exits 1 when a target is missed.
 * Run: npx tsx bench/trash.bench.ts [--quick]
 */
import type { Page } from '@playwright/test';
import type { ServerContext } from '../server/context';
import { trashFile, type FileRow } from '../server/db/files';
import { launchBrowser, newBenchPage, signIn } from './support/browser';
import { buildApp } from './support/build';
import {
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
import { waitForEngine, waitForScene } from './support/galleryDriver';
import { benchServers } from './support/servers';
import { DAY, ensureTrashUser } from './support/trashUsers';

/** The cached bench library of the scroll bench (its trash user is there too). */
const FILES = QUICK ? 200_000 : 1_000_000;
const RESTORE_FILES = QUICK ? 2_000 : 10_000;
const RESTORER = { email: `restore-bench-${RESTORE_FILES}@example.com`, password: 'capture-demo' };

/** Puts every file of the restorer's timeline back in the trash (a previous run restored them). */
function resetRestorer(ctx: ServerContext, timeline: number): void {
  const db = ctx.db;
  const now = ctx.now();
  const live = db
    .prepare<[number], FileRow>('SELECT * FROM files WHERE job = ? AND deleted = 0')
    .all(timeline);
  if (live.length === 0) return;
  step(`putting the ${live.length} files restored last run back in the trash…`);
  db.transaction(() => {
    for (const [i, row] of live.entries()) trashFile(db, row, now - (i % 80) * DAY);
  })();
}

/** Long tasks and the progress toast's texts, recorded from the start of the page. */
function installProbes(): void {
  const w = window as unknown as {
    __bench: { longTasks: { start: number; duration: number }[]; progress: string[] };
  };
  w.__bench = { longTasks: [], progress: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task API: none counted.
  }
  const seen = () => {
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      const text = toast.textContent ?? '';
      if (/Restoring/.test(text) && w.__bench.progress.at(-1) !== text) {
        w.__bench.progress.push(text);
      }
    }
  };
  new MutationObserver(seen).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

interface RestoreFigures {
  ms: number;
  progressTexts: string[];
  longTasksMs: number[];
}

async function restoreAll(page: Page): Promise<RestoreFigures> {
  const started = await page.evaluate(() => performance.now());
  await page.getByTestId('trash-restore-all').click();
  const outcome = page.getByTestId('toast').filter({ hasText: /items? restored|incomplete/i });
  await outcome.waitFor({ timeout: 600_000 });
  const text = (await outcome.textContent()) ?? '';
  if (/incomplete/i.test(text)) throw new Error(`restore all did not finish: ${text}`);
  // And the grid has taken them out (everything restored: the trash is empty).
  await page.getByTestId('trash-empty').waitFor({ timeout: 120_000 });
  return page.evaluate((from) => {
    const { longTasks, progress } = (
      window as unknown as {
        __bench: { longTasks: { start: number; duration: number }[]; progress: string[] };
      }
    ).__bench;
    return {
      ms: performance.now() - from,
      progressTexts: progress,
      longTasksMs: longTasks
        .filter((task) => task.start + task.duration >= from)
        .map((task) => task.duration),
    };
  }, started);
}

const app = await buildApp('dist-bench', { testHooks: true });
const servers = await benchServers(FILES, app.outDir);
const restorerTimeline = await ensureTrashUser(servers.context, RESTORER, RESTORE_FILES);
resetRestorer(servers.context, restorerTimeline);
const { browser, version: chromiumVersion } = await launchBrowser();

try {
  step(`restore all of ${RESTORE_FILES} files`);
  const restorePage = await newBenchPage(browser);
  await restorePage.addInitScript(installProbes);
  await signIn(restorePage, servers, '/deleted_items/photos', {
    credentials: RESTORER,
    readyTestId: 'trash',
  });
  await waitForEngine(restorePage);
  await waitForScene(restorePage, 0, 120_000);
  const restore = await restoreAll(restorePage);
  await restorePage.context().close();
  const restored = servers.context.db
    .prepare<[number], { n: number }>(
      'SELECT COUNT(*) AS n FROM files WHERE job = ? AND deleted = 0',
    )
    .get(restorerTimeline)!.n;

  const longest = Math.max(0, ...restore.longTasksMs);
  const targets = [
    target(`restore all: files restored (of ${RESTORE_FILES})`, restored, RESTORE_FILES, '>='),
    // One step per finished batch of 200: the count moves while it runs, not only at the end.
    target(
      'restore all: progress steps shown',
      restore.progressTexts.length,
      Math.min(10, RESTORE_FILES / 200),
      '>=',
    ),
    target('restore all: longest main-thread task (ms)', longest, 50, '<=', { timing: true }),
  ];
  const headlines: Headline[] = [
    {
      label: `restore all of ${RESTORE_FILES}: time, progress steps`,
      value: `${round(restore.ms / 1000, 1)} s, ${restore.progressTexts.length}`,
    },
    { label: 'restore all: longest task', value: round(longest), unit: 'ms' },
  ];
  const file = writeResult('trash', {
    machine: machine(chromiumVersion),
    versions: versions(['three', '@react-three/fiber', 'react', 'vite', '@playwright/test']),
    setup: {
      files: FILES,
      restoreFiles: RESTORE_FILES,
      restore:
        'a click on Restore all until the "restored" toast and the emptied grid; long tasks (PerformanceObserver longtask) from the click; progress: each distinct text of the progress toast',
      scroll: "the trash's grid is scrolled in the scroll bench (scroll.json `trash`)",
    },
    restore: {
      ms: round(restore.ms),
      restored,
      progressSteps: restore.progressTexts.length,
      progressSample: restore.progressTexts.slice(0, 5),
      longTasksMs: restore.longTasksMs.map((d) => round(d)),
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
