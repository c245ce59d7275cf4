/*
 * Albums bench (issue 13). A user of its own in the cached library, given once (kept between
 * runs) an album of 100,000 files (quick: 50,000) copied from the demo timeline, and 2,000
 * albums in all. Measured in Chromium with SwiftShader:
 * - the album page: the scroll bench's script on the album's grid (main-thread JS per frame,
 *   long frames, draw calls, DOM nodes, heap, jumps), the same budgets as the timeline;
 * - the album list: first paint of the tiles after the GET /jobs answer arrived, a search
 *   keystroke until the narrowed list is painted, and long tasks (> 50 ms) throughout.
 * Writes bench/results/albums.json; exits 1 when a target is missed.
 * Run: npx tsx bench/albums.bench.ts [--quick]
 */
import type { Page } from '@playwright/test';
import type { ServerContext } from '../server/context';
import { rebuildDayCounts } from '../server/db/dayCounts';
import { userByEmail } from '../server/db/users';
import { launchBrowser, newBenchPage, signIn } from './support/browser';
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
import { galleryDriver, waitForEngine, waitForScene } from './support/galleryDriver';
import { gridBudgets } from './support/gridBudgets';
import { ensureBenchUser } from './support/trashUsers';
import { QUICK_ALBUM_PLAN, FULL_PLAN, runScrollScript } from './support/scrollScript';
import { benchServers } from './support/servers';

const FILES = QUICK ? 200_000 : 1_000_000;
const ALBUM_FILES = QUICK ? 50_000 : 100_000;
const ALBUMS = 2_000;
const PLAN = QUICK ? QUICK_ALBUM_PLAN : FULL_PLAN;
const USER = { email: 'albums-bench@example.com', password: 'capture-demo' };
const BIG_TITLE = `Bench album of ${ALBUM_FILES} files`;
const KEYSTROKES = ['s', 'u', 'm', 'm', 'e', 'r'];

/** The bench user with its albums, made once in the cached library; the big album's uuid. */
async function ensureAlbums(ctx: ServerContext): Promise<string> {
  const db = ctx.db;
  const now = ctx.now();
  const user = await ensureBenchUser(ctx, USER, 'Album Bench');
  const big = db
    .prepare<[number, string], { uuid: string }>(
      `SELECT uuid FROM jobs WHERE owner_id = ? AND type = 'story' AND title = ? AND deleted = 0`,
    )
    .get(user.id, BIG_TITLE);
  if (big) return big.uuid;
  step(`giving ${USER.email} ${ALBUMS} albums, one of ${ALBUM_FILES} files (first run only)…`);
  const demo = userByEmail(db, 'demo@example.com')!;
  const demoTimeline = db
    .prepare<[number], { id: number }>(
      `SELECT id FROM jobs WHERE owner_id = ? AND type = 'timeline'`,
    )
    .get(demo.id)!.id;
  const insertJob = db.prepare(
    `INSERT INTO jobs (uuid, owner_id, type, title, ctime, mtime, last_update, permissions, privacy_mode)
     VALUES (?, ?, 'story', ?, ?, ?, ?, 3, ?)`,
  );
  // The album's files: the demo timeline's live files from the `from`-th on in id order, `count`
  // of them. The ids are read once: an ORDER BY id ... OFFSET per album sorted the whole timeline
  // 2,000 times (27 s of a fresh clone's quick bench). The unary + keeps SQLite on the rowid
  // range (without it, it picked the job index and scanned the whole timeline per album).
  const liveIds = db
    .prepare<[number], { id: number }>(
      'SELECT id FROM files WHERE job = ? AND deleted = 0 ORDER BY id',
    )
    .all(demoTimeline)
    .map((row) => row.id);
  const copyRange = db.prepare(
    `INSERT INTO files (tag, job, path, ctime, mtime, capture_time, uploaded, size, width, height,
       duration, kind, screenshot, checksum, group_type, group_id, master, blob, added_by)
     SELECT (id * 40503 + ?) % 65536, ?, path, ctime, mtime, capture_time, uploaded, size, width,
       height, duration, kind, screenshot, checksum, group_type, group_id, master, blob, ?
     FROM files WHERE id BETWEEN ? AND ? AND +job = ? AND +deleted = 0`,
  );
  const copy = (salt: number, job: number, addedBy: number, count: number, from: number) =>
    copyRange.run(salt, job, addedBy, liveIds[from], liveIds[from + count - 1], demoTimeline);
  const words = ['Summer', 'Winter', 'Trip', 'Family', 'Birthday', 'Hike', 'Wedding', 'Beach'];
  let firstJob: number | undefined;
  db.transaction(() => {
    for (let a = 0; a < ALBUMS; a++) {
      const title = a === 0 ? BIG_TITLE : `${words[a % words.length]} ${2000 + (a % 25)} #${a}`;
      const t = now - a * 3600;
      const job = Number(
        insertJob.run(crypto.randomUUID(), user.id, title, t, t, t, a % 3 ? 'private' : 'shared')
          .lastInsertRowid,
      );
      firstJob ??= job;
      copy(a, job, user.id, a === 0 ? ALBUM_FILES : 2, a * 2);
    }
  })();
  step('albums made; counting their days…');
  rebuildDayCounts(db, firstJob);
  return db
    .prepare<[number, string], { uuid: string }>(
      `SELECT uuid FROM jobs WHERE owner_id = ? AND title = ?`,
    )
    .get(user.id, BIG_TITLE)!.uuid;
}

