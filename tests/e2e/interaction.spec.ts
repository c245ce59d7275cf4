import { expect, test, type Page } from '@playwright/test';
import { axeBuilder } from './support/axe';
import { snapshot, waitForSceneReady } from './support/gallery';
import {
  galleryOrigin,
  pixelAt,
  screenTiles,
  selectionCount,
  tileRect,
  Touch,
  waitForScrollSettled,
  waitForZoomSettled,
  withEngine,
  type ScreenTile,
} from './support/interaction';
import { openTimelineSignedIn } from './support/login';
import { expectOpened, navigateInApp } from './support/routes';
import { sharedPage } from './support/sharedPage';

/** ToBeDeselected, in the engine's FileSelectionState. */
const TO_BE_DESELECTED = 3;
const DEFAULT_ZOOM = 2;

// One signed-in page for the tests at the default size and one for the touch tests (issue 35
// step 5: a page load and sign-in cost more CPU than most of these tests). Each test starts from
// a timeline mounted anew (ready): a new engine at the default zoom, nothing selected, at the top.
// Serial: a failing test skips the rest of the file.
test.describe.configure({ mode: 'serial' });

/** The shared page (the touch tests have one of their own). */
let page: Page;
const defaultPage = sharedPage();
test.beforeEach(() => {
  page = defaultPage();
});

test.afterEach(async () => {
  // What a test emulated is not the next one's.
  await page.emulateMedia({ reducedMotion: null });
});

/**
 * The timeline as a fresh load shows it. The first time, a page load signed in; then, in the page
 * already signed in: back at the top, left for another page and opened again in the app (the
 * grid mounts a new engine, whose zoom, selection and focus are the defaults; its last seen
 * place is the top it left).
 */
async function ready(page: Page): Promise<ScreenTile[]> {
  if (page.url() === 'about:blank') {
    await openTimelineSignedIn(page);
  } else {
    if (new URL(page.url()).pathname !== '/photos') await navigateInApp(page, '/photos');
    await expect(page.getByTestId('carousel')).toHaveCount(0);
    await withEngine(page, (engine) => engine.scroll.scrollTo(0));
    await expect.poll(async () => (await snapshot(page)).position).toBe(0);
    // A frame drawn at the top: the page keeps the top file its last frame reported as the place
    // to come back to (the scene's counters alone can still be the last frame's, further down).
    await expect
      .poll(async () =>
        (await screenTiles(page)).some((t) => t.section === 0 && t.item === 0 && t.id),
      )
      .toBe(true);
    await waitForSceneReady(page);
    await navigateInApp(page, '/error/1');
    await expect(page.getByTestId('gallery')).toHaveCount(0);
    await navigateInApp(page, '/photos');
    await expect(page.getByTestId('timeline')).toBeVisible();
  }
  await waitForSceneReady(page);
  expect(await snapshot(page)).toMatchObject({ position: 0, zoomLevel: DEFAULT_ZOOM, selected: 0 });
  const tiles = await screenTiles(page);
  expect(tiles.length).toBeGreaterThan(4);
  return tiles;
}

function cell(page: Page, id: string) {
  return page.locator(`[role="gridcell"][data-file="${id}"]`);
}

