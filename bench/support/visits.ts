/**
 * One visit of /photos as bench/revisit.bench.ts measures it: the marks the page keeps (first
 * thumbnails, full first screen, heights at the first frame, the fast scroller's thumb), the
 * requests that reached the network, and the jump to sections seen before.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { round } from './env';
import { engineSnapshot, waitForScene } from './galleryDriver';
import type {} from '../../tests/e2e/support/hooks';

interface VisitMarks {
  firstThumbnails?: number;
  fullScreen?: number;
  /** When the engine was published, and its first frame with the months (ms since navigation). */
  engineAt?: number;
  sectionsAt?: number;
  /** The grid's width and target row height at that first frame with sections. */
  startSize?: string;
  /** Section key → height at the first engine frame with the months. */
  startHeights?: Record<string, number>;
  /** File ids of the tiles on screen at the full first screen. */
  onScreen?: string[];
  /** Thumb translateY (px) per animation frame while sampling. */
  thumb: number[];
  sampling: boolean;
}

/**
 * Installed before the app's scripts on every navigation: turns the service worker on for this
 * test build, marks the first thumbnails and the full first screen (as the scale bench does),
 * keeps each section's height at the first frame with sections, and samples the fast scroller's
 * thumb every animation frame while `sampling` is set (from navigation until the bench stops it).
 */
