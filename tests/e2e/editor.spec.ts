import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { parseFileId } from '../../server/db/ids';
import { axeBuilder } from './support/axe';
import { screenTiles } from './support/interaction';
import { API, apiLogin, openTimelineSignedIn, PAGE_LOAD_TIMEOUT } from './support/login';
import { addFault, clearFaults, createTestUser, e2eDatabasePath } from './support/testControls';
import { navigateInApp } from './support/routes';
import { sharedPage } from './support/sharedPage';
import { viewerAction } from './support/viewer';

// The photo editor (issue 18): a library of this spec's own (a fresh account), and one page
// signed in once for all the tests (issue 35 step 5): each opens the viewer on its file in the
// app, out of whatever editor and dialog the test before left. Serial: a failing test skips the
// rest of the file.
test.describe.configure({ mode: 'serial' });

const BASE = Date.UTC(2022, 6, 1, 12) / 1000;
const WIDTH = 2000;
const HEIGHT = 1500;
let user: { email: string; password: string };
let token: string;
let jobId: string;
let photoId: string;
let photoBytes: Buffer;

interface ListedFile {
  id: string;
  path: string;
  mtime: number;
  ctime?: number | null;
  width?: number | null;
  height?: number | null;
  checksum?: string;
}

const auth = () => ({ Authorization: basicAuthHeader(token) });
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

