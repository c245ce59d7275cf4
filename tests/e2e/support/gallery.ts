import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

export interface Snapshot {
  frames: number;
  drawCalls: number;
  maxDrawCalls: number;
  tiles: number;
  texturesReady: number;
  texturesLoading: number;
  sectionsLoaded: number;
  sectionsFetching: number;
  sections: number;
  position: number;
  contentHeight: number;
  fastScrolling: boolean;
  date: { year: number; month: number; day: number | null };
}

/** The engine's counters (exposed by test builds on window.__capture.gallery). */
export async function snapshot(page: Page): Promise<Snapshot> {
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __capture?: { gallery?: unknown } }).__capture?.gallery),
  );
  return page.evaluate(() => {
    const hooks = (window as unknown as { __capture: { gallery: { snapshot(): unknown } } })
      .__capture;
    return hooks.gallery.snapshot() as Snapshot;
  });
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