export function watchVisit(): void {
  localStorage.setItem('captureSw', '1');
  const marks: VisitMarks = { thumb: [], sampling: true };
  (window as unknown as { __benchVisit: VisitMarks }).__benchVisit = marks;
  const sample = () => {
    if (marks.sampling) {
      const thumb = document.querySelector<HTMLElement>('.fast-scroller__thumb');
      const match = thumb ? /translateY\((-?[\d.]+)px\)/.exec(thumb.style.transform) : null;
      if (match) marks.thumb.push(Number(match[1]));
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  const attach = () => {
    const gallery = window.__capture?.gallery;
    if (!gallery) {
      setTimeout(attach, 10);
      return;
    }
    marks.engineAt = performance.now();
    const stop = gallery.onFrame(() => {
      const { timeline } = gallery;
      if (marks.startHeights === undefined && timeline.sectionCount > 0) {
        marks.sectionsAt = performance.now();
        marks.startSize = `${timeline.gridWidth}:${timeline.currentMetrics.targetRowHeight}`;
        const heights: Record<string, number> = {};
        for (let i = 0; i < timeline.sectionCount; i++)
          heights[timeline.sections[i].descriptor.key] = timeline.sectionHeight(i);
        marks.startHeights = heights;
      }
      const s = gallery.snapshot();
      if (marks.firstThumbnails === undefined && s.texturesReady > 0 && s.tiles > 0)
        marks.firstThumbnails = performance.now();
      // The screen's own tiles, not the prefetch margin's (until issue 35 `texturesLoading`,
      // which counts the margin's loads too: its thumbnails then fell inside the first screen's
      // requests, a miss among them past the gate's 3).
      const full =
        s.tiles > 0 &&
        s.untexturedTiles === 0 &&
        s.sectionsFetching === 0 &&
        s.visibleRange.first.item >= 0 &&
        !s.fastScrolling;
      if (marks.firstThumbnails !== undefined && full) {
        marks.fullScreen = performance.now();
        const { composer } = gallery;
        const ids: string[] = [];
        for (let i = 0; i < composer.visibleCount; i++) {
          const tile = composer.visibleTiles[i];
          const id = timeline.sections[tile.section].files?.ids[tile.item];
          if (id !== undefined) ids.push(id);
        }
        marks.onScreen = ids;
        stop();
      }
    });
  };
  attach();
}

/** A request seen by the bench: from the page or sent by the service worker itself. */
interface Seen {
  url: string;
  /** Wall clock (ms since the epoch) when it started. */
  at: number;
  /** Wall clock when its response ended (page requests; null when unknown). */
  answeredAt: number | null;
  /** Answered to the page by the service worker (it reached the network only if the worker sent it). */
  fromServiceWorker: boolean;
  /** Sent by the service worker (a network-first page or a cache miss). */
  bySw: boolean;
  /**
   * The page received the whole body (a thumbnail whose load the page dropped, e.g. on the
   * jump, was never seen, and so need not be in the cache).
   */
  completed: boolean;
  /** Answered by a server (Chromium names its address; the HTTP cache has none). */
  fromServer: boolean;
}

/**
 * Every request of the context while started: the page's with their response (answered by the
 * service worker or not), and those the service worker sends itself.
 */
export function recordRequests(context: BrowserContext, page: Page) {
  const state = { on: false, seen: [] as Promise<Seen | null>[] };
  page.on('response', (response) => {
    if (!state.on || !/^https?:/.test(response.url())) return;
    const timing = response.request().timing();
    const start = timing.startTime;
    const completed = Promise.race([
      response.finished().then(
        (error) => error === null,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ]);
    state.seen.push(
      Promise.all([response.serverAddr().catch(() => null), completed]).then(([address, done]) => ({
        url: response.url(),
        at: start > 0 ? start : Date.now(),
        answeredAt: start > 0 && timing.responseEnd >= 0 ? start + timing.responseEnd : null,
        fromServiceWorker: response.fromServiceWorker(),
        bySw: false,
        fromServer: address !== null,
        completed: done,
      })),
    );
  });
  context.on('request', (request) => {
    if (!state.on || !request.serviceWorker() || !/^https?:/.test(request.url())) return;
    const at = Date.now();
    state.seen.push(
      request
        .response()
        .then((response) => response?.serverAddr() ?? null)
        .catch(() => null)
        .then((address) => ({
          url: request.url(),
          at,
          answeredAt: null,
          fromServiceWorker: false,
          bySw: true,
          fromServer: address !== null,
          completed: address !== null,
        })),
    );
  });
  return {
    start() {
      state.seen = [];
      state.on = true;
    },
    async stop(): Promise<Seen[]> {
      state.on = false;
      return (await Promise.all(state.seen)).filter((s): s is Seen => s !== null);
    },
  };
}

/** A thumbnail's file and size (SPEC §7 /th/3/{fileId}?area=…), or null for another URL. */
function thumbnailOf(url: string): string | null {
  const parsed = new URL(url);
  const match = /^\/th\/3\/([^/]+)$/.exec(parsed.pathname);
  return match ? `${match[1]}@${parsed.searchParams.get('area')}` : null;
}

/** How far the thumb moved on its own: max − min of its positions once it first moved. */
function thumbTravel(samples: readonly number[], from?: number): number {
  let rest = samples;
  if (from !== undefined) {
    const moved = samples.findIndex((y) => Math.abs(y - from) > 0.01);
    rest = moved < 0 ? [] : samples.slice(moved);
  }
  if (rest.length === 0) return 0;
  return round(Math.max(...rest) - Math.min(...rest));
}

export interface Visit {
  firstThumbnailsMs: number;
  fullScreenMs: number;
  /** Requests that reached the network until the first screen was full. */
  network: { url: string; bySw: boolean; atMs: number; onScreen?: boolean }[];
  thumbnailsFromNetwork: string[];
  /** Every thumbnail the page asked for until the first screen was full, wherever answered. */
  thumbnailsAsked: string[];
  startHeights: Record<string, number>;
  thumbTravelLoadPx: number;
  thumbTravelJumpPx: number;
  thumbSamples: { load: number; jump: number };
  /** Milestones of the load, ms since navigation start. */
  path: unknown;
  /** Exact heights of the sections laid out at the first screen and after the jump, by key. */
  laidOut: Record<string, number>;
}

/** Each laid-out section's exact height, by key (what the grid shows now). */
const exactHeights = (page: Page) =>
  page.evaluate(() => {
    const { timeline } = window.__capture!.gallery!;
    const heights: Record<string, number> = {};
    for (let i = 0; i < timeline.sectionCount; i++)
      if (timeline.isLaidOut(i))
        heights[timeline.sections[i].descriptor.key] = timeline.sectionHeight(i);
    return heights;
  });

/**
 * Navigates to `url` and measures one visit, then a click on the fast scroller's track at
 * `jumpFraction` (so the sections there are seen, and the thumb's travel on the jump measured).
 */
export async function visit(
  page: Page,
  url: string,
  requests: ReturnType<typeof recordRequests>,
  jumpFraction: number,
) {
  requests.start();
  await page.goto(url);
  await page.waitForFunction(
    () =>
      (window as unknown as { __benchVisit?: VisitMarks }).__benchVisit?.fullScreen !== undefined,
    null,
    { timeout: 120_000, polling: 50 },
  );
  const seen = await requests.stop();
  const marks = await page.evaluate(() => {
    const m = (window as unknown as { __benchVisit: VisitMarks }).__benchVisit;
    m.sampling = false;
    // The critical path: when the app's first calls answered (ms since navigation).
    const calls = performance
      .getEntriesByType('resource')
      .filter((e) =>
        /\/(account_info|jobs\/default|timeline\/months|files\?|app-config)/.test(e.name),
      )
      .slice(0, 8)
      .map((e) => ({
        call: new URL(e.name).pathname.replace(/\/jobs\/[^/]+\//, '/jobs/…/'),
        start: Math.round(e.startTime),
        end: Math.round((e as PerformanceResourceTiming).responseEnd),
      }));
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      ...m,
      timeOrigin: performance.timeOrigin,
      path: {
        document: Math.round(nav.responseEnd),
        domContentLoaded: Math.round(nav.domContentLoadedEventEnd),
        engine: Math.round(m.engineAt ?? -1),
        sections: Math.round(m.sectionsAt ?? -1),
        startSize: m.startSize,
        sizeAtFullScreen: `${window.__capture!.gallery!.timeline.gridWidth}:${window.__capture!.gallery!.timeline.currentMetrics.targetRowHeight}`,
        calls,
      },
    };
  });
  const fullAt = marks.timeOrigin + marks.fullScreen!;
  // The page before this one lives until this one's document arrives, and a call it deferred
  // can start in that time (seen: its full-screen cards at 30 ms, the document at 69): not this
  // visit's. Before the document, only the navigation itself (the worker's fetch of the page).
  const documentAt = marks.timeOrigin + marks.path.document;
  const pagePath = new URL(url).pathname;
  const ofThisVisit = (s: Seen) => s.at >= documentAt || new URL(s.url).pathname === pagePath;
  const onScreen = new Set(marks.onScreen ?? []);
  const network = seen
    .filter(ofThisVisit)
    .filter((s) => s.at <= fullAt && s.fromServer && (s.bySw || !s.fromServiceWorker))
    .sort((a, b) => a.at - b.at)
    .map(({ url: u, bySw, at }) => {
      const thumbnail = thumbnailOf(u);
      return {
        url: u,
        bySw,
        atMs: Math.round(at - marks.timeOrigin),
        ...(thumbnail ? { onScreen: onScreen.has(thumbnail.split('@')[0]) } : {}),
      };
    });
  const thumbnailsFromNetwork = network.flatMap((s) => thumbnailOf(s.url) ?? []);
  // When the first thumbnail was asked for and first answered (ms since navigation).
  const thumbnails = seen.filter((s) => !s.bySw && thumbnailOf(s.url));
  const sinceNavigation = (at: number) => Math.round(at - marks.timeOrigin);
  const firstThumbnail = {
    asked: thumbnails.length ? sinceNavigation(Math.min(...thumbnails.map((s) => s.at))) : -1,
    answered: thumbnails.some((s) => s.answeredAt !== null)
      ? sinceNavigation(Math.min(...thumbnails.flatMap((s) => s.answeredAt ?? [])))
      : -1,
  };
  const thumbnailsAsked = seen.flatMap((s) =>
    s.bySw || !s.completed ? [] : (thumbnailOf(s.url) ?? []),
  );
  const loadSamples = marks.thumb.length;
  const thumbTravelLoadPx = thumbTravel(marks.thumb);

  const laidOut = await exactHeights(page);
  // A click on the scroller's track: the jump of the first visit, to sections seen then.
  const box = (await page.getByRole('slider').boundingBox())!;
  const from = (await engineSnapshot(page)).position;
  const before = await page.evaluate(() => {
    const m = (window as unknown as { __benchVisit: VisitMarks }).__benchVisit;
    const at = m.thumb[m.thumb.length - 1] ?? 0;
    m.thumb = [];
    m.sampling = true;
    return at;
  });
  await page.mouse.click(box.x + box.width / 2, box.y + 16 + jumpFraction * (box.height - 32));
  // The jump has happened once the position left the top; then its screen settles.
  await page.waitForFunction(
    (from) => Math.abs(window.__capture!.gallery!.scroll.position - from) > 100,
    from,
    { timeout: 30_000, polling: 'raf' },
  );
  const frames = (await engineSnapshot(page)).frames;
  if ((await waitForScene(page, frames, 60_000)) < 0) throw new Error('the jump never settled');
  const jump = await page.evaluate(() => {
    const m = (window as unknown as { __benchVisit: VisitMarks }).__benchVisit;
    m.sampling = false;
    return m.thumb;
  });
  Object.assign(laidOut, await exactHeights(page));
  const result: Visit = {
    firstThumbnailsMs: round(marks.firstThumbnails!),
    fullScreenMs: round(marks.fullScreen!),
    network,
    thumbnailsFromNetwork,
    thumbnailsAsked,
    startHeights: marks.startHeights ?? {},
    thumbTravelLoadPx,
    thumbTravelJumpPx: thumbTravel(jump, before),
    thumbSamples: { load: loadSamples, jump: jump.length },
    path: { ...marks.path, firstThumbnail },
    laidOut,
  };
  return result;
}

/** Relative error (%) of `start` heights against `exact` ones, over the keys of `exact`. */
export function heightErrors(start: Record<string, number>, exact: Record<string, number>) {
  const errors = Object.entries(exact).map(([key, height]) =>
    start[key] === undefined ? 100 : (Math.abs(start[key] - height) / height) * 100,
  );
  const max = errors.length ? Math.max(...errors) : 0;
  const mean = errors.length ? errors.reduce((a, b) => a + b, 0) / errors.length : 0;
  return { sections: errors.length, maxPct: round(max, 3), meanPct: round(mean, 3) };
}
