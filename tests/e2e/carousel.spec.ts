import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { axeBuilder } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { screenTiles, withEngine } from './support/interaction';
import {
  API,
  apiLogin,
  openTimelineSignedIn,
  PAGE_LOAD_TIMEOUT,
  signInThroughIdentityPage,
} from './support/login';
import { navigateInApp } from './support/routes';
import { sharedPage } from './support/sharedPage';
import { recordVideo, uploadTo } from './support/media';
import { createTestUser, holdVideos } from './support/testControls';
import { viewerAction } from './support/viewer';

// One library of this spec's own (a fresh account): what it deletes and counts is its own. One
// page signed in once (issue 35 step 5) for the tests that open the grid: each goes back to the
// grid in the app and opens what it needs; the slideshow (a fake clock from the page's start) and
// the signed-out link keep pages of their own. Serial: a failing test skips the rest.
test.describe.configure({ mode: 'serial' });

const PHOTOS = 12;
/** Capture times one hour apart in May 2023: the timeline shows the newest first. */
const BASE = Date.UTC(2023, 4, 10) / 1000;
let user: { email: string; password: string };
let token: string;
let jobId: string;
/** Photo ids in timeline order (newest first); the EXIF photo is the newest. */
const photos: string[] = [];

const upload = (name: string, bytes: Uint8Array, type: string, mtime: number) =>
  uploadTo({ id: jobId, token }, name, bytes, type, mtime);

function photo(i: number): Promise<Buffer> {
  const image = sharp({
    create: {
      width: 900 + i * 10,
      height: 600,
      channels: 3,
      background: { r: (i * 40) % 255, g: 90, b: 255 - ((i * 40) % 255) },
    },
  });
  // The newest photo carries camera data for the info panel.
  return (
    i === PHOTOS - 1
      ? image.withExif({
          IFD0: { Make: 'Capture', Model: 'Test Camera 9' },
          IFD2: {
            ExposureTime: '1/125',
            FNumber: '18/10',
            ISOSpeedRatings: '200',
            FocalLength: '42/10',
          },
        })
      : image
  )
    .jpeg({ quality: 80 })
    .toBuffer();
}

test.beforeAll(async ({ request }) => {
  user = await createTestUser('carousel');
  token = await apiLogin(request, user);
  const job = await fetch(`${API}/jobs/default`, {
    headers: { Authorization: basicAuthHeader(token) },
  });
  jobId = ((await job.json()) as { id: string }).id;
  for (let i = 0; i < PHOTOS; i++) {
    photos.unshift(
      await upload(`carousel/photo-${i}.jpg`, await photo(i), 'image/jpeg', BASE + i * 3600),
    );
  }
});

/** The page the grid tests share. */
const shared = sharedPage();

/** Sets this user's help_us_improve consent, the one that allows analytics (SPEC §1). */
async function consentToAnalytics(allowed: boolean): Promise<void> {
  const response = await fetch(`${API}/data_protection/consent_values`, {
    method: 'POST',
    headers: { Authorization: basicAuthHeader(token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ help_us_improve: allowed }),
  });
  expect(response.ok).toBe(true);
}

/**
 * Signs in on the grid (the first time: a page load; then back to the grid in the app), then
 * opens `path`: in the app, as a file's link opens the viewer over the grid, or (`load`) as a
 * page load of that link, for a deep link.
 */
