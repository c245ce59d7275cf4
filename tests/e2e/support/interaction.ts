import { expect, type CDPSession, type Page } from '@playwright/test';
import { snapshot } from './gallery';
import { afterTwoFrames, waitForHook, type GalleryEngine } from './hooks';

/** A tile of the last frame, with its rect in page coordinates and its file id. */
export interface ScreenTile {
  section: number;
  item: number;
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  state: number;
}

/** Runs `fn` with the live engine (window.__capture.gallery of test builds). */
export async function withEngine<T, A = undefined>(
  page: Page,
  fn: (engine: GalleryEngine, arg: A) => T,
  arg?: A,
): Promise<T> {
  await waitForHook(page, 'gallery');
  return page.evaluate(
    ({ source, arg: value }) => {
      const engine = window.__capture!.gallery!;
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const run = new Function('engine', 'arg', `return (${source})(engine, arg);`) as (
        e: GalleryEngine,
        a: A,
      ) => T;
      return run(engine, value as A);
    },
    { source: fn.toString(), arg },
  );
}

/** The gallery's top-left corner in the page: canvas coordinates start there. */
export async function galleryOrigin(page: Page): Promise<{ x: number; y: number }> {
  // A page that has just (re)mounted its grid may not have laid it out yet: wait for it to show.
  const gallery = page.getByTestId('gallery');
  await expect(gallery).toBeVisible();
  const box = await gallery.boundingBox();
  if (!box) throw new Error('no gallery');
  return { x: box.x, y: box.y };
}

/** Tiles on screen in page coordinates: whole ones only, unless `partial` (cut by an edge too). */
export async function screenTiles(
  page: Page,
  options: { partial?: boolean } = {},
): Promise<ScreenTile[]> {
  const origin = await galleryOrigin(page);
  const tiles = await withEngine(
    page,
    (engine, partial) => {
      const out = [];
      const { composer, timeline, scroll } = engine;
      for (let i = 0; i < composer.visibleCount; i++) {
        const t = composer.visibleTiles[i];
        if (!partial && (t.y < 0 || t.y + t.h > scroll.viewportHeight)) continue;
        out.push({ ...t, id: timeline.fileId(t.section, t.item) });
      }
      return out;
    },
    options.partial ?? false,
  );
  return tiles.map((t) => ({ ...t, x: t.x + origin.x, y: t.y + origin.y }));
}

/** The canvas rect of (section, item) now, in page coordinates; null when it has none. */
export async function tileRect(
  page: Page,
  section: number,
  item: number,
): Promise<{ x: number; y: number; w: number; h: number } | null> {
  const origin = await galleryOrigin(page);
  const rect = await withEngine(
    page,
    (engine, p) => {
      const out = { x: 0, y: 0, w: 0, h: 0 };
      return engine.actions.tileRect(p.section, p.item, out) ? out : null;
    },
    { section, item },
  );
  return rect && { ...rect, x: rect.x + origin.x, y: rect.y + origin.y };
}

/**
 * Chooses the files `ids` on the timeline by a click on each tile's check mark, as a person does;
 * the selection bar then counts them.
 */
export async function selectTiles(page: Page, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    await expect.poll(async () => (await screenTiles(page)).some((t) => t.id === id)).toBe(true);
    const tile = (await screenTiles(page)).find((t) => t.id === id)!;
    // The tile's check mark.
    await page.mouse.click(tile.x + 16, tile.y + 16);
  }
  await expect(page.getByTestId('selection-count')).toContainText(String(ids.length));
}

export async function selectionCount(page: Page): Promise<number> {
  return withEngine(page, (engine) => engine.selection.count);
}

/**
 * Waits until a zoom to `level` is over as a person sees it: the transition ended (the engine
 * draws again), the stage is back at scale 1, and every section with a tile on screen is laid out
 * for the new level; then for the frame that draws it. Under load the layout worker can answer
 * after the transition's limit (GalleryZoom's READY_LIMIT_MS, 1.5 s), and until it does the
 * section keeps the old level's rects: a fixed 1.2-s wait here read a tile still 176 px tall after
 * a zoom out (fresh26, both attempts).
 */
export async function waitForZoomSettled(page: Page, level: number): Promise<void> {
  await expect
    .poll(
      () =>
        withEngine(page, (engine) => {
          const onScreen = new Set<number>();
          for (let i = 0; i < engine.composer.visibleCount; i++) {
            onScreen.add(engine.composer.visibleTiles[i].section);
          }
          const pending = [...onScreen].filter((section) => !engine.timeline.isLaidOut(section));
          const stage = document.querySelector<HTMLElement>('.gallery-view__stage');
          const scaled =
            !!stage && stage.style.transform !== '' && stage.style.transform !== 'none';
          return `level ${engine.zoom.level}, frozen ${engine.zoom.frozen}, sections still at the old level ${pending.length}, stage scaled ${scaled}`;
        }),
      { timeout: 15_000 },
    )
    .toBe(`level ${level}, frozen false, sections still at the old level 0, stage scaled false`);
  // The frame that draws it.
  await afterTwoFrames(page);
}

/**
 * Waits until the grid has scrolled away from `from` and come to rest: the same position in two
 * engine snapshots 150 ms apart (a keyboard page scroll animates over several frames).
 */
export async function waitForScrollSettled(page: Page, from: number): Promise<void> {
  let last = from;
  await expect
    .poll(
      async () => {
        const { position } = await snapshot(page);
        const settled = position !== from && position === last;
        last = position;
        return settled;
      },
      { intervals: [150], timeout: 15_000 },
    )
    .toBe(true);
}

/** Raw touch input through the DevTools protocol (a context with hasTouch). */
export class Touch {
  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<Touch> {
    return new Touch(await page.context().newCDPSession(page));
  }

  async start(points: { x: number; y: number }[]): Promise<void> {
    await this.dispatch('touchStart', points);
  }

  async move(points: { x: number; y: number }[]): Promise<void> {
    await this.dispatch('touchMove', points);
  }

  async end(): Promise<void> {
    await this.dispatch('touchEnd', []);
  }

  private async dispatch(type: string, points: { x: number; y: number }[]): Promise<void> {
    await this.cdp.send('Input.dispatchTouchEvent', {
      type: type as 'touchStart',
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
    });
  }
}

/** A pixel of the page, as [r, g, b]. */
export async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
  });
  const { default: sharp } = await import('sharp');
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
}
