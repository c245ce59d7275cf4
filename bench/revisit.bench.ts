/*
 * Revisit bench (issue 19, "Targets for the second visit"): /photos opened a first time with
 * nothing kept on the device, then three times more as a returning user, side by side in one
 * run, same library, same browser context (so the service worker, its Cache API thumbnails and
 * the persisted timeline in IndexedDB carry over; the HTTP cache is on and shared by all visits,
 * as a returning user's would be: the first visit is "nothing of the user kept", not a cold
 * browser). Measured:
 * - navigation → first thumbnails and → full first screen, first visit and the median of three
 *   second visits, and their ratio (the quick run gates the ratio: absolute times are noise on
 *   the shared 2-core machines);
 * - requests that reach the network until the first screen is full (every tile on screen with
 *   its thumbnail, its sections loaded; the prefetch margin's thumbnails, which the texture loader
 *   starts only once the screen is in, are not the first screen's): a page request not answered
 *   by the service worker, or one the worker itself sends (its network-first page, a cache miss);
 *   and among them thumbnails already fetched on the first visit. Each is logged with when it
 *   started (ms since navigation) and, for a thumbnail, whether its tile was on screen;
 * - section heights: the height each section starts at on a visit (its first frame with the
 *   months) against the exact layout of the first visit, for every section laid out then;
 * - the fast scroller's thumb, sampled every animation frame: from navigation until the first
 *   screen is full, and from a click on its track (a jump to a place seen on the first visit)
 *   until that screen is full: how far it moves on its own while sections load;
 * - the thumbnail cache after jumping and flinging through the library: bytes within the budget,
 *   and entries evicted by the LRU when more was stored than fits. In the quick run the budget is
 *   set small through the test hook (identify(budgetBytes)) so a small library overflows it.
 * Writes bench/results/revisit.json; exits 1 when a target is missed.
 * Run: npx tsx bench/revisit.bench.ts [--quick]
 */
import type { Page } from '@playwright/test';
import { launchBrowser, newBenchPage, signInThroughIdentityPage } from './support/browser';
import { buildApp } from './support/build';
import {
  machine,
  median,
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
import {
  engineSnapshot,
  waitForEngine,
  waitForScene,
  waitForThumbnails,
} from './support/galleryDriver';
import { jumpFractions, smoothScroll } from './support/scrollScript';
import { benchServers } from './support/servers';
import { heightErrors, recordRequests, visit, watchVisit, type Visit } from './support/visits';
import { waitForWritesLanded, writesWaits } from './support/pendingWrites';
import type {} from '../tests/e2e/support/hooks';

const FILES = QUICK ? 20_000 : 2_000_000;
const SECOND_VISITS = 3;
/**
 * First visits (median): one alone swung 1,405-1,968 ms from run to run on the same code and
 * made the gated ratio read 0.91-1.25 (stop 48). The first of them gives the seen heights and
 * thumbnails; the others come after the fling, each after the device forgot the user again.
 */
const FIRST_VISITS = 3;
/** Where the first visit jumps to (so sections there are seen) and every second visit again. */
const JUMP_FRACTION = 0.37;
/**
 * Quick: 4 jumps store several times the 1 MB budget below (8 took 27 s of the CI run for the
 * same two checks: within the budget, and evicting).
 */
const FLING_JUMPS = QUICK ? 4 : 20;
/** Quick: a budget the small library's jumps overflow, so the LRU must evict. */
const QUICK_BUDGET_BYTES = 1024 * 1024;
/** A real network's round trip, added before every request to either server in the second run. */
const NETWORK_DELAY_MS = 100;

/**
 * A visit's requests that reached the network, in order: path, when it started (ms since
 * navigation), `sw` when the service worker sent it, and for a thumbnail whether its tile was on
 * the full first screen (`on screen`) or in the prefetch margin beyond it (`margin`).
 */
const networkList = (v: Visit) =>
  v.network
    .map(
      (n) =>
        `${new URL(n.url).pathname.replace(/\/jobs\/[^/]+\//, '/jobs/…/')} @${n.atMs}` +
        (n.bySw ? ' sw' : '') +
        (n.onScreen === undefined ? '' : n.onScreen ? ' on screen' : ' margin'),
    )
    .join(', ');

const swStats = (page: Page) => page.evaluate(() => window.__capture!.serviceWorker!.stats());

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });
  for (let i = 0; i < 300 && !(await swStats(page))?.user; i++) await sleep(100);
  if (!(await swStats(page))?.user) throw new Error('the service worker never knew the user');
}

/**
 * Nothing of the user kept: the worker forgets (as on logout: its thumbnails and index go) and
 * the persisted timeline's database is deleted (the open page lets it go). The page's next load
 * tells the worker who is signed in again.
 */