/** Records when GET /jobs answered, and long tasks, before the app starts. */
function installProbes(): void {
  const w = window as unknown as {
    __bench: { jobsAt: number; longTasks: { start: number; duration: number }[] };
  };
  w.__bench = { jobsAt: -1, longTasks: [] };
  const fetch0 = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await fetch0(...args);
    const url = String(args[0] instanceof Request ? args[0].url : args[0]);
    if (/\/jobs\?/.test(url) && url.includes('stories=1')) w.__bench.jobsAt = performance.now();
    return response;
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task API: none counted, and the result says so.
  }
}

/** ms from the GET /jobs answer to the first frame painted with the album tiles. */
function firstTilesPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const w = window as unknown as { __bench: { jobsAt: number } };
        const deadline = performance.now() + 60_000;
        const tick = () => {
          if (document.querySelector('[data-testid="album-tile"]') && w.__bench.jobsAt > 0) {
            // This frame's paint follows this callback: the next one starts after it.
            requestAnimationFrame(() => resolve(performance.now() - w.__bench.jobsAt));
          } else if (performance.now() > deadline) reject(new Error('no album tiles'));
          else requestAnimationFrame(tick);
        };
        tick();
      }),
  );
}

/** Types one key in the search; ms from the key event to the commit of the narrowed list. */
async function keystroke(page: Page, key: string): Promise<number> {
  // Armed before the key is sent: the listener must be in place when the key arrives.
  await page.evaluate(() => {
    const w = window as unknown as { __keystrokeMs: number | null };
    w.__keystrokeMs = null;
    const input = document.querySelector<HTMLInputElement>('[data-testid="albums-search"]')!;
    const list = document.querySelector<HTMLElement>('[data-testid="albums-page"]')!;
    input.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        // The list has rendered for the new text once the page says it filtered by it (React
        // commits the attribute with the narrowed list).
        const observer = new MutationObserver(() => {
          if (list.dataset.query !== input.value) return;
          w.__keystrokeMs = performance.now() - start;
          observer.disconnect();
        });
        observer.observe(list, { attributes: true, attributeFilter: ['data-query'] });
      },
      { once: true },
    );
  });
  await page.keyboard.press(key);
  const handle = await page.waitForFunction(
    () => (window as unknown as { __keystrokeMs: number | null }).__keystrokeMs,
    null,
    { timeout: 10_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

const app = await buildApp('dist-bench', { testHooks: true });
const servers = await benchServers(FILES, app.outDir);
const albumId = await ensureAlbums(servers.context);
const { browser, version: chromiumVersion } = await launchBrowser();

try {
  // The album page: the scroll script on the album's grid.
  const page = await newBenchPage(browser);
  await signIn(page, servers, `/albums/${albumId}`, {
    credentials: USER,
    readyTestId: 'album-page',
  });
  await waitForEngine(page);
  const firstScene = await waitForScene(page, 0, 120_000);
  if (firstScene < 0) throw new Error('the album never showed its first thumbnails');
  const album = await runScrollScript(galleryDriver(page), PLAN);
  await page.context().close();

  // The album list: 2,000 albums.
  step('album list: signing in');
  const listPage = await newBenchPage(browser);
  await listPage.addInitScript(installProbes);
  await signIn(listPage, servers, '/albums', {
    credentials: USER,
    readyTestId: 'albums-page',
  });
  step('album list: first paints');
  const paints: number[] = [];
  for (let i = 0; i < (QUICK ? 3 : 5); i++) {
    if (i > 0) await listPage.reload();
    paints.push(await firstTilesPaint(listPage));
  }
  const tiles = await listPage.getByTestId('album-tile').count();
  step(`album list: ${tiles} tiles; typing`);
  await listPage.getByTestId('albums-search').focus();
  const strokes: number[] = [];
  for (const key of KEYSTROKES) strokes.push(await keystroke(listPage, key));
  for (let i = 0; i < KEYSTROKES.length; i++) strokes.push(await keystroke(listPage, 'Backspace'));
  // Long tasks from the moment the list's data arrived (the app's start-up is the shell's).
  const longTasks = await listPage.evaluate(() => {
    const { jobsAt, longTasks: tasks } = (
      window as unknown as {
        __bench: { jobsAt: number; longTasks: { start: number; duration: number }[] };
      }
    ).__bench;
    return tasks
      .filter((task) => task.start + task.duration >= jobsAt)
      .map((task) => task.duration);
  });
  await listPage.context().close();

  const paint = distribution(paints);
  const search = distribution(strokes);
  const { drawCalls, heapMB, targets: budgets } = gridBudgets('album', album, PLAN);
  const targets = [
    ...budgets,
    target('list: first paint after data p50 (ms)', paint.p50, 300, '<=', { timing: true }),
    target('list: search keystroke → result p95 (ms)', search.p95, 16, '<=', {
      timing: true,
    }),
    target('list: long tasks > 50 ms (count)', longTasks.filter((d) => d > 50).length, 0, '<=', {
      timing: true,
    }),
  ];
  const headlines: Headline[] = [
    {
      label: `album of ${ALBUM_FILES} files: script/frame p50 | p95`,
      value: `${album.overall.scriptMs.p50} | ${album.overall.scriptMs.p95}`,
      unit: 'ms',
    },
    {
      label: 'album: draw calls max, DOM nodes max, heap',
      value: `${drawCalls}, ${album.domNodes.max}, ${heapMB} MB`,
    },
    { label: 'album: jump → thumbnails p50', value: album.jumps.toThumbnailsMs.p50, unit: 'ms' },
    { label: `list of ${ALBUMS}: first paint after data p50`, value: paint.p50, unit: 'ms' },
    {
      label: 'list: keystroke → result p50 | p95',
      value: `${search.p50} | ${search.p95}`,
      unit: 'ms',
    },
    { label: 'list: longest task', value: round(Math.max(0, ...longTasks)), unit: 'ms' },
  ];
  const file = writeResult('albums', {
    machine: machine(chromiumVersion),
    versions: versions(['three', '@react-three/fiber', 'react', 'vite', '@playwright/test']),
    setup: {
      files: FILES,
      albumFiles: ALBUM_FILES,
      albums: ALBUMS,
      tilesRendered: tiles,
      plan: PLAN,
      firstPaint:
        'from the moment fetch resolved GET /jobs (stories=1) to the animation frame after the first album tile is in the DOM',
      keystroke:
        'keydown timeStamp to the commit of the list filtered by the new text (a MutationObserver on its data-query); "summer" typed then erased',
      longTasks:
        'PerformanceObserver longtask on the last load of the list page, from the GET /jobs answer through typing',
    },
    album: { ...album, firstSceneMs: round(firstScene), drawCallsMax: drawCalls },
    list: {
      firstPaintMs: paint,
      keystrokeMs: search,
      keystrokeSamplesMs: strokes.map((ms) => round(ms)),
      longTasksMs: longTasks.map((d) => round(d)),
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
