/*
 * Trash bench (issue 15). Two users of its own in the cached library:
 * - one with 200,000 files in the trash (quick: 50,000), deleted over the last 90 days: the
 *   scroll bench's script on /deleted_items/photos (the trash's TimelineSource on the engine),
 *   with the timeline's budgets;
 * - one with 10,000 files in the trash (quick: 2,000), put back in the trash before each run:
 *   "restore all" from the page — the whole restore (SPEC §7 multi_rollback, batches of 200, 5 at
 *   a time), how often its progress moved, and the main thread's long tasks while it ran.
 * Writes bench/results/trash.json; exits 1 when a target is missed.
 * Run: npx tsx bench/trash.bench.ts [--quick]
 */
import type { Page } from '@playwright/test';
import { hashPassword } from '../server/auth/password';
import type { ServerContext } from '../server/context';
import { TRASH_PAGE_MAX } from '../src/api/contract/trash';
import { trashFile, type FileRow } from '../server/db/files';
import { createUser, timelineJobOf, userByEmail } from '../server/db/users';
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
import { galleryDriver, waitForEngine, waitForScene } from './support/galleryDriver';
import { FULL_PLAN, QUICK_PLAN, runScrollScripts } from './support/scrollScript';
import { benchServers } from './support/servers';

const FILES = QUICK ? 200_000 : 1_000_000;
const TRASH_FILES = QUICK ? 50_000 : 200_000;
const RESTORE_FILES = QUICK ? 2_000 : 10_000;
const PLAN = QUICK ? QUICK_PLAN : FULL_PLAN;
const SCROLLER = { email: `trash-bench-${TRASH_FILES}@example.com`, password: 'capture-demo' };
const RESTORER = { email: `restore-bench-${RESTORE_FILES}@example.com`, password: 'capture-demo' };
const DAY = 86_400;

/**
 * The user, made once in the cached library with `count` files copied from the demo timeline
 * straight into the trash (deleted over the last 89 days); their timeline's row id.
 */
async function ensureTrashUser(
  ctx: ServerContext,
  credentials: { email: string; password: string },
  count: number,
): Promise<number> {
  const db = ctx.db;
  const now = ctx.now();
  let user = userByEmail(db, credentials.email);
  if (!user) {
    createUser(db, {
      email: credentials.email,
      name: 'Trash Bench',
      passwordHash: await hashPassword(credentials.password),
      now,
    });
    user = userByEmail(db, credentials.email)!;
  }
  // Room for everything it restores (seeded files average megabytes: 10,000 exceed 15 GiB).
  db.prepare('UPDATE users SET max_space = ? WHERE id = ?').run(1024 ** 5, user.id);
  const timeline = timelineJobOf(db, user.id)!.id;
  const have = db
    .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM files WHERE job = ?')
    .get(timeline)!.n;
  if (have >= count) return timeline;
  step(`putting ${count} files in the trash of ${credentials.email} (first run only)…`);
  const demo = timelineJobOf(db, userByEmail(db, 'demo@example.com')!.id)!.id;
  // Trashed files are not in day_counts (it counts live files), so nothing else to update.
  db.prepare(
    `INSERT INTO files (tag, job, path, ctime, mtime, capture_time, uploaded, size, width, height,
       duration, kind, screenshot, checksum, group_type, group_id, master, blob, deleted, dtime)
     SELECT (id * 40503 + 7) % 65536, ?, path, ctime, mtime, capture_time, uploaded, size, width,
       height, duration, kind, screenshot, checksum, group_type, group_id, master, blob, 1,
       ? - (id * 7919) % (89 * ${DAY})
     FROM files WHERE job = ? AND deleted = 0 AND kind != 2 ORDER BY id LIMIT ?`,
  ).run(timeline, now, demo, count);
  return timeline;
}

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
await ensureTrashUser(servers.context, SCROLLER, TRASH_FILES);
const restorerTimeline = await ensureTrashUser(servers.context, RESTORER, RESTORE_FILES);
resetRestorer(servers.context, restorerTimeline);
const { browser, version: chromiumVersion } = await launchBrowser();