test('a click on the check mark selects; clicks in selection mode toggle; Escape clears', async () => {
  const tiles = await ready(page);
  const [first, second] = tiles;
  await page.mouse.click(first.x + 14, first.y + 14);
  await expect.poll(() => selectionCount(page)).toBe(1);
  await expect(cell(page, first.id)).toHaveAttribute('aria-selected', 'true');
  // The shader draws the filled check circle (accent blue) in the corner.
  await expect
    .poll(async () => {
      const [r, , b] = await pixelAt(page, first.x + 16, first.y + 10);
      return b - r;
    })
    .toBeGreaterThan(80);
  // In selection mode a click anywhere on a tile toggles it instead of opening it.
  await page.mouse.click(second.x + second.w / 2, second.y + second.h / 2);
  await expect.poll(() => selectionCount(page)).toBe(2);
  expect(page.url()).toMatch(/\/photos$/);
  await page.mouse.click(second.x + second.w / 2, second.y + second.h / 2);
  await expect.poll(() => selectionCount(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => selectionCount(page)).toBe(0);
  await expect(cell(page, first.id)).toHaveAttribute('aria-selected', 'false');
  // The month header's check selects its whole section.
  await page.getByTestId('section-check').first().click();
  const size = await withEngine(page, (engine) => engine.timeline.sectionSize(0));
  await expect.poll(() => selectionCount(page)).toBe(size);
  await expect(page.getByTestId('section-check').first()).toHaveAttribute('aria-checked', 'true');
});

test('shift-click selects a range across months that were not loaded', async () => {
  const tiles = await ready(page);
  const first = tiles[0];
  await page.mouse.click(first.x + 14, first.y + 14);
  await expect.poll(() => selectionCount(page)).toBe(1);
  // Jump several months down without drawing the months in between.
  const target = await withEngine(page, (engine) => {
    const { timeline } = engine;
    for (let s = 6; s < timeline.sectionCount; s++) {
      let unloaded = 0;
      for (let m = 1; m < s; m++) if (!timeline.isLoaded(m)) unloaded++;
      if (unloaded >= 2 && timeline.sectionSize(s) > 0) {
        engine.scroll.scrollTo(timeline.sectionTop(s));
        return s;
      }
    }
    return -1;
  });
  expect(target).toBeGreaterThan(0);
  // Placeholders count as a scene; wait for the target month's own tiles (fetched and laid out
  // by the worker: past 10 s at a load of 23 on two cores, as the months below).
  await expect
    .poll(async () => (await screenTiles(page)).some((t) => t.section === target), {
      timeout: 20_000,
    })
    .toBe(true);
  await waitForSceneReady(page);
  const there = (await screenTiles(page)).find((t) => t.section === target)!;
  await page.keyboard.down('Shift');
  await page.mouse.click(there.x + there.w / 2, there.y + there.h / 2);
  await page.keyboard.up('Shift');
  // Every month from the first click to the second loads first (sizes may differ from counts).
  await expect
    .poll(
      () =>
        withEngine(
          page,
          (engine, last) => {
            for (let s = 0; s <= last; s++) if (!engine.timeline.isLoaded(s)) return false;
            return true;
          },
          target,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  const expected = await withEngine(
    page,
    (engine, t) => {
      let count = 0;
      for (let s = t.from.section; s <= t.to.section; s++) {
        const size = engine.timeline.sectionSize(s);
        const start = s === t.from.section ? t.from.item : 0;
        const end = s === t.to.section ? t.to.item + 1 : size;
        count += Math.max(0, end - start);
      }
      return count;
    },
    { from: { section: first.section, item: first.item }, to: there },
  );
  await expect.poll(() => selectionCount(page)).toBe(expected);
  expect(expected).toBeGreaterThan(50);
});

test('shift over a fully selected range previews and applies deselection', async () => {
  const tiles = await ready(page);
  const a = tiles[0];
  const b = tiles[Math.min(tiles.length - 1, 5)];
  await page.mouse.click(a.x + 14, a.y + 14);
  // The first click taken before Shift goes down: at a load of 15 on two cores, the range once
  // came out as one file.
  await expect.poll(() => selectionCount(page)).toBe(1);
  await page.keyboard.down('Shift');
  await page.mouse.click(b.x + b.w / 2, b.y + b.h / 2);
  const rangeSize = await withEngine(
    page,
    (_engine, t) => (t.b.section === t.a.section ? t.b.item - t.a.item + 1 : -1),
    { a, b },
  );
  await expect.poll(() => selectionCount(page)).toBe(rangeSize);
  // Shift-hover back to the start: every file in the range is selected, so it previews removal.
  await page.mouse.move(a.x + a.w / 2, a.y + a.h / 2);
  await expect
    .poll(() =>
      withEngine(page, (engine, p) => engine.selection.displayState(p.section, p.item), a),
    )
    .toBe(TO_BE_DESELECTED);
  expect(await withEngine(page, (engine) => engine.selection.preview?.deselect)).toBe(true);
  await page.mouse.click(a.x + a.w / 2, a.y + a.h / 2);
  await page.keyboard.up('Shift');
  await expect.poll(() => selectionCount(page)).toBe(0);
});

test.describe('touch', () => {
  let page: Page;

  const touchPage = sharedPage({ hasTouch: true, viewport: { width: 900, height: 800 } });
  test.beforeEach(() => {
    page = touchPage();
  });

  test('a long-press selects the tile and opens the context menu', async () => {
    const tiles = await ready(page);
    const tile = tiles[1];
    const touch = await Touch.attach(page);
    await touch.start([{ x: tile.x + tile.w / 2, y: tile.y + tile.h / 2 }]);
    await page.waitForTimeout(800);
    await touch.end();
    await expect.poll(() => selectionCount(page)).toBe(1);
    expect(
      await withEngine(page, (engine, t) => engine.selection.isSelected(t.section, t.item), tile),
    ).toBe(true);
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    // A tap in selection mode toggles another tile.
    const other = tiles[2];
    await touch.start([{ x: other.x + other.w / 2, y: other.y + other.h / 2 }]);
    await touch.end();
    await expect.poll(() => selectionCount(page)).toBe(2);
  });

  test('a pinch zooms in and keeps the item under the fingers', async () => {
    await ready(page);
    const origin = await galleryOrigin(page);
    const box = (await page.getByTestId('gallery').boundingBox())!;
    const mid = { x: origin.x + box.width * 0.45, y: origin.y + box.height * 0.5 };
    const anchor = await withEngine(page, (engine, p) => engine.actions.hitTest(p.x, p.y), {
      x: mid.x - origin.x,
      y: mid.y - origin.y,
    });
    expect(anchor).not.toBeNull();
    const touch = await Touch.attach(page);
    await touch.start([
      { x: mid.x - 40, y: mid.y },
      { x: mid.x + 40, y: mid.y },
    ]);
    // 80 px apart to 128: a 1.6x pinch asks for the next level (1.5x rows).
    for (let step = 1; step <= 8; step++) {
      await touch.move([
        { x: mid.x - 40 - step * 3, y: mid.y },
        { x: mid.x + 40 + step * 3, y: mid.y },
      ]);
    }
    await touch.end();
    await waitForZoomSettled(page, DEFAULT_ZOOM + 1);
    const rect = (await tileRect(page, anchor!.section, anchor!.item))!;
    expect(rect).not.toBeNull();
    expect(rect.y).toBeLessThanOrEqual(mid.y + 1);
    expect(rect.y + rect.h).toBeGreaterThanOrEqual(mid.y - 1);
  });
});

test('Ctrl+wheel zooms out around the pointer, and + zooms back in', async () => {
  await ready(page);
  // Away from the top, where the content cannot move down far enough to keep an anchor still.
  await withEngine(page, (engine) => engine.scroll.scrollTo(engine.timeline.sectionTop(3) + 300));
  await expect
    .poll(async () => (await screenTiles(page)).filter((t) => t.section >= 3).length)
    .toBeGreaterThan(4);
  await waitForSceneReady(page);
  const tiles = await screenTiles(page);
  const tile = tiles[Math.floor(tiles.length / 2)];
  const point = { x: tile.x + tile.w / 2, y: tile.y + tile.h / 2 };
  await page.mouse.move(point.x, point.y);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, 120);
  await page.keyboard.up('Control');
  await waitForZoomSettled(page, DEFAULT_ZOOM - 1);
  const rect = (await tileRect(page, tile.section, tile.item))!;
  expect(rect.y).toBeLessThanOrEqual(point.y + 1);
  expect(rect.y + rect.h).toBeGreaterThanOrEqual(point.y - 1);
  // Lower rows, so more tiles on the screen. Not always a lower row for this tile: a row already
  // at the row cap (SPEC's 8 a row) keeps its files, so its height, at every level (fresh26 and
  // fresh27: a row of eight narrow files uploaded by other specs, 176 px before and after).
  expect(rect.h).toBeLessThanOrEqual(tile.h);
  expect((await screenTiles(page)).length).toBeGreaterThan(tiles.length);
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('+');
  await waitForZoomSettled(page, DEFAULT_ZOOM);
  const snapshot = await waitForSceneReady(page);
  expect(snapshot.tiles).toBeGreaterThan(0);
});

test('reduced motion: a zoom takes its new scale at once, without animating', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await ready(page);
  expect(
    await withEngine(
      page,
      (engine) => (engine as unknown as { reducedMotion: boolean }).reducedMotion,
    ),
  ).toBe(true);
  // Every transform the stage takes during the zoom (@react-spring writes the style directly).
  await page.evaluate(() => {
    const stage = document.querySelector<HTMLElement>('.gallery-view__stage')!;
    const seen: string[] = [];
    (window as unknown as { stageTransforms: string[] }).stageTransforms = seen;
    new MutationObserver(() => seen.push(stage.style.transform)).observe(stage, {
      attributes: true,
      attributeFilter: ['style'],
    });
  });
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('+');
  await waitForZoomSettled(page, DEFAULT_ZOOM + 1);
  const transforms = await page.evaluate(
    () => (window as unknown as { stageTransforms: string[] }).stageTransforms,
  );
  const scales = new Set(
    transforms
      .map((t) => /scale\(([\d.]+)\)/.exec(t)?.[1])
      .filter((s): s is string => s !== undefined)
      .map(Number),
  );
  // Straight to the new level's scale (1.5x rows), then the new layout: no frames in between.
  expect([...scales]).toEqual([1.5]);
  expect(transforms[transforms.length - 1]).toBe('none');
});

test('keyboard only: arrows, Space, Shift+arrows, Ctrl+A, Escape and Enter', async () => {
  await ready(page);
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('ArrowRight');
  const focused = page.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveCount(1);
  const firstId = await focused.getAttribute('data-file');
  await page.keyboard.press('ArrowRight');
  await expect(focused).not.toHaveAttribute('data-file', firstId!);
  await page.keyboard.press(' ');
  await expect(focused).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => selectionCount(page)).toBe(2);
  await page.keyboard.press('x');
  await expect.poll(() => selectionCount(page)).toBe(1);
  await page.keyboard.press('Control+a');
  const total = await withEngine(page, (engine) => {
    let n = 0;
    for (let s = 0; s < engine.timeline.sectionCount; s++) n += engine.timeline.sectionSize(s);
    return n;
  });
  await expect.poll(() => selectionCount(page)).toBe(total);
  await page.keyboard.press('Escape');
  await expect.poll(() => selectionCount(page)).toBe(0);
  const before = await focused.getAttribute('data-file');
  await page.keyboard.press('ArrowDown');
  await expect(focused).not.toHaveAttribute('data-file', before!);
  const id = await focused.getAttribute('data-file');
  expect(id).toBeTruthy();
  await expect(focused).toHaveAttribute('aria-label', /^Photo|^Video|^Screenshot/);
  await page.keyboard.press('Enter');
  await expectOpened(page, id!);
});

