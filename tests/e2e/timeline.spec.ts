import { expect, test, type Page } from '@playwright/test';
import { canvasColourStats, snapshot, waitForSceneReady } from './support/gallery';
import { openTimelineSignedIn, PAGE_LOAD_TIMEOUT } from './support/login';
import { sharedPage } from './support/sharedPage';

// The demo user's tests share one page signed in once (issue 35 step 5: a new context's page
// load and sign-in cost about 9 CPU s, a load in the page already signed in about 3: its code and
// files are cached). Each test starts from a load of /photos (timeline()). Serial: a failing test
// skips the rest of the file.
test.describe.configure({ mode: 'serial' });

const shared = sharedPage();

/**
 * The shared page freshly loaded at /photos: the first time, a page load signed in; then a load
 * in the page already signed in (its session kept in the tab's storage). A load, not a way in the
 * app: End and Home on a timeline mounted anew in the app were seen ending 13 px from the top.
 */
async function timeline(): Promise<Page> {
  const page = shared();
  if (page.url() === 'about:blank') {
    await openTimelineSignedIn(page);
  } else {
    await page.goto('/photos');
    await expect(page.getByTestId('timeline')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  }
  return page;
}

test('the seeded library renders real thumbnails on the canvas', async () => {
  const page = await timeline();
  const ready = await waitForSceneReady(page);
  expect(ready.sections).toBeGreaterThan(200);
  expect(ready.drawCalls).toBeLessThanOrEqual(5);
  const colours = await canvasColourStats(page.locator('[data-testid="gallery"] canvas'));
  // Synthetic thumbnails are coloured gradients with text; placeholders are one flat grey.
  expect(colours.nonGrey).toBeGreaterThan(500);
  expect(colours.distinct).toBeGreaterThan(50);
  // The newest month is at the top and its header is DOM text.
  await expect(page.locator('.gallery-headers__header:not([hidden])').first()).toBeVisible();
});

test('loading /photos logs no three.js warning', async () => {
  const page = shared();
  const messages: string[] = [];
  const listen = (message: { text(): string; type(): string }) => {
    if (message.text().includes('THREE.')) messages.push(`${message.type()}: ${message.text()}`);
  };
  page.on('console', listen);
  try {
    await timeline();
    await waitForSceneReady(page);
    expect(messages).toEqual([]);
  } finally {
    page.off('console', listen);
  }
});

test('no frame is drawn while idle', async () => {
  const page = await timeline();
  await waitForSceneReady(page);
  // Let late arrivals (a large thumbnail and its 200 ms fade) finish: a full second with no frame.
  let last = -1;
  await expect
    .poll(
      async () => {
        const frames = (await snapshot(page)).frames;
        const quiet = frames === last;
        last = frames;
        return quiet;
      },
      { intervals: [1000], timeout: 20_000 },
    )
    .toBe(true);
  await page.waitForTimeout(2000);
  expect((await snapshot(page)).frames).toBe(last);
});

test('End reaches the oldest month and Home the newest', async () => {
  const page = await timeline();
  await waitForSceneReady(page);
  const { newest, oldest } = await page.evaluate(() => {
    const g = (
      window as unknown as {
        __capture: {
          gallery: {
            timeline: {
              sectionCount: number;
              sectionYear(i: number): number;
              sectionMonth(i: number): number;
            };
          };
        };
      }
    ).__capture.gallery.timeline;
    const last = g.sectionCount - 1;
    return {
      newest: { year: g.sectionYear(0), month: g.sectionMonth(0) },
      oldest: { year: g.sectionYear(last), month: g.sectionMonth(last) },
    };
  });
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('End');
  await expect
    .poll(async () => (await snapshot(page)).position, { timeout: 10_000 })
    .toBeGreaterThan(0);
  await waitForSceneReady(page);
  await expect
    .poll(async () => {
      const s = await snapshot(page);
      return (
        s.position >=
        s.contentHeight - (await page.getByTestId('gallery').boundingBox())!.height - 1
      );
    })
    .toBe(true);
  // The oldest section is on screen at the bottom.
  const atEnd = await page.evaluate(() => {
    const g = (
      window as unknown as {
        __capture: {
          gallery: {
            timeline: { dateAt(y: number): { year: number; month: number } };
            scroll: { position: number; viewportHeight: number };
          };
        };
      }
    ).__capture.gallery;
    return g.timeline.dateAt(g.scroll.position + g.scroll.viewportHeight - 5);
  });
  expect({ year: atEnd.year, month: atEnd.month }).toEqual(oldest);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await snapshot(page)).position).toBe(0);
  const top = await snapshot(page);
  expect({ year: top.date.year, month: top.date.month }).toEqual(newest);
});

test('20 random fast-scroller jumps each land in the target month', async () => {
  const page = await timeline();
  await waitForSceneReady(page);
  const slider = page.getByRole('slider');
  const box = (await slider.boundingBox())!;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let jump = 0; jump < 20; jump++) {
    const fraction = random();
    const target = await page.evaluate((f) => {
      const g = (
        window as unknown as {
          __capture: {
            gallery: {
              fastScroll: {
                monthIndexAtTrack(f: number): number;
                monthDate(m: number): { year: number; month: number };
                trackToPosition(f: number): number;
                monthIndexAt(y: number): number;
              };
              scroll: { maxPosition: number };
            };
          };
        }
      ).__capture.gallery;
      const month = g.fastScroll.monthIndexAtTrack(f);
      // A month wholly inside the last screen is shown at the clamped end position.
      const landing = Math.min(g.fastScroll.trackToPosition(f), g.scroll.maxPosition);
      const expected = g.fastScroll.monthIndexAt(landing);
      return { month, expected: g.fastScroll.monthDate(expected) };
    }, fraction);
    // The thumb is 32 px; the track's usable height excludes it.
    await page.mouse.click(box.x + box.width / 2, box.y + 16 + fraction * (box.height - 32));
    await expect
      .poll(async () => {
        const s = await snapshot(page);
        return `${s.date.year}-${s.date.month}`;
      })
      .toBe(`${target.expected.year}-${target.expected.month}`);
  }
});

test('the date and the thumbnails survive a forced WebGL context loss', async () => {
  const page = await timeline();
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  const before = await waitForSceneReady(page);
  await page.evaluate(async () => {
    const canvas = document.querySelector('[data-testid="gallery"] canvas') as HTMLCanvasElement;
    const gl = canvas.getContext('webgl2')!;
    const lose = gl.getExtension('WEBGL_lose_context')!;
    lose.loseContext();
    await new Promise((resolve) => setTimeout(resolve, 300));
    lose.restoreContext();
  });
  await expect
    .poll(async () => (await snapshot(page)).frames, { timeout: 10_000 })
    .toBeGreaterThan(before.frames);
  const after = await waitForSceneReady(page);
  expect(after.date).toEqual(before.date);
  expect(after.position).toBe(before.position);
  const colours = await canvasColourStats(page.locator('[data-testid="gallery"] canvas'));
  expect(colours.nonGrey).toBeGreaterThan(500);
});