async function openGrid(
  page: Page,
  path = '/photos',
  how: 'link' | 'load' = 'link',
): Promise<void> {
  if (how === 'load' && page.url() !== 'about:blank') {
    // Signed in already: the deep link's own load.
    await page.goto(path);
    await expect(viewer(page)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    return;
  }
  if (page.url() === 'about:blank') {
    await openTimelineSignedIn(page, '/photos', user);
  } else {
    await navigateInApp(page, '/photos');
    await expect(viewer(page)).toHaveCount(0);
    await expect(page.getByTestId('timeline')).toBeVisible();
  }
  await waitForSceneReady(page);
  if (path === '/photos') return;
  if (how === 'load') {
    await page.goto(path);
    await expect(viewer(page)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  } else await navigateInApp(page, path);
}

const viewer = (page: Page) => page.getByTestId('carousel');

async function expectViewing(page: Page, id: string): Promise<void> {
  await expect(viewer(page)).toHaveAttribute('data-file-id', id);
  await expect(page).toHaveURL(new RegExp(`/photos/${id}(\\?|#|$)`));
}

test('a click on a tile opens the viewer at once; keys and swipes step with the URL; Back returns to the grid with the file in view', async () => {
  const page = shared();
  // This user allows analytics (SPEC §1 help_us_improve), so the viewer's events leave.
  await consentToAnalytics(true);
  await openGrid(page);
  // SPEC §8: the last photo's 1280 image fails (a 500 for its preload and its stage alike).
  const broken = (url: URL) =>
    url.pathname.endsWith(`/th/3/${photos[PHOTOS - 1]}`) && url.searchParams.get('area') === '1280';
  await page.route(broken, (route) => route.fulfill({ status: 500, body: 'broken' }));
  const tiles = await screenTiles(page);
  const first = tiles.find((t) => t.id === photos[0])!;
  await page.mouse.click(first.x + first.w / 2, first.y + first.h / 2);
  await expectViewing(page, photos[0]);
  await expect(page.getByTestId('carousel-counter')).toHaveText(`1 of ${PHOTOS}`);
  // The 1280 image decodes and shows.
  await expect(page.getByTestId('carousel-image')).toHaveClass(/is-loaded/);
  await expect(page.getByTestId('carousel-previous')).toBeDisabled();

  for (let i = 1; i <= 10; i++) {
    await page.keyboard.press('ArrowRight');
    await expectViewing(page, photos[i]);
  }
  await expect(page.getByTestId('carousel-counter')).toHaveText(`11 of ${PHOTOS}`);
  // A swipe to the left goes on, one to the right goes back.
  const stage = (await page.locator('.carousel-stage').boundingBox())!;
  const y = stage.y + stage.height / 2;
  await page.mouse.move(stage.x + stage.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width * 0.3, y, { steps: 8 });
  const unsupported = page.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/user_statistics_events' &&
      (request.postData() ?? '').includes('unsupported_media'),
  );
  await page.mouse.up();
  await expectViewing(page, photos[11]);
  // Its image failed: the viewer says so over the stage, never a blank screen, and sends the
  // unsupported-media event.
  await expect(page.getByTestId('carousel-image-failed')).toHaveText('Something went wrong');
  const sent = (await unsupported).postDataJSON() as {
    events: { event_name: string; event_data?: unknown }[];
  };
  expect(sent.events).toContainEqual(
    expect.objectContaining({
      event_name: 'web_unsupported_media',
      event_data: { layer: 'large' },
    }),
  );
  await page.unroute(broken);
  await consentToAnalytics(false);
  await page.mouse.move(stage.x + stage.width * 0.3, y);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width * 0.7, y, { steps: 8 });
  await page.mouse.up();
  await expectViewing(page, photos[10]);

  // Steps replaced the history entry: one Back leaves the viewer.
  await page.goBack();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/photos$/);
  await expect
    .poll(async () => (await screenTiles(page)).some((t) => t.id === photos[10]))
    .toBe(true);
});