test.describe('TV', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('D-pad navigation keeps the focus on a visible tile', async ({ page }) => {
    await ready(page);
    await page.getByTestId('gallery').focus();
    await page.keyboard.press('ArrowRight');
    const focused = page.locator('[role="gridcell"]:focus');
    await expect(focused).toHaveCount(1);
    const rows: number[] = [];
    const focusAt = () => withEngine(page, (engine) => JSON.stringify(engine.focus.position));
    for (let i = 0; i < 4; i++) {
      const before = await focusAt();
      await page.keyboard.press('ArrowDown');
      // The focus moved to another tile (each press is taken before the next).
      await expect.poll(focusAt).not.toBe(before);
      rows.push(Number(await focused.locator('..').getAttribute('aria-rowindex')));
    }
    expect(rows[3]).toBeGreaterThan(rows[0]);
    await expect(page.getByTestId('gallery')).toHaveAttribute('data-focus-mode', 'tv');
    // Page Down scrolls the focused tile away: the focus moves to a tile on screen.
    const top = (await snapshot(page)).position;
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await waitForScrollSettled(page, top);
    await expect(focused).toHaveCount(1);
    const box = (await focused.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(1080);
    const focus = await withEngine(page, (engine) => ({
      visible: engine.focus.visible,
      onScreen: (() => {
        for (let i = 0; i < engine.composer.visibleCount; i++) {
          const t = engine.composer.visibleTiles[i];
          if (t.section === engine.focus.section && t.item === engine.focus.item) return true;
        }
        return false;
      })(),
    }));
    expect(focus).toEqual({ visible: true, onScreen: true });
    // Ten-foot sizes at the TV breakpoint.
    const fontSize = await page
      .locator('.gallery-headers__header:not([hidden])')
      .first()
      .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(22);
    // OK (Enter) opens the focused file.
    const id = await focused.getAttribute('data-file');
    await page.keyboard.press('Enter');
    await expectOpened(page, id!);
  });
});

