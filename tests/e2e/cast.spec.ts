import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { API, apiLogin, DEMO, openTimelineSignedIn } from './support/login';
import { recordVideo, uploadTo } from './support/media';
import { navigateInApp } from './support/routes';
import { call, createTestUser } from './support/testControls';
import { viewerAction } from './support/viewer';

// Casting to the app's own TV receiver (issue 18): a sender page and receiver pages (other tabs
// of the same browser: each tab is its own receiver), on a library of this spec's own. The sender
// loads the app once and goes from page to page in it, as a person does (issue 35 step 5: a page
// load costs 2-4 CPU s); its reload is a subject (the casting survives it).
test.describe.configure({ mode: 'serial' });

const BASE = Date.UTC(2022, 6, 1, 12) / 1000;
let user: { email: string; password: string };
let token: string;
let jobId: string;
/** Newest first, as the timeline walks them. */
const photos: string[] = [];
let videoId = '';

const upload = (name: string, bytes: Uint8Array, type: string, mtime: number) =>
  uploadTo({ id: jobId, token }, name, bytes, type, mtime);

const viewer = (page: Page) => page.getByTestId('carousel');
const stage = (tv: Page) => tv.getByTestId('cast-stage');
const tvVideo = (tv: Page) => tv.getByTestId('cast-video');

async function openReceiver(page: Page): Promise<{ tv: Page; code: string }> {
  const tv = await page.context().newPage();
  await tv.goto('/cast/receiver');
  const shown = tv.getByTestId('cast-code');
  await expect(shown).toHaveText(/^[A-Z2-9]{6}$/);
  return { tv, code: (await shown.textContent())!.trim() };
}

async function typeCode(page: Page, code: string) {
  await page.getByTestId('cast-code-input').fill(code);
  await page.getByRole('button', { name: 'Connect' }).click();
}

/**
 * Records, inside the page, every file id the element `testId` shows from now on (its
 * data-file-id). Polling it from the test instead can miss an item shown for 5 s when a busy
 * machine makes one poll take longer than that.
 */
function recordShownIds(testId: string): void {
  const w = window as unknown as { __shownIds?: Record<string, string[]> };
  const shown: string[] = [];
  (w.__shownIds ??= {})[testId] = shown;
  const record = () => {
    const id = document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-file-id');
    if (id && shown.at(-1) !== id) shown.push(id);
  };
  record();
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-file-id'],
  });
}

const shownIds = (page: Page, testId: string) =>
  page.evaluate(
    (id) => (window as unknown as { __shownIds?: Record<string, string[]> }).__shownIds?.[id] ?? [],
    testId,
  );

/** The pairing as the relay has it: the receiver's last report (its getReceiverState answers). */
async function sessionState(page: Page) {
  const stored = await page.evaluate(() => localStorage.getItem('castSession'));
  const { sessionId } = JSON.parse(stored!) as { sessionId: string };
  const response = await fetch(`${API}/cast/sessions/${sessionId}`, {
    headers: { Authorization: basicAuthHeader(token) },
  });
  return (
    (await response.json()) as {
      state: { playerState: string; currentTime: number; item: { fileId: string } | null } | null;
    }
  ).state;
}

test.beforeAll(async ({ request }) => {
  user = await createTestUser('cast');
  token = await apiLogin(request, user);
  const jobs = await fetch(`${API}/jobs/default`, {
    headers: { Authorization: basicAuthHeader(token) },
  });
  jobId = ((await jobs.json()) as { id: string }).id;
  for (let i = 0; i < 6; i++) {
    const bytes = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: i * 40, g: 90, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    photos.push(await upload(`cast/p${i}.jpg`, bytes, 'image/jpeg', BASE - i * 60));
  }
});