async function forgetDevice(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        navigator.serviceWorker.controller?.postMessage({ type: 'logout' });
        const request = indexedDB.deleteDatabase('capture-timeline');
        request.onsuccess = request.onerror = request.onblocked = () => resolve();
      }),
  );
  for (let i = 0; i < 100; i++) {
    const stats = await swStats(page);
    if (stats && stats.user === null && stats.entries === 0) return;
    await sleep(100);
  }
  throw new Error('the service worker kept its thumbnails');
}

const app = await buildApp('dist-revisit', { testHooks: true });
const networkDelay = { ms: 0 };
const servers = await benchServers(FILES, app.outDir, [], networkDelay);
const { browser, version: chromiumVersion } = await launchBrowser();
/** The first visit and the second visits again, every request held NETWORK_DELAY_MS. */
async function visitsOverNetwork(
  page: Page,
  url: string,
  requests: ReturnType<typeof recordRequests>,
) {
  networkDelay.ms = NETWORK_DELAY_MS;
  await forgetDevice(page);
  const first = await visit(page, url, requests, JUMP_FRACTION);
  await waitForServiceWorker(page);
  step(
    `over ${NETWORK_DELAY_MS} ms a request: first visit ${first.firstThumbnailsMs} ms, full ${first.fullScreenMs} ms; ${JSON.stringify(first.path)}`,
  );
  await waitForWritesLanded(page, 'the first visit over the network');
  const seconds: Visit[] = [];
  for (let i = 0; i < SECOND_VISITS; i++) {
    const v = await visit(page, url, requests, JUMP_FRACTION);
    seconds.push(v);
    step(
      `over ${NETWORK_DELAY_MS} ms a request: second visit ${i + 1} ${v.firstThumbnailsMs} ms, full ${v.fullScreenMs} ms; ${JSON.stringify(v.path)}`,
    );
    await waitForWritesLanded(page, `second visit ${i + 1} over the network`);
  }
  networkDelay.ms = 0;
  const secondFirstThumbnailsMedian = median(seconds.map((v) => v.firstThumbnailsMs));
  return {
    delayMs: NETWORK_DELAY_MS,
    first,
    seconds,
    secondFirstThumbnailsMedian,
    secondFullScreenMedian: median(seconds.map((v) => v.fullScreenMs)),
    ratio: round(secondFirstThumbnailsMedian / first.firstThumbnailsMs, 3),
  };
}

