// The carousel bench's waits: each on the event a fixed timeout stood for until issue 35.
import type { Page } from '@playwright/test';
import type {} from '../../tests/e2e/support/hooks';

/**
 * Until the neighbours of the file shown are decoded ahead (useCarouselFile's preload, read
 * through the test hook `carouselPreload`): all of them settled (at an end of the list there are
 * fewer).
 */
export const neighboursPreloaded = (page: Page) =>
  page.waitForFunction(
    () => {
      const viewer = document.querySelector<HTMLElement>('[data-testid="carousel"]');
      const preload = window.__capture!.carouselPreload!.state();
      return (
        viewer !== null &&
        preload !== null &&
        preload.fileId === viewer.dataset.fileId &&
        preload.decoded === preload.total
      );
    },
    null,
    { timeout: 20_000, polling: 'raf' },
  );

/** Until the gallery's scroll position has left `from` (a wheel event handled). */
export const scrolledFrom = (page: Page, from: number) =>
  page.waitForFunction((from) => window.__capture!.gallery!.scroll.position !== from, from, {
    timeout: 20_000,
    polling: 'raf',
  });

/** Until the viewer's stage is back at fit (its frame untransformed), then one more frame. */
export async function backAtFit(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('.carousel-stage__frame')?.style.transform ===
      'translate(0px, 0px) scale(1)',
    null,
    { timeout: 20_000, polling: 'raf' },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}
