// The one type of window.__capture (src/platform/testHooks.ts `CaptureHooks`, with the entries
// each feature declares next to where it publishes them). Importing this module brings those
// declarations into any spec or bench, so `window.__capture` is typed inside page.evaluate.
import type { Page } from '@playwright/test';
import type { CaptureHooks } from '../../../src/platform/testHooks';
import type {} from '../../../src/features/documents/DocumentsPage';
import type {} from '../../../src/features/downloads/downloadFiles';
import type {} from '../../../src/features/sync/useJobSync';
import type {} from '../../../src/features/upload/UploadRoot';

export type { CaptureHooks };
export type { EngineSnapshot } from '../../../src/features/timeline/galleryTestHook';
export type GalleryEngine = NonNullable<CaptureHooks['gallery']>;

/**
 * Waits until the page has published `name` on window.__capture: for a page load, so up to the
 * test's own timeout rather than the config's 30-s action limit.
 */
export async function waitForHook(page: Page, name: keyof CaptureHooks): Promise<void> {
  await page.waitForFunction((key) => Boolean(window.__capture?.[key]), name, { timeout: 0 });
}

/**
 * Waits for two animation frames of the page: what a state change just made has been rendered and
 * painted by then. `atMostMs` stops waiting sooner, should no frame come.
 */
export async function afterTwoFrames(page: Page, atMostMs?: number): Promise<void> {
  await page.evaluate(
    (limit) =>
      new Promise<void>((resolve) => {
        if (limit !== null) setTimeout(resolve, limit);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
    atMostMs ?? null,
  );
}
