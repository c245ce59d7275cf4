import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForHook, type EngineSnapshot } from './hooks';

export type Snapshot = EngineSnapshot;

/** The engine's counters (exposed by test builds on window.__capture.gallery). */
export async function snapshot(page: Page): Promise<Snapshot> {
  await waitForHook(page, 'gallery');
  return page.evaluate(() => window.__capture!.gallery!.snapshot());
}

/**
 * "Scene ready": the sections near the viewport are laid out, every visible tile has its
 * texture, nothing is loading, and the last frame drew tiles.
 */
export async function waitForSceneReady(page: Page, timeout = 30_000): Promise<Snapshot> {
  await expect
    .poll(
      async () => {
        const s = await snapshot(page);
        return (
          s.tiles > 0 &&
          s.texturesReady >= Math.min(s.tiles, 1) &&
          s.texturesLoading === 0 &&
          !s.fastScrolling
        );
      },
      { timeout, intervals: [100, 200, 400] },
    )
    .toBe(true);
  return snapshot(page);
}

/**
 * "Screen filled": the last frame drew tiles and none of them grey, so every section on screen has
 * its files and rows and every tile its thumbnail (GalleryEngine.screenFilled). Stricter than
 * `waitForSceneReady`, which a screen satisfies while a section lower on it still waits for its
 * files (its rows then grey placeholders, not tiles of files).
 */
export async function waitForScreenFilled(page: Page, timeout = 30_000): Promise<Snapshot> {
  await expect
    .poll(
      async () => {
        const s = await snapshot(page);
        return `${s.tiles > 0 ? 'tiles' : 'no tiles'}, ${s.untexturedTiles} grey, fast ${s.fastScrolling}`;
      },
      { timeout, intervals: [100, 200, 400] },
    )
    .toBe('tiles, 0 grey, fast false');
  return snapshot(page);
}

/** Distinct colours in the canvas area: placeholders are flat grey, thumbnails are not. */
export async function canvasColourStats(
  canvas: Locator,
): Promise<{ distinct: number; nonGrey: number }> {
  const png = await canvas.screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  let nonGrey = 0;
  for (let i = 0; i < data.length; i += info.channels * 7) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    colours.add((r >> 3) * 1024 + (g >> 3) * 32 + (b >> 3));
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) nonGrey++;
  }
  return { distinct: colours.size, nonGrey };
}