test('pair by code, follow the viewer, slideshow, video controls, the casting bar, stop', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openTimelineSignedIn(page, '/photos', user);
  videoId = await upload(
    'cast/clip.webm',
    await recordVideo(page, 6000),
    'video/webm',
    BASE - 86_400,
  );
  const { tv, code } = await openReceiver(page);

  await navigateInApp(page, `/photos/${photos[0]}`);
  await expect(viewer(page)).toHaveAttribute('data-file-id', photos[0]);
  await (await viewerAction(page, 'carousel-cast')).click();

  // A wrong code and an expired one are refused, each with its reason.
  await typeCode(page, 'AAAAAA');
  await expect(page.getByRole('alert')).toHaveText(
    'No TV shows this code. Check it and try again.',
  );
  const other = await openReceiver(page);
  await call('POST', '/__test/cast_code_expire', { code: other.code });
  await typeCode(page, other.code);
  await expect(page.getByRole('alert')).toHaveText(
    'This code has expired. Type the new code the TV shows.',
  );
  await other.tv.close();

  // The right code, typed as a person might: the TV shows the file on screen.
  await typeCode(page, `${code.slice(0, 3)} ${code.slice(3)}`.toLowerCase());
  await expect(page.getByTestId('cast-code-input')).toBeHidden();
  await expect(stage(tv)).toHaveAttribute('data-file-id', photos[0]);
  await expect(tv.getByTestId('cast-photo')).toBeVisible();

  // A second sender cannot take the TV over.
  const demoToken = await apiLogin(page.request, DEMO);
  const taken = await fetch(`${API}/cast/pair`, {
    method: 'POST',
    headers: { Authorization: basicAuthHeader(demoToken), 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(taken.status).toBe(409);

  // Stepping in the viewer steps the TV.
  await page.keyboard.press('ArrowRight');
  await expect(viewer(page)).toHaveAttribute('data-file-id', photos[1]);
  await expect(stage(tv)).toHaveAttribute('data-file-id', photos[1]);
  await page.keyboard.press('ArrowLeft');
  await expect(stage(tv)).toHaveAttribute('data-file-id', photos[0]);

  // The TV goes ahead (its remote here, no slideshow on either side): the viewer follows it.
  await tv.keyboard.press('ArrowRight');
  await expect(stage(tv)).toHaveAttribute('data-file-id', photos[1]);
  await expect(viewer(page)).toHaveAttribute('data-file-id', photos[1]);
  await expect(stage(tv)).toHaveAttribute('data-file-id', photos[1]);

  // Slideshow: the TV autoplays through the next 4 items (SPEC §9), 5 s each, and the sender's
  // viewer shows what the TV shows.
  // What each side shows is recorded in the page from the start (the sender's before the
  // slideshow's link is followed), so that no item is missed between two polls.
  await tv.evaluate(recordShownIds, 'cast-stage');
  await page.evaluate(recordShownIds, 'carousel');
  await navigateInApp(page, `/photos/${photos[0]}#autoPlay`);
  await expect(stage(tv)).toHaveAttribute('data-autoplay', '1');
  await expect
    .poll(
      async () => {
        // From the slideshow's first item on (the TV showed photos[1] before it).
        const all = await shownIds(tv, 'cast-stage');
        const seen = all.slice(Math.max(0, all.indexOf(photos[0])));
        const followed = await shownIds(page, 'carousel');
        // What is still to be seen, by its place in the slideshow (a failure names it and what
        // each side showed, in the same names).
        const name = (id: string) => (photos.includes(id) ? `p${photos.indexOf(id)}` : id);
        const missing = photos
          .slice(0, 5)
          .filter((id) => !seen.includes(id) || !followed.includes(id));
        return missing.length === 0
          ? []
          : [missing.map(name), { tv: all.map(name), viewer: followed.map(name) }];
      },
      // 5 items of 5 s each, the viewer one round trip behind: 60 s holds on a loaded machine.
      { timeout: 60_000, intervals: [250] },
    )
    .toEqual([]);
  await expect
    .poll(
      async () =>
        (await viewer(page).getAttribute('data-file-id')) ===
        (await stage(tv).getAttribute('data-file-id')),
    )
    .toBe(true);

  // A video: it plays on the TV.
  await navigateInApp(page, `/photos/${videoId}`);
  await expect(viewer(page)).toHaveAttribute('data-file-id', videoId);
  await expect(stage(tv)).toHaveAttribute('data-file-id', videoId);
  await expect(tvVideo(tv)).toBeVisible();
  await expect
    .poll(() => tvVideo(tv).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);

  // The casting bar, away from the viewer: pause, seek — the TV and its reported state agree.
  await navigateInApp(page, '/photos');
  const bar = page.getByTestId('casting-bar');
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Casting to Capture TV');
  await expect(page.getByTestId('casting-bar-item')).toHaveAttribute('data-file-id', videoId);
  await page.getByTestId('cookie-notice').getByRole('button').click();
  const play = page.getByTestId('casting-bar-play');
  const paused = () => tvVideo(tv).evaluate((v: HTMLVideoElement) => v.paused);
  // The clip ends on the TV (6 s): then seek, play and pause from the bar.
  await expect.poll(paused, { timeout: 20_000 }).toBe(true);
  await expect(play).toHaveText('Play');
  const seek = page.getByTestId('casting-bar-seek');
  await seek.fill('1');
  await seek.press('Shift');
  await expect
    .poll(() => tvVideo(tv).evaluate((v: HTMLVideoElement) => Math.round(v.currentTime)))
    .toBe(1);
  await expect.poll(async () => Math.round((await sessionState(page))?.currentTime ?? -1)).toBe(1);
  await play.click();
  await expect.poll(paused).toBe(false);
  await expect.poll(async () => (await sessionState(page))?.playerState).toBe('playing');
  await expect(play).toHaveText('Pause');
  await play.click();
  await expect.poll(paused).toBe(true);
  await expect.poll(async () => (await sessionState(page))?.playerState).toBe('paused');
  const tvTime = await tvVideo(tv).evaluate((v: HTMLVideoElement) => v.currentTime);
  expect((await sessionState(page))?.currentTime).toBeCloseTo(tvTime, 1);

  // It survives a reload and controls the same TV.
  await page.reload();
  await expect(bar).toBeVisible();
  await page.getByTestId('casting-bar-play').click();
  await expect.poll(() => tvVideo(tv).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  // Stop casting frees the TV: it shows a new code.
  await page.getByTestId('casting-bar-stop').click();
  await expect(bar).toBeHidden();
  await expect(tv.getByTestId('cast-code')).toHaveText(/^[A-Z2-9]{6}$/);
  expect(await tv.getByTestId('cast-code').textContent()).not.toBe(code);
});