try {
  // The timeline of the same library beside the trash, phase by phase (runScrollScripts): the
  // trash keeps the timeline's budgets, and the ratio compares frames of one moment.
  step('the timeline and the trash: the scroll script, side by side');
  const timelinePage = await newBenchPage(browser);
  await signIn(timelinePage, servers, '/photos');
  await waitForEngine(timelinePage);
  if ((await waitForScene(timelinePage, 0, 120_000)) < 0) throw new Error('no timeline scene');

  step(`trash of ${TRASH_FILES} files`);
  const page = await newBenchPage(browser);
  // Pages of GET /trash_can over the load and the script: the trash fetches a page near the end
  // of what it holds, not a chain of them by itself (a view left at the bottom by a drag stays on
  // what it shows; ScrollAnchor's end rule).
  let trashPages = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/trash_can') trashPages += 1;
  });
  await signIn(page, servers, '/deleted_items/photos', {
    credentials: SCROLLER,
    readyTestId: 'trash',
  });
  await waitForEngine(page);
  const firstScene = await waitForScene(page, 0, 120_000);
  if (firstScene < 0) throw new Error('the trash never showed its first thumbnails');
  const [timeline, trash] = await runScrollScripts(
    [galleryDriver(timelinePage), galleryDriver(page)],
    PLAN,
  );
  await timelinePage.context().close();
  await page.context().close();

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

  const drawCalls = Math.max(0, ...trash.phases.map((p) => Number(p.engine?.maxDrawCalls ?? 0)));
  const heapMB = Math.max(trash.heapAfterGcMB.afterLoad, trash.heapAfterGcMB.afterScript);
  const longest = Math.max(0, ...restore.longTasksMs);
  const ratios = {
    scriptP95TrashOverTimeline: round(
      trash.overall.scriptMs.p95 / Math.max(0.01, timeline.overall.scriptMs.p95),
      3,
    ),
  };
  const targets = [
    target(
      'trash / timeline script time per frame p95 (same run)',
      ratios.scriptP95TrashOverTimeline,
      1.5,
      '<=',
    ),
    target('trash: script time per frame p95 (ms)', trash.overall.scriptMs.p95, 4, '<=', {
      timing: true,
    }),
    target('trash: long animation frames (> 50 ms)', trash.overall.longFrames, 0, '<=', {
      timing: true,
    }),
    target('trash: draw calls per frame (max)', drawCalls, 5, '<='),
    target('trash: JS heap after GC (MB)', heapMB, 150, '<='),
    target('trash: DOM nodes (max)', trash.domNodes.max, 1000, '<='),
    target(
      `trash: jumps showing thumbnails (of ${PLAN.jumps})`,
      trash.jumps.samplesMs.length,
      PLAN.jumps,
      '>=',
    ),
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
      label: `trash of ${TRASH_FILES} files: script/frame p50 | p95`,
      value: `${trash.overall.scriptMs.p50} | ${trash.overall.scriptMs.p95}`,
      unit: 'ms',
    },
    {
      label: 'timeline, same run: script/frame p50 | p95',
      value: `${timeline.overall.scriptMs.p50} | ${timeline.overall.scriptMs.p95}`,
      unit: 'ms',
    },
    { label: 'trash first screen after sign-in', value: round(firstScene), unit: 'ms' },
    {
      label: `trash: pages of GET /trash_can over the script (of ${Math.ceil(TRASH_FILES / TRASH_PAGE_MAX)})`,
      value: trashPages,
    },
    {
      label: 'trash: draw calls max, DOM nodes max, heap',
      value: `${drawCalls}, ${trash.domNodes.max}, ${heapMB} MB`,
    },
    { label: 'trash: jump → thumbnails p50', value: trash.jumps.toThumbnailsMs.p50, unit: 'ms' },
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
      trashFiles: TRASH_FILES,
      restoreFiles: RESTORE_FILES,
      plan: PLAN,
      restore:
        'a click on Restore all until the "restored" toast and the emptied grid; long tasks (PerformanceObserver longtask) from the click; progress: each distinct text of the progress toast',
    },
    ratios,
    timeline: { overall: timeline.overall, jumps: timeline.jumps },
    trash: {
      ...trash,
      firstSceneMs: round(firstScene),
      drawCallsMax: drawCalls,
      trashPagesFetched: trashPages,
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