test('a deep link opens its file; zoom past the 1280 image loads the original; the viewer is accessible', async () => {
  const page = shared();
  await openGrid(page, `/photos/${photos[3]}`, 'load');
  await expectViewing(page, photos[3]);
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(page.getByTestId('carousel-original')).toHaveClass(/is-loaded/);
  await page.keyboard.press('0');
  const results = await axeBuilder(page).include('[data-testid="carousel"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/photos$/);
});

test('the info panel shows the camera of an uploaded photo; copy puts a PNG on the clipboard; fullscreen toggles', async () => {
  const page = shared();
  const context = page.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openGrid(page, `/photos/${photos[0]}`);
  await expectViewing(page, photos[0]);
  await page.keyboard.press('i');
  const info = page.getByTestId('carousel-info');
  await expect(info.getByTestId('carousel-info-camera')).toHaveText(
    /Capture Test Camera 9.*ISO 200 · ƒ\/1\.8 · 1\/125 s · 4\.2 mm/s,
  );
  await expect(info.getByTestId('carousel-info-name')).toHaveText('photo-11.jpg');
  await expect(info.getByTestId('carousel-info-dimensions')).toHaveText('1,010 × 600 pixels');

  await (await viewerAction(page, 'carousel-copy')).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const types = await page.evaluate(async () => (await navigator.clipboard.read())[0].types);
  expect(types).toContain('image/png');

  await page.keyboard.press('f');
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid')))
    .toBe('carousel');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  // The side module is remembered.
  await page.reload();
  await expect(page.getByTestId('carousel-info')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await page.keyboard.press('i');
  await expect(page.getByTestId('carousel-info')).toHaveCount(0);
});

test('the slideshow advances every 5 s and stops on a manual step', async ({ page }) => {
  await page.clock.install();
  await openGrid(page, `/photos/${photos[0]}`);
  await expectViewing(page, photos[0]);
  // Time stands still but for the test's own steps.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.getByTestId('carousel-slideshow').click();
  await expect(page).toHaveURL(/#autoPlay$/);
  await expect(page.getByTestId('slideshow-timer')).toBeVisible();
  await page.clock.runFor(5_100);
  await expectViewing(page, photos[1]);
  await page.clock.runFor(5_100);
  await expectViewing(page, photos[2]);
  await page.keyboard.press('ArrowLeft');
  await expectViewing(page, photos[1]);
  await expect(page).not.toHaveURL(/#autoPlay/);
  await page.clock.runFor(11_000);
  await expectViewing(page, photos[1]);
});

test('delete moves on to the next file and undo brings it back', async () => {
  const page = shared();
  await openGrid(page, `/photos/${photos[5]}`);
  await expectViewing(page, photos[5]);
  await page.keyboard.press('Delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectViewing(page, photos[6]);
  await expect(page.getByTestId('carousel-counter')).toHaveText(`6 of ${PHOTOS - 1}`);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(() =>
      withEngine(
        page,
        (engine, id) => {
          for (let s = 0; s < engine.timeline.sectionCount; s++) {
            for (let i = 0; i < engine.timeline.sectionSize(s); i++) {
              if (engine.timeline.fileId(s, i) === id) return true;
            }
          }
          return false;
        },
        photos[5],
      ),
    )
    .toBe(true);
});

test('a fresh video goes PROCESSING → ENCODED and plays; deleting the only file of a filter returns to the grid', async () => {
  const page = shared();
  await openGrid(page);
  const webm = await recordVideo(page, 1500);
  await holdVideos(true);
  let videoId = '';
  try {
    videoId = await upload('carousel/clip.webm', webm, 'video/webm', BASE - 86_400);
    await page.goto(`/photos/${videoId}?filter=only_videos`);
    await expect(viewer(page)).toHaveAttribute('data-file-id', videoId, {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await expect(page.getByTestId('carousel-video-state')).toHaveAttribute(
      'data-status',
      'PROCESSING',
    );
  } finally {
    await holdVideos(false);
  }
  const video = page.getByTestId('carousel-video');
  await expect(video).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('k');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);

  // The only video: deleting it leaves nothing to move to, so the viewer returns to the grid.
  await page.getByTestId('carousel-delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/photos\?filter=only_videos$/);
  await expect(page.getByTestId('timeline-empty')).toBeVisible();
});

test('signed out, a link to a file goes through the login and lands on the file', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/photos/${photos[2]}`);
  // The login flow starts by itself: the identity provider's page.
  await signInThroughIdentityPage(page, user, { fromPrompt: false });
  // The app's cold load after the identity page.
  await expect(viewer(page)).toHaveAttribute('data-file-id', photos[2], {
    timeout: PAGE_LOAD_TIMEOUT,
  });
  await expect(page).toHaveURL(new RegExp(`/photos/${photos[2]}$`));
  await context.close();
});