test('axe-core finds no accessibility violations on /photos', async () => {
  const tiles = await ready(page);
  await page.mouse.click(tiles[0].x + 14, tiles[0].y + 14);
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('ArrowRight');
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target).slice(0, 3) })),
  ).toEqual([]);
  await expect(page.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(1);
});

// After the axe scan, which scans the cookie notice this test acknowledges.
test('the context menu opens upward near the bottom and is keyboard accessible', async () => {
  await ready(page);
  // The cookie notice sits over the bottom of the grid until acknowledged: out of the way.
  await page.getByRole('button', { name: 'OK, I understand' }).click();
  const box = (await page.getByTestId('gallery').boundingBox())!;
  const bottom = box.y + box.height;
  // A point 40 to 90 px above the bottom edge, on a tile (possibly one cut by the edge): the
  // first height from the bottom where a tile is (a month header or gap may sit at 40 px).
  const tiles = await screenTiles(page, { partial: true });
  let lowY = bottom - 40;
  let low = tiles.find((t) => t.y <= lowY - 5 && t.y + t.h >= lowY + 5);
  for (let y = bottom - 50; !low && y >= bottom - 90; y -= 10) {
    lowY = y;
    low = tiles.find((t) => t.y <= lowY - 5 && t.y + t.h >= lowY + 5);
  }
  if (!low) throw new Error('no tile near the bottom edge');
  const lowPoint = { x: low.x + low.w / 2, y: lowY };
  await page.mouse.click(lowPoint.x, lowPoint.y, { button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('data-placement', 'up');
  const menuBox = (await menu.boundingBox())!;
  expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(lowPoint.y + 1);
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  const high = (await screenTiles(page))[0];
  await page.mouse.click(high.x + high.w / 2, high.y + 20, { button: 'right' });
  await expect(menu).toHaveAttribute('data-placement', 'down');
  expect((await menu.boundingBox())!.y).toBeGreaterThanOrEqual(high.y + 19);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Select' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect.poll(() => selectionCount(page)).toBe(1);
});
