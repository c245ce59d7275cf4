// The revisit bench's wait for the deferred writes a real revisit would find on disk.
import type { Page } from '@playwright/test';
import { round } from './env';
import type {} from '../../tests/e2e/support/hooks';

/**
 * How long the app's and the worker's deferred writes may take to land before the bench fails
 * (they land in about a second: the heights and the LRU index are saved a second after a change).
 */
const WRITES_TIMEOUT_MS = 30_000;

/**
 * Each wait for the writes, by what it followed: the writes pending when it began, and how long
 * it took (ms). Reported in the figures.
 */
export const writesWaits: Record<
  string,
  { pageAtStart: number; workerAtStart: number; ms: number }
> = {};

/**
 * Until the deferred writes of the app and of the service worker have landed, as they would
 * before a real revisit: the persisted timeline's (heights and months saved a second after the
 * last change, sections being packed and put; the test hook `persistedTimeline.pendingWrites`)
 * and the worker's (thumbnails missed and not yet put into the cache, the LRU index scheduled or
 * being written; SwStats.pendingWrites). Throws, naming what is still pending, after
 * WRITES_TIMEOUT_MS.
 */
export async function waitForWritesLanded(page: Page, after: string): Promise<void> {
  const started = performance.now();
  const pending = () =>
    page.evaluate(async () => ({
      page: window.__capture!.persistedTimeline?.pendingWrites() ?? null,
      worker: (await window.__capture!.serviceWorker!.stats())?.pendingWrites ?? null,
    }));
  const atStart = await pending();
  try {
    await page.waitForFunction(
      async () =>
        window.__capture!.persistedTimeline?.pendingWrites() === 0 &&
        (await window.__capture!.serviceWorker!.stats())?.pendingWrites === 0,
      null,
      { timeout: WRITES_TIMEOUT_MS, polling: 50 },
    );
    writesWaits[after] = {
      pageAtStart: atStart.page ?? -1,
      workerAtStart: atStart.worker ?? -1,
      ms: round(performance.now() - started),
    };
  } catch (error) {
    const left = await pending().catch(() => null);
    throw new Error(
      `after ${after}: writes still pending after ${WRITES_TIMEOUT_MS} ms ` +
        `(persisted timeline ${left?.page ?? 'no test hook'}, service worker ${left?.worker ?? 'no answer'})`,
      { cause: error },
    );
  }
}