try {
  const page = await newBenchPage(browser);
  const context = page.context();
  await page.addInitScript(watchVisit);
  const requests = recordRequests(context, page);
  const url = `${servers.webUrl}/photos`;
  step(`${FILES.toLocaleString('en')} files; signing in to ${servers.webUrl}`);
  await signInThroughIdentityPage(page, servers.webUrl);
  await waitForEngine(page);
  await waitForScene(page, 0, 120_000);
  await waitForServiceWorker(page);
  await forgetDevice(page);

  step('first visit: nothing of the user kept on the device');
  const first = await visit(page, url, requests, JUMP_FRACTION);
  await waitForServiceWorker(page);
  const seenHeights = first.laidOut;
  const seenThumbnails = new Set(first.thumbnailsAsked);
  step(
    `first visit: first thumbnails ${first.firstThumbnailsMs} ms, full ${first.fullScreenMs} ms, ` +
      `${first.network.length} network requests, ${Object.keys(seenHeights).length} sections laid out; ${JSON.stringify(first.path)}`,
  );
  await waitForWritesLanded(page, 'the first visit');
  const afterFirst = (await swStats(page))!;

  const seconds: Visit[] = [];
  for (let i = 0; i < SECOND_VISITS; i++) {
    const v = await visit(page, url, requests, JUMP_FRACTION);
    seconds.push(v);
    step(
      `second visit ${i + 1}: first thumbnails ${v.firstThumbnailsMs} ms, full ${v.fullScreenMs} ms, ` +
        `network ${v.network.length} (${networkList(v)}), ` +
        `thumb travel ${v.thumbTravelLoadPx} | ${v.thumbTravelJumpPx} px; ${JSON.stringify(v.path)}`,
    );
    await waitForWritesLanded(page, `second visit ${i + 1}`);
  }
  const afterSeconds = (await swStats(page))!;

  // The same visits over a real network: every request to either server waits
  // NETWORK_DELAY_MS first. On localhost a call costs a few ms, so above the disk saves little.
  // Reported, not gated: the quick run (CI) leaves it out.
  const slow = QUICK ? null : await visitsOverNetwork(page, url, requests);

  // The thumbnail cache after jumping and flinging through the library.
  const deviceBudget = afterSeconds.budgetBytes;
  if (QUICK)
    await page.evaluate((b) => window.__capture!.serviceWorker!.identify(b), QUICK_BUDGET_BYTES);
  const before = (await swStats(page))!;
  step(`fling: ${FLING_JUMPS} jumps and flings; budget ${before.budgetBytes} bytes`);
  const box = (await page.getByRole('slider').boundingBox())!;
  const grid = (await page.getByTestId('gallery').boundingBox())!;
  const centre = { x: grid.x + grid.width / 2, y: grid.y + grid.height / 2 };
  let reached = 0;
  for (const fraction of jumpFractions(FLING_JUMPS)) {
    const frames = (await engineSnapshot(page)).frames;
    await page.mouse.click(box.x + box.width / 2, box.y + 16 + fraction * (box.height - 32));
    if ((await waitForThumbnails(page, frames, 20_000)) >= 0) reached++;
    await smoothScroll(page, centre, 6_000, true, 8_000);
    // The frame already drawn counts: a fling whose last frame came before this look, the screen
    // filled, asks for no other, and waiting for one more took the whole 20 s (fresh27's fling:
    // 30 s where it takes 10).
    await waitForThumbnails(page, (await engineSnapshot(page)).frames - 1, 20_000);
  }
  await waitForWritesLanded(page, 'the fling');
  const afterFling = (await swStats(page))!;
  const flingStored = afterFling.storedBytes - before.storedBytes;
  const overflowed = before.bytes + flingStored > afterFling.budgetBytes;
  const flingEvicted = afterFling.evicted - before.evicted;
  step(`cache: ${JSON.stringify(afterFling)}`);

  const firsts = [first];
  while (firsts.length < FIRST_VISITS) {
    await forgetDevice(page);
    const v = await visit(page, url, requests, JUMP_FRACTION);
    await waitForServiceWorker(page);
    firsts.push(v);
    step(
      `first visit ${firsts.length}: first thumbnails ${v.firstThumbnailsMs} ms, full ${v.fullScreenMs} ms`,
    );
    await waitForWritesLanded(page, `first visit ${firsts.length}`);
  }
  const firstFirst = median(firsts.map((v) => v.firstThumbnailsMs));
  const firstFull = median(firsts.map((v) => v.fullScreenMs));
  const secondFirst = median(seconds.map((v) => v.firstThumbnailsMs));
  const secondFull = median(seconds.map((v) => v.fullScreenMs));
  const ratioFirst = round(secondFirst / firstFirst, 3);
  const ratioFull = round(secondFull / firstFull, 3);
  const networkMax = Math.max(...seconds.map((v) => v.network.length));
  const seenThumbsFromNetwork = Math.max(
    ...seconds.map((v) => v.thumbnailsFromNetwork.filter((t) => seenThumbnails.has(t)).length),
  );
  const firstHeights = heightErrors(first.startHeights, seenHeights);
  const secondHeights = seconds.map((v) => heightErrors(v.startHeights, seenHeights));
  const secondHeightMax = Math.max(...secondHeights.map((h) => h.maxPct));
  const thumbSecond = Math.max(
    ...seconds.flatMap((v) => [v.thumbTravelLoadPx, v.thumbTravelJumpPx]),
  );

  const targets = [
    target('navigation → first thumbnails, second visit, median (ms)', secondFirst, 300, '<=', {
      timing: true,
    }),
    // 300 ms against the first visit's 830 ms of the issue: the second visit in ≤ 0.4 of the first.
    target('navigation → first thumbnails, second / first visit', ratioFirst, 0.4, '<='),
    target('network requests for the first screen, second visit (max)', networkMax, 3, '<='),
    target(
      'thumbnails seen before fetched from the network, second visit (max)',
      seenThumbsFromNetwork,
      0,
      '<=',
    ),
    target('section height error for sections seen before, max (%)', secondHeightMax, 0, '<='),
    target(
      'fast scroller thumb movement while sections load, second visit (px)',
      thumbSecond,
      0,
      '<=',
    ),
    target(
      'thumbnail cache bytes after the fling within its budget (1 = yes)',
      afterFling.bytes <= afterFling.budgetBytes ? 1 : 0,
      1,
      '>=',
    ),
    target(
      'LRU evicts when the fling stored more than the budget (1 = yes)',
      !overflowed || flingEvicted > 0 ? 1 : 0,
      1,
      '>=',
    ),
  ];
  const headlines: Headline[] = [
    {
      label: 'navigation → first thumbnails, first | second visit (medians of 3)',
      value: `${firstFirst} | ${secondFirst}`,
      unit: 'ms',
    },
    {
      label: 'navigation → full first screen, first | second visit',
      value: `${firstFull} | ${secondFull}`,
      unit: 'ms',
    },
    {
      label: 'second / first visit (first thumbnails | full screen)',
      value: `${ratioFirst} | ${ratioFull}`,
    },
    ...(slow
      ? [
          {
            label: `over ${NETWORK_DELAY_MS} ms a request: first thumbnails, first | second visit (median of 3)`,
            value: `${slow.first.firstThumbnailsMs} | ${slow.secondFirstThumbnailsMedian}`,
            unit: 'ms',
          },
          {
            label: `over ${NETWORK_DELAY_MS} ms a request: second / first visit (first thumbnails)`,
            value: slow.ratio,
          },
        ]
      : []),
    {
      label: 'network requests for the first screen, first | second visit (max)',
      value: `${first.network.length} | ${networkMax}`,
    },
    {
      label: 'height error of sections seen before, first | second visit (max %)',
      value: `${firstHeights.maxPct} | ${secondHeightMax}`,
    },
    {
      label: 'thumb movement while sections load (load; jump), first | second visit',
      value: `${first.thumbTravelLoadPx}; ${first.thumbTravelJumpPx} | ${thumbSecond}`,
      unit: 'px',
    },
    {
      label: 'thumbnail cache after the fling: bytes / budget, entries, evicted',
      value: `${afterFling.bytes} / ${afterFling.budgetBytes}, ${afterFling.entries}, ${flingEvicted}`,
    },
  ];
  const file = writeResult('revisit', {
    machine: machine(chromiumVersion),
    versions: versions(['react', 'idb', 'vite', '@playwright/test']),
    setup: {
      files: FILES,
      visits: `sign-in (not counted); the device forgotten (the worker's logout message, the timeline database deleted); a first visit; ${SECOND_VISITS} second visits (median reported); after the fling, ${FIRST_VISITS - 1} more first visits, each after the device forgot the user again (the ratio: median over median); each a page.goto of /photos in the same page and context`,
      profile:
        'one browser context for every visit: the service worker, its Cache API thumbnails, IndexedDB and the HTTP cache persist between visits (the HTTP cache is on and already warm on the first visit: it is the first visit of the data, not of the app)',
      firstThumbnails:
        'performance.now() (since navigation start) at the first engine frame with texturesReady > 0 and tiles > 0',
      fullScreen:
        'the first frame after that with every viewport tile textured and its sections loaded (the prefetch margin’s textures not waited for; until issue 35 they were)',
      network:
        'requests started before the full first screen that reached the network: page responses not from the service worker (Playwright response.fromServiceWorker()) plus requests the worker sent itself (request.serviceWorker())',
      overNetwork: `full run only: then the same (device forgotten, a first visit, ${SECOND_VISITS} second visits) with every request to the web and API servers held ${NETWORK_DELAY_MS} ms before it is handled (StartOptions.networkDelay): a real network's round trip; thumbnails the worker answers from its cache wait for nothing`,
      heights:
        'each section’s height at the first engine frame with sections, against the exact height of the first visit, for every section laid out on the first visit (the top and the jump)',
      thumb: `the fast scroller thumb’s translateY every animation frame, from navigation until the full first screen (max − min), and from a click on its track at ${JUMP_FRACTION} until that screen is ready (max − min once it first moved)`,
      fling: `${FLING_JUMPS} clicks on the scroller track at seeded fractions, each followed by a 6,000 px wheel fling, waiting for thumbnails`,
      writes:
        'after each visit and after the fling, until the persisted timeline (test hook persistedTimeline.pendingWrites) and the service worker (SwStats.pendingWrites) have no write pending: what a later visit finds on disk (until issue 35, a fixed 2.5 s)',
      budget: QUICK
        ? `set to ${QUICK_BUDGET_BYTES} bytes through the test hook identify(budgetBytes) so the small library overflows it (the device class budget here: ${deviceBudget} bytes)`
        : `the device class budget (${deviceBudget} bytes)`,
    },
    figures: {
      first,
      laterFirsts: firsts.slice(1).map((v) => ({
        firstThumbnailsMs: v.firstThumbnailsMs,
        fullScreenMs: v.fullScreenMs,
      })),
      seconds,
      seenSections: Object.keys(seenHeights).length,
      seenThumbnails: seenThumbnails.size,
      heightError: { firstVisit: firstHeights, secondVisits: secondHeights },
      ratios: { firstThumbnails: ratioFirst, fullScreen: ratioFull },
      overNetwork: slow ?? 'not run in the quick run (reported only, not gated)',
      cache: { afterFirst, afterSeconds, beforeFling: before, afterFling, deviceBudget },
      writesWaitMs: writesWaits,
      fling: {
        jumps: FLING_JUMPS,
        reached,
        storedBytes: flingStored,
        evicted: flingEvicted,
        overflowed,
      },
    },
    ratios: { secondOverFirstFirstThumbnails: ratioFirst },
    headlines,
    targets,
  });
  step(`wrote ${file}`);
  reportTargets(headlines, targets);
} finally {
  await browser.close();
  await servers.close();
}
