// The scroll script's driver for our GPU grid (/photos): reads the engine through
// window.__capture.gallery, exposed by builds made with VITE_TEST_HOOKS=1.
import type { Page } from '@playwright/test';
import type { EngineSnapshot } from '../../tests/e2e/support/hooks';
import { sleep } from './env';
import type { GridDriver } from './scrollScript';

export type { EngineSnapshot };

/** The fast scroller's thumb height (src/gallery/react/FastScroller.tsx THUMB_PX). */
const THUMB_PX = 32;
const MOVE_EVERY_MS = 16;

export const engineSnapshot = (page: Page): Promise<EngineSnapshot> =>
  page.evaluate(() => window.__capture!.gallery!.snapshot());

type Readiness = 'scene' | 'thumbnails';

/**
 * Page clock (ms) at the first engine frame after `afterFrame` that is ready, or -1 after
 * `timeoutMs`. Checked after each frame (every change of what it reads is followed by a frame),
 * so the wait adds no polling to the main thread that a trace would count.
 */
function waitForReady(
  page: Page,
  readiness: Readiness,
  afterFrame: number,
  timeoutMs: number,
): Promise<number> {
  return page.evaluate(
    ({ readiness, afterFrame, timeoutMs }) =>
      new Promise<number>((resolve) => {
        const gallery = window.__capture?.gallery;
        if (!gallery) {
          resolve(-1);
          return;
        }
        let stop = () => undefined as unknown;
        const finish = (at: number) => {
          stop();
          clearTimeout(timer);
          resolve(at);
        };
        const check = () => {
          const s = gallery.snapshot();
          const drawn = s.frames > afterFrame && s.tiles > 0 && !s.fastScrolling;
          const ready =
            readiness === 'thumbnails'
              ? drawn && s.untexturedTiles === 0
              : drawn &&
                s.texturesReady > 0 &&
                s.texturesLoading === 0 &&
                s.sectionsFetching === 0 &&
                s.visibleRange.first.item >= 0;
          if (ready) finish(performance.now());
        };
        const timer = setTimeout(() => finish(-1), timeoutMs);
        stop = gallery.onFrame(check);
        check();
      }),
    { readiness, afterFrame, timeoutMs },
  );
}

/**
 * When the scene is ready: as the e2e suite's waitForSceneReady, stricter on sections — tiles
 * drawn, every wanted texture uploaded, the sections at the viewport loaded, no fast scroll.
 */
export const waitForScene = (page: Page, afterFrame: number, timeoutMs: number) =>
  waitForReady(page, 'scene', afterFrame, timeoutMs);

/** When every tile on screen shows a thumbnail (no grey placeholder; sharper tiers may load). */
export const waitForThumbnails = (page: Page, afterFrame: number, timeoutMs: number) =>
  waitForReady(page, 'thumbnails', afterFrame, timeoutMs);

/** Waits for the engine to be published on window.__capture (test-hook builds). */
export async function waitForEngine(page: Page, timeoutMs = 120_000): Promise<void> {
  await page.waitForFunction(() => Boolean(window.__capture?.gallery), null, {
    timeout: timeoutMs,
    polling: 100,
  });
}

/** The engine's grid on `page`; `name` labels its phases and figures (the timeline: "ours"). */
export function galleryDriver(page: Page, name = 'ours'): GridDriver {
  let framesBeforeJump = 0;
  let windowStart: EngineSnapshot | null = null;
  const sliderBox = async () => {
    const box = await page.getByRole('slider').boundingBox();
    if (!box) throw new Error('the fast scroller is not on screen');
    return box;
  };

  return {
    name,
    page,
    async gridCentre() {
      const box = await page.getByTestId('gallery').boundingBox();
      if (!box) throw new Error('the gallery is not on screen');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    async dragScroller(durationMs) {
      const box = await sliderBox();
      const x = box.x + box.width / 2;
      const top = box.y + THUMB_PX / 2;
      const bottom = box.y + box.height - THUMB_PX / 2;
      const moves = Math.round(durationMs / MOVE_EVERY_MS);
      await page.mouse.move(x, top);
      await page.mouse.down();
      const started = performance.now();
      for (let i = 1; i <= moves; i++) {
        await page.mouse.move(x, top + ((bottom - top) * i) / moves);
        const wait = started + i * MOVE_EVERY_MS - performance.now();
        if (wait > 0) await sleep(wait);
      }
      await page.mouse.up();
      const end = await engineSnapshot(page);
      const atBottom = end.position >= end.contentHeight - page.viewportSize()!.height;
      return { moves, mode: 'mouse drag of the fast scroller thumb', atBottom };
    },
    async jump(fraction) {
      const box = await sliderBox();
      framesBeforeJump = (await engineSnapshot(page)).frames;
      const y = box.y + THUMB_PX / 2 + fraction * (box.height - THUMB_PX);
      await page.mouse.click(box.x + box.width / 2, y);
    },
    thumbnailsDrawnAfter: (_since, timeoutMs) => waitForScene(page, framesBeforeJump, timeoutMs),
    async toTop() {
      const before = (await engineSnapshot(page)).frames;
      await page.getByTestId('gallery').focus();
      await page.keyboard.press('Home');
      await page.waitForFunction(() => window.__capture!.gallery!.snapshot().position === 0, null, {
        polling: 100,
      });
      await waitForScene(page, before, 30_000);
    },
    async startWindow() {
      windowStart = await page.evaluate(() => {
        const gallery = window.__capture!.gallery!;
        gallery.stats.resetWindow();
        return gallery.snapshot();
      });
    },
    async endWindow() {
      const end = await engineSnapshot(page);
      const start = windowStart ?? end;
      const frames = end.frames - start.frames;
      return {
        frames,
        maxDrawCalls: end.maxDrawCalls,
        maxUploads: end.maxUploads,
        uploadsPerFrame: frames > 0 ? (end.uploadsTotal - start.uploadsTotal) / frames : 0,
        engineFrameMs: end.frameTimes,
        // Main-thread ms of texture uploads per frame that uploaded (issue 19).
        uploadMs: end.uploadTimes,
      };
    },
  };
}
