// The scroll script's driver for the DOM-grid baseline page. Wheel flings go to the scroll
// container (native, compositor-scrolled); the drag uses the native scrollbar's thumb with the
// mouse; a jump sets scrollTop to the fraction (a click on a native scrollbar track pages on
// Linux instead of jumping, so the jump does what our fast scroller's click does).
import type { Page } from '@playwright/test';
import { sleep } from '../../support/env';
import type { GridDriver } from '../../support/scrollScript';

const MOVE_EVERY_MS = 16;
const GRID = '[data-testid="dom-grid"]';

/**
 * Page clock (ms) when every tile in the viewport has its image, or -1 after `timeoutMs`.
 * Checked at each image load and scroll event (no polling for the trace to count), and once a
 * frame after the call, for a viewport whose images were all cached.
 */
function waitForImages(page: Page, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ({ timeoutMs, grid }) =>
      new Promise<number>((resolve) => {
        const element = document.querySelector(grid);
        if (!element) {
          resolve(-1);
          return;
        }
        const inView = (node: Element) => {
          const view = element.getBoundingClientRect();
          const r = node.getBoundingClientRect();
          return r.height > 0 && r.bottom > view.top && r.top < view.bottom;
        };
        const finish = (at: number) => {
          element.removeEventListener('load', check, true);
          element.removeEventListener('scroll', check);
          clearTimeout(timer);
          resolve(at);
        };
        function check() {
          const loading = [...element!.querySelectorAll('[data-loading]')].some(inView);
          const images = [...element!.querySelectorAll('img')].filter(inView);
          const ready =
            !loading &&
            images.length > 0 &&
            images.every((img) => img.complete && img.naturalWidth > 0);
          if (ready) finish(performance.now());
        }
        const timer = setTimeout(() => finish(-1), timeoutMs);
        element.addEventListener('load', check, true);
        element.addEventListener('scroll', check);
        setTimeout(check, 50);
      }),
    { timeoutMs, grid: GRID },
  );
}

const scrollMetrics = (page: Page) =>
  page.evaluate((grid) => {
    const element = document.querySelector(grid)!;
    const rect = element.getBoundingClientRect();
    return {
      top: rect.top,
      right: rect.right,
      height: rect.height,
      scrollbar: (element as HTMLElement).offsetWidth - element.clientWidth,
      scrollTop: element.scrollTop,
      maxScroll: element.scrollHeight - element.clientHeight,
    };
  }, GRID);

const setScrollTop = (page: Page, fraction: number) =>
  page.evaluate(
    ({ grid, fraction }) => {
      const element = document.querySelector(grid)!;
      element.scrollTop = fraction * (element.scrollHeight - element.clientHeight);
    },
    { grid: GRID, fraction },
  );

export function domGridDriver(page: Page): GridDriver {
  return {
    name: 'dom-grid',
    page,
    async gridCentre() {
      const m = await scrollMetrics(page);
      return { x: (m.right - m.scrollbar) / 2, y: m.top + m.height / 2 };
    },
    async dragScroller(durationMs) {
      const m = await scrollMetrics(page);
      const moves = Math.round(durationMs / MOVE_EVERY_MS);
      const started = performance.now();
      const pace = async (i: number) => {
        const wait = started + i * MOVE_EVERY_MS - performance.now();
        if (wait > 0) await sleep(wait);
      };
      if (m.scrollbar > 0) {
        // The thumb sits under the track's up-arrow button (as tall as the bar is wide).
        const x = m.right - m.scrollbar / 2;
        const top = m.top + m.scrollbar + 5;
        const bottom = m.top + m.height - m.scrollbar;
        await page.mouse.move(x, top);
        await page.mouse.down();
        for (let i = 1; i <= moves; i++) {
          await page.mouse.move(x, top + ((bottom - top) * i) / moves);
          await pace(i);
        }
        await page.mouse.up();
        const end = await scrollMetrics(page);
        if (end.scrollTop > 0) {
          return {
            moves,
            mode: 'mouse drag of the native scrollbar thumb',
            atBottom: end.scrollTop >= end.maxScroll - 1,
          };
        }
      }
      // No draggable scrollbar: move scrollTop as the thumb drag would.
      for (let i = 1; i <= moves; i++) {
        await setScrollTop(page, i / moves);
        await pace(i);
      }
      return { moves, mode: 'scrollTop steps (no native scrollbar to drag)', atBottom: true };
    },
    jump: (fraction) => setScrollTop(page, fraction),
    thumbnailsDrawnAfter: (_since, timeoutMs) => waitForImages(page, timeoutMs),
    async toTop() {
      await setScrollTop(page, 0);
      await waitForImages(page, 30_000);
    },
  };
}

/** Opens the baseline page with the real app's session and waits for its first thumbnails. */
export async function openDomGrid(
  page: Page,
  url: string,
  session: { token: string; serviceDict: string },
): Promise<number> {
  const query = new URLSearchParams({
    auth_token: session.token,
    service_dict: session.serviceDict,
  });
  await page.goto(`${url}/?${query.toString()}`);
  await page.locator(`${GRID} img`).first().waitFor({ timeout: 60_000 });
  return waitForImages(page, 60_000);
}

/** How much of the timeline the page can reach: its scroll height against the virtual size. */
export function domGridReach(page: Page) {
  return page.evaluate(() => {
    const probe = (
      window as unknown as {
        __domGrid?: { sections: number; totalSize: number; scrollHeight: number };
      }
    ).__domGrid;
    const element = document.querySelector('[data-testid="dom-grid"]')!;
    const totalSize = probe?.totalSize ?? 0;
    return {
      sections: probe?.sections ?? 0,
      virtualTotalPx: Math.round(totalSize),
      scrollHeightPx: element.scrollHeight,
      reachableFraction: totalSize > 0 ? Math.min(1, element.scrollHeight / totalSize) : 0,
    };
  });
}