async function upload(name: string, bytes: Buffer, mtime: number): Promise<string> {
  const form = new FormData();
  form.set('path', name);
  form.set('mtime', String(mtime));
  form.set('policy', 'allow_duplicates');
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const response = await fetch(`${API}/jobs/${encodeURIComponent(jobId)}/upload`, {
    method: 'POST',
    body: form,
    headers: auth(),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function listFiles(): Promise<ListedFile[]> {
  const response = await fetch(`${API}/jobs/${encodeURIComponent(jobId)}/files`, {
    headers: auth(),
  });
  return ((await response.json()) as { files: ListedFile[] }).files;
}

async function content(id: string): Promise<Buffer> {
  const response = await fetch(
    `${API}/st/4/jobs/${encodeURIComponent(jobId)}/files_by_id/${encodeURIComponent(id)}`,
    { headers: auth() },
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Red across, green down, and a checkerboard in blue: any crop, turn or flip shows. */
function gradient(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = ((x >> 6) ^ (y >> 6)) & 1 ? 220 : 30;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Mean absolute difference per channel of two images at `a`'s size (0 = the same). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const { info, data } = await sharp(a).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const other = await sharp(b)
    .removeAlpha()
    .resize(info.width, info.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += Math.abs(data[i] - other[i]);
  return sum / data.length;
}

function databaseChecksum(id: string): string {
  const db = new Database(e2eDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT checksum FROM files WHERE id = ?')
      .get(parseFileId(id)!.rowId) as { checksum: string };
    return row.checksum;
  } finally {
    db.close();
  }
}

test.beforeAll(async ({ request }) => {
  user = await createTestUser('editor');
  token = await apiLogin(request, user);
  const job = await fetch(`${API}/jobs/default`, { headers: auth() });
  jobId = ((await job.json()) as { id: string }).id;
  photoBytes = await gradient(WIDTH, HEIGHT);
  photoId = await upload('IMG_1234.jpg', photoBytes, BASE);
});

/** The page all the tests share. */
const shared = sharedPage();

/**
 * What the page did, kept for a failure (issue 35): "a font that does not load" failed in 2 of
 * about 10 whole-suite runs and never alone, each time with the viewer and the editor gone and the
 * timeline on screen, and no trace (traces are kept for retries only). Each history change, Back
 * or Forward, key press and click is noted in the page (the last 60), and printed with the URL when
 * a test fails, so the run's own output says what closed them.
 */
function notePageEvents(): void {
  const notes: string[] = [];
  (window as unknown as { __pageNotes: string[] }).__pageNotes = notes;
  const started = performance.now();
  const note = (what: string) => {
    notes.push(`${Math.round(performance.now() - started)} ${what}`);
    if (notes.length > 60) notes.shift();
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (state: unknown, unused: string, url?: string | URL | null) => {
      note(`${method} ${String(url)}`);
      original(state, unused, url);
    };
  }
  addEventListener('popstate', () => note(`popstate ${location.pathname}`));
  const target = (event: Event) => {
    const element = event.target instanceof Element ? event.target : null;
    return element
      ? `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}.${(element.getAttribute('class') ?? '').slice(0, 40)}`
      : 'the document';
  };
  addEventListener('keydown', (event) => note(`key ${event.key} on ${target(event)}`), true);
  addEventListener('click', (event) => note(`click ${target(event)}`), true);
}

test.beforeAll(async () => {
  await shared().addInitScript(notePageEvents);
});

test.afterEach(async () => {
  const testInfo = test.info();
  await clearFaults();
  if (testInfo.status === testInfo.expectedStatus) return;
  const page = shared();
  const notes = await page
    .evaluate(() => (window as unknown as { __pageNotes?: string[] }).__pageNotes ?? [])
    .catch((error: unknown) => [`no notes: ${String(error)}`]);
  console.log(
    `editor.spec, "${testInfo.title}" failed at ${page.url()}; the page's last events:\n  ${notes.join('\n  ')}`,
  );
});

async function openViewer(page: Page, id = photoId): Promise<void> {
  if (page.url() === 'about:blank') {
    // A file's link, signed in: the viewer opens over the grid.
    await openTimelineSignedIn(page, `/photos/${id}`, user, 'carousel');
    await page.getByRole('button', { name: 'OK, I understand' }).click();
  } else {
    // The page of an earlier test: its editor closed, its failures undone, the file's link
    // followed in the app.
    await closeEditor(page);
    await page.evaluate(() => window.__capture?.editor?.reset());
    await navigateInApp(page, `/photos/${id}`);
  }
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', id);
  await expect(page.getByTestId('editor')).toHaveCount(0);
}

/** Out of the editor as a person gets out: its error closed, Escape, its edits discarded. */
async function closeEditor(page: Page): Promise<void> {
  const editor = page.getByTestId('editor');
  const discard = page.getByTestId('editor-discard');
  if (await errorModal(page).isVisible()) {
    await page.getByTestId('editor-error-close').click();
    await expect(errorModal(page)).toHaveCount(0);
  }
  if ((await editor.count()) === 0) return;
  if (!(await discard.isVisible())) await page.keyboard.press('Escape');
  // Untouched, the editor closes at once; with edits, it asks first.
  await expect.poll(async () => (await editor.count()) === 0 || discard.isVisible()).toBe(true);
  if (await discard.isVisible()) await discard.click();
  await expect(editor).toHaveCount(0);
}

async function openEditor(page: Page, id = photoId): Promise<void> {
  await openViewer(page, id);
  await (await viewerAction(page, 'carousel-edit')).click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-ready', 'true');
}

const errorModal = (page: Page) => page.getByTestId('editor-error');

test('crop and rotate, then save: a copy at the original’s resolution appears beside it; the original is untouched', async () => {
  const page = shared();
  // The page's first load and sign-in, the editor's first boot and a full-resolution render:
  // past 60 s at a load of 23 on two cores (two workers), waiting on nothing but the CPU.
  test.slow();
  const before = await listFiles();
  await openEditor(page);
  // The library works on the 1280 preview.
  await expect(page.locator('.FIE_topbar')).toContainText('1280 x 960');

  // The preset's 16:9 box is in place before the turn (turned first, the box is fitted again).
  // Under load the library can drop a preset picked while its crop tool is still being set up
  // (the box stayed 1280 x 960): picked again, as a person would when nothing happened.
  await expect(async () => {
    const menu = page.locator('.FIE_crop-presets-menu');
    if (!(await menu.isVisible())) await page.locator('.FIE_crop-presets-opener-button').click();
    await menu.getByText('Landscape').click({ timeout: 5_000 });
    await expect(page.locator('.FIE_topbar')).toContainText('1280 x 720', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await page.locator('.FIE_rotate-tool-button').click();
  await page.locator('.FIE_rotate_button_right').click();
  // Turned: the box is the preset's, standing (saved too early, the copy came out 24 px off).
  await expect(page.locator('.FIE_topbar')).toContainText('720 x 1280');
  await page.getByTestId('editor-save').click();
  await expect(page.getByTestId('editor')).toHaveCount(0, { timeout: 30_000 });

  // The copy is a new file, named after the original, with its capture time.
  await expect
    .poll(async () => (await listFiles()).length, { timeout: 30_000 })
    .toBe(before.length + 1);
  const copy = (await listFiles()).find((f) => f.path === 'IMG_1234 (edited).jpg')!;
  expect(copy).toBeTruthy();
  expect(copy.id).not.toBe(photoId);
  expect(copy.ctime ?? copy.mtime).toBe(BASE);

  // Cropped to 16:9 and turned a quarter right, from the original's 2000 × 1500 pixels (the
  // preview would have given 720 × 1280).
  const copyBytes = await content(copy.id);
  const meta = await sharp(copyBytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.abs(meta.width - 1125)).toBeLessThanOrEqual(2);
  expect(Math.abs(meta.height - 2000)).toBeLessThanOrEqual(2);
  // Its pixels are the original's, cropped and turned: close to sharp doing the same edit (the
  // library's preset keeps the crop box's top-left corner), far from the original as it was.
  const expected = await sharp(photoBytes)
    .extract({ left: 0, top: 0, width: 2000, height: 1125 })
    .rotate(90)
    .toBuffer();
  expect(await difference(copyBytes, expected)).toBeLessThan(8);
  expect(await difference(copyBytes, photoBytes)).toBeGreaterThan(40);

  // The original is untouched: same content, same checksum in the database.
  expect(sha1(await content(photoId))).toBe(sha1(photoBytes));
  expect(databaseChecksum(photoId)).toBe(sha1(photoBytes));
  expect(databaseChecksum(copy.id)).not.toBe(sha1(photoBytes));

  // Live sync brings the copy into the grid under the viewer, next to the original.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('carousel')).toHaveCount(0);
  await expect
    .poll(async () => (await screenTiles(page)).map((t) => t.id))
    .toEqual(expect.arrayContaining([copy.id, photoId]));
});

test('Escape closes an untouched editor, asks before dropping edits, and the focus stays inside', async () => {
  const page = shared();
  await openEditor(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('editor')).toHaveCount(0);
  // The viewer is still open (Escape was the editor's).
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', photoId);

  await (await viewerAction(page, 'carousel-edit')).click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-ready', 'true');
  // Tab goes round the editor's controls and never reaches the page behind.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const active = document.activeElement;
        return Boolean(active?.closest('.editor') || active?.closest('.SfxPopper-root'));
      }),
    ).toBe(true);
  }

  // The library's tools work from the keyboard (libraryA11y.ts).
  await page.locator('.FIE_flip-x-tool-button').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toContainText('Discard your edits?');
  await page.getByTestId('editor-keep').click();
  await expect(page.getByTestId('editor')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('editor-discard').click();
  await expect(page.getByTestId('editor')).toHaveCount(0);
  await expect(page.getByTestId('carousel')).toBeVisible();
});

test('the editor and its modals are accessible', async () => {
  const page = shared();
  await openEditor(page);
  const editor = await axeBuilder(page).include('.editor').analyze();
  expect(editor.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join()}`)).toEqual(
    [],
  );
  await page.getByTestId('editor-camera').click();
  await expect(errorModal(page)).toBeVisible();
  const modal = await axeBuilder(page).include('.ui-dialog').analyze();
  expect(modal.violations.map((v) => v.id)).toEqual([]);
});

test('an image that does not load shows the image-loading modal; Try again opens the editor', async () => {
  const page = shared();
  await openViewer(page);
  // Not from the HTTP cache, where an earlier test's editor left it: the editor's request reaches
  // the server.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  // The 1280 thumbnail the editor fetches fails on the server.
  await addFault({ method: 'GET', path: `/th/3/${photoId}$`, status: 500 });
  await (await viewerAction(page, 'carousel-edit')).click();
  await expect(errorModal(page)).toHaveAttribute('data-kind', 'imageLoading');
  await expect(page.getByRole('alertdialog')).toContainText('The photo could not be loaded');
  await clearFaults();
  await page.getByTestId('editor-error-retry').click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-ready', 'true');
});

test('a copy that cannot be rendered shows the rendering modal and keeps the edit', async () => {
  const page = shared();
  const count = (await listFiles()).length;
  await openEditor(page);
  await page.locator('.FIE_flip-y-tool-button').click();
  await page.evaluate(() => window.__capture!.editor!.fail('rendering'));
  await page.getByTestId('editor-save').click();
  await expect(errorModal(page)).toHaveAttribute('data-kind', 'rendering');
  await page.getByTestId('editor-error-close').click();
  // Nothing was uploaded, and the editor is still there with the edit.
  await expect(page.getByTestId('editor')).toBeVisible();
  expect((await listFiles()).length).toBe(count);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toContainText('Discard your edits?');
});

test('a failure inside the library shows the unexpected-error modal and closes the editor', async () => {
  const page = shared();
  await openEditor(page);
  await page.evaluate(() => window.__capture!.editor!.fail('unexpected'));
  await expect(errorModal(page)).toHaveAttribute('data-kind', 'unexpected');
  await page.getByTestId('editor-error-close').click();
  await expect(page.getByTestId('editor')).toHaveCount(0);
  await expect(page.getByTestId('carousel')).toBeVisible();
});

test('a sticker that does not load shows its modal; one that loads counts as an edit', async () => {
  const page = shared();
  await openEditor(page);
  await page.evaluate(() => window.__capture!.editor!.assetUrl('sticker', '/no-such-sticker.svg'));
  await page.getByTestId('editor-stickers').click();
  await page.getByTestId('editor-sticker-heart').click();
  await expect(errorModal(page)).toHaveAttribute('data-kind', 'stickerLoading');
  await page.getByTestId('editor-error-close').click();
  await page.evaluate(() => window.__capture!.editor!.reset());
  await page.getByTestId('editor-stickers').click();
  await page.getByTestId('editor-sticker-star').click();
  await expect(errorModal(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toContainText('Discard your edits?');
});

test('a font that does not load shows the font-loading modal', async () => {
  const page = shared();
  await openEditor(page);
  await page.evaluate(() => window.__capture!.editor!.assetUrl('font', '/no-such-font.woff2'));
  await page.locator('.FIE_tab').filter({ hasText: 'Annotate' }).click();
  await page.locator('.FIE_text-tool-button').click();
  // Picked again when nothing happened, as a person would: under load the click on the item can
  // land on the library's menu wrapper while the menu is still being placed, which closes the
  // menu and picks nothing (fresh30: the page's notes, printed by the afterEach above, end with
  // a click on SfxPopper-wrapper).
  const caveat = page.locator('.FIE_text-font-family-item').filter({ hasText: 'Caveat' });
  await expect(async () => {
    if (!(await errorModal(page).isVisible())) {
      if (!(await caveat.isVisible())) await page.locator('.FIE_text-font-family-option').click();
      await caveat.click({ timeout: 5_000 });
    }
    await expect(errorModal(page)).toHaveAttribute('data-kind', 'fontLoading', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(errorModal(page)).toContainText('Caveat');
});

test('without a camera, Camera photo shows the webcam modal', async () => {
  const page = shared();
  await openEditor(page);
  // Headless Chromium here has no camera device and no permission to ask for one.
  await page.getByTestId('editor-camera').click();
  await expect(errorModal(page)).toHaveAttribute('data-kind', 'webcam');
  await page.getByTestId('editor-error-close').click();
  await expect(page.getByTestId('editor')).toBeVisible();
});

// Last: it leaves the account in Norwegian.
test('the editor and the library speak the UI language', async () => {
  const page = shared();
  await openViewer(page);
  await page.goto('/settings');
  await page.getByTestId('settings-language-nb_NO').check();
  await page.goto(`/photos/${photoId}`);
  await expect(page.getByTestId('carousel-edit')).toHaveText('Rediger', {
    timeout: PAGE_LOAD_TIMEOUT,
  });
  await (await viewerAction(page, 'carousel-edit')).click();
  await expect(page.getByTestId('editor-save')).toHaveText('Lagre som kopi');
  await expect(page.locator('.FIE_tabs')).toContainText('Juster');
  await expect(page.locator('.FIE_tabs')).toContainText('Finjuster');
  await page.getByTestId('editor-camera').click();
  await expect(page.getByRole('alertdialog')).toContainText('Kameraet er ikke tilgjengelig');
});
