import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { TRASH_PAGE_MAX } from '../../src/api/contract/trash';
import { axeBuilder } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { screenTiles, withEngine } from './support/interaction';
import { API, apiLogin, openTimelineSignedIn } from './support/login';
import { zipNames } from './support/zip';
import { createTestUser, moveClock } from './support/testControls';

// A library of this spec's own: four photos, all deleted, then restored or deleted for good.
test.describe.configure({ mode: 'serial' });

let user: { email: string; password: string };
let token: string;
let job: string;
const photos: string[] = [];

const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: { Authorization: basicAuthHeader(token), ...(init.headers ?? {}) },
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
};
const trashIds = async () =>
  (await call<{ files: { id: string }[] }>('/trash_can?limit=100')).files.map((f) => f.id);
const timelineIds = async () =>
  (await call<{ files: { id: string }[] }>(`/jobs/${job}/files`)).files.map((f) => f.id);

test.beforeAll(async ({ request }) => {
  user = await createTestUser('trash');
  token = await apiLogin(request, user);
  job = (await call<{ id: string }>('/jobs/default')).id;
  for (let i = 0; i < 4; i++) {
    const bytes = await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 60 * i, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('path', `trash/photo-${i}.jpg`);
    form.set('mtime', String(Date.UTC(2024, 1, 1 + i) / 1000));
    form.set('policy', 'allow_duplicates');
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    const id = (await call<{ id: string }>(`/jobs/${job}/upload`, { method: 'POST', body: form }))
      .id;
    photos.push(id);
    const deleted = await fetch(`${API}/jobs/${job}/files_by_id/${id}`, {
      method: 'DELETE',
      headers: { Authorization: basicAuthHeader(token) },
    });
    expect(deleted.status).toBeLessThan(300);
  }
});

async function clickTile(page: Page, id: string): Promise<void> {
  await expect.poll(async () => (await screenTiles(page)).some((t) => t.id === id)).toBe(true);
  const tile = (await screenTiles(page)).find((t) => t.id === id)!;
  await page.mouse.click(tile.x + tile.w / 2, tile.y + tile.h / 2);
}

test('the trash lists the deleted photos; restore brings one back to the timeline', async ({
  page,
}) => {
  await openTimelineSignedIn(page, '/deleted_items?fromNav=1', user, 'trash-nav');
  await page.getByTestId('trash-nav-photos').click();
  await expect(page).toHaveURL(/\/deleted_items\/photos\?fromNav=1$/);
  await waitForSceneReady(page);
  await expect(page.getByTestId('trash-back')).toBeVisible();
  await expect(page.locator('.gallery-headers__header:not([hidden])')).toHaveText([
    'Deleted for good after 90 days',
  ]);
  await expect.poll(async () => (await screenTiles(page)).length).toBe(4);
  // Each tile says its days left (SPEC §4), and so does its cell for a screen reader.
  await expect(page.locator('.gallery-badges__badge--label:not([hidden])')).toHaveText(
    new Array<string>(4).fill('90 days left'),
  );
  await expect(page.locator('[role="gridcell"]:not([hidden])').first()).toHaveAttribute(
    'aria-label',
    /, 90 days left$/,
  );

  await clickTile(page, photos[0]);
  await expect(page.getByTestId('trash-count')).toHaveText('1 selected');
  // SPEC §3 processingFiles: while the restore runs (its call held here), its file says so.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/multi_rollback(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('trash-restore').click();
  await expect(page.locator('.gallery-badges__badge--label:not([hidden])')).toContainText([
    'Restoring…',
  ]);
  await expect(page.locator('.gallery-badges__badge--label:not([hidden])')).toContainText(
    new Array<string>(3).fill('90 days left'),
  );
  // Released, the route lets this and any later call through (unrouting here would answer the
  // held call a second time).
  release();
  await expect(page.getByText('1 item restored')).toBeVisible();
  await expect.poll(async () => (await screenTiles(page)).length).toBe(3);
  expect(await timelineIds()).toContain(photos[0]);
  expect(await trashIds()).not.toContain(photos[0]);
  const scan = await axeBuilder(page).include('[data-testid="trash"]').analyze();
  expect(scan.violations).toEqual([]);
});

test('delete permanently asks first; delete all empties the trash', async ({ page }) => {
  await openTimelineSignedIn(page, '/deleted_items/photos', user, 'trash');
  await waitForSceneReady(page);
  await clickTile(page, photos[1]);
  await page.getByTestId('trash-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete 1 item permanently?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await trashIds()).toContain(photos[1]);
  await page.getByTestId('trash-delete').click();
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByText('1 item deleted permanently')).toBeVisible();
  await expect.poll(trashIds).not.toContain(photos[1]);
  // Gone for good: a restore cannot bring it back.
  const restore = await call<{ results: { status: string }[] }>(`/jobs/${job}/multi_rollback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_uuids: [photos[1]] }),
  });
  expect(restore.results[0].status).toBe('error');

  // Download all: the originals of what is left, in a zip named "deleted items" (SPEC §7).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('trash-download-all').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^deleted items.*\.zip$/);
  expect(await zipNames(await download.path())).toEqual(['photo-2.jpg', 'photo-3.jpg']);

  await page.getByTestId('trash-empty-all').click();
  await expect(dialog).toContainText('Delete everything in Deleted items?');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByTestId('trash-empty')).toBeVisible();
  expect(await trashIds()).toEqual([]);
  expect(await timelineIds()).toEqual([photos[0]]);
});

test('a deleted album is listed with its count; restore brings it back, delete removes it for good', async ({
  page,
}) => {
  const album = (
    await call<{ id: string }>('/jobs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'story', name: 'Summer <3', public: false }),
    })
  ).id;
  await call(`/jobs/${album}/copy_files`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ source_job: job, file_ids: [photos[0]] }),
  });
  const remove = () =>
    fetch(`${API}/jobs/${album}`, {
      method: 'DELETE',
      headers: { Authorization: basicAuthHeader(token) },
    });
  expect((await remove()).status).toBe(204);
  const listed = async () =>
    (await call<{ jobs: { id: string }[] }>('/jobs?stories=1')).jobs.map((j) => j.id);

  await openTimelineSignedIn(page, '/deleted_items', user, 'trash-nav');
  await page.getByTestId('trash-nav-albums').click();
  const entry = page.getByTestId('trash-album');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Summer <3');
  await expect(entry).toContainText('1 item');
  await expect(entry).toContainText('90 days left');
  await expect(entry.locator('img')).toHaveJSProperty('complete', true);
  const scan = await axeBuilder(page).include('[data-testid="trash-albums"]').analyze();
  expect(scan.violations).toEqual([]);

  // Export: its one file, fetched directly (SPEC §7: a single file is not zipped).
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('trash-album-export').click(),
  ]);
  expect(exported.suggestedFilename()).toBe('photo-0.jpg');

  await page.getByTestId('trash-album-restore').click();
  await expect(page.getByText('1 album restored')).toBeVisible();
  await expect(page.getByTestId('trash-albums-empty')).toBeVisible();
  expect(await listed()).toContain(album);

  expect((await remove()).status).toBe(204);
  await page.reload();
  await page.getByTestId('trash-album-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete 1 album permanently?');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page.getByTestId('trash-albums-empty')).toBeVisible();
  const again = await call<{ success: unknown[] }>('/rollback_albums', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ job_uuids: [album] }),
  });
  expect(again.success).toEqual([]);
  expect(await listed()).not.toContain(album);
});

test('as days pass: "removed soon" with the days left, then gone after 90 days', async ({
  page,
}) => {
  // Two page loads and 2,000 API calls (a page of trash, about 15 s on a loaded machine): more
  // than the default minute under load.
  test.slow();
  // photos[0] is the one live photo left: delete it, let 86 days pass, then delete a new one.
  const remove = async (id: string) =>
    expect(
      (
        await fetch(`${API}/jobs/${job}/files_by_id/${id}`, {
          method: 'DELETE',
          headers: { Authorization: basicAuthHeader(token) },
        })
      ).status,
    ).toBe(204);
  await remove(photos[0]);
  await moveClock(user.email, 86);
  const form = new FormData();
  const bytes = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 200, b: 20 } },
  })
    .jpeg()
    .toBuffer();
  form.set('path', 'trash/later.jpg');
  form.set('mtime', String(Date.UTC(2024, 2, 1) / 1000));
  form.set('policy', 'allow_duplicates');
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'later.jpg');
  const later = (await call<{ id: string }>(`/jobs/${job}/upload`, { method: 'POST', body: form }))
    .id;
  await remove(later);
  const laterSha1 = createHash('sha1').update(bytes).digest('hex');

  await openTimelineSignedIn(page, '/deleted_items/photos', user, 'trash');
  await waitForSceneReady(page);
  await expect(page.locator('.gallery-headers__header:not([hidden])')).toHaveText([
    'Removed soon (5 days or less)',
    'Deleted for good after 90 days',
  ]);
  await expect(page.locator('.gallery-badges__badge--label:not([hidden])')).toHaveText([
    '4 days left',
    '90 days left',
  ]);

  // Four more days and the old one is gone for good: not listed, not restorable. Meanwhile a
  // whole page of files is deleted (the same photo again, files_dedup: no upload), so `later`,
  // the oldest deletion, is first in the listing's second page (SPEC §2 trash infinite scroll,
  // paged by offset).
  await moveClock(user.email, 4);
  const copyAndDelete = async (i: number) => {
    const copy = await call<{ uuid: string }>(`/jobs/${job}/files_dedup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        path: `trash/copy-${i}.jpg`,
        checksum: laterSha1,
        mtime: Date.UTC(2024, 2, 2) / 1000 + i,
        policy: 'allow_duplicates',
      }),
    });
    await remove(copy.uuid);
  };
  // Twenty at a time, so the round trips of its 2,000 calls overlap.
  for (let at = 0; at < TRASH_PAGE_MAX; at += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, i) => copyAndDelete(at + i)));
  }
  const listed: { offset: number; limit: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || url.pathname !== '/trash_can') return;
    listed.push({
      offset: Number(url.searchParams.get('offset')),
      limit: Number(url.searchParams.get('limit')),
    });
  });
  await page.reload();
  await waitForSceneReady(page);
  await expect(page.locator('.gallery-headers__header:not([hidden])')).toHaveText([
    'Deleted for good after 90 days',
  ]);
  const badges = page.locator('.gallery-badges__badge--label:not([hidden])');
  await expect(badges.first()).toHaveText('90 days left');
  expect(await badges.allTextContents()).not.toContain('86 days left');
  // The first page, and the one-file probe of the last page that finds where "removed soon"
  // would start (none here): nothing of it is shown until the user scrolls there.
  const sectionSize = () =>
    withEngine(page, (engine) =>
      engine.timeline.sectionSize(engine.timeline.indexOfKey('trash-later')),
    );
  expect(await sectionSize()).toBe(TRASH_PAGE_MAX);
  expect(listed).toEqual([
    { offset: 0, limit: TRASH_PAGE_MAX },
    { offset: TRASH_PAGE_MAX, limit: 1 },
  ]);

  // The user goes to the end: within 1,000 px of it the next page is asked for, by its offset,
  // and its file shows as a new tile after the first thousand.
  const nextPage = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname === '/trash_can' && url.searchParams.get('offset') === String(TRASH_PAGE_MAX)
    );
  });
  await page.getByTestId('gallery').focus();
  await page.keyboard.press('End');
  await nextPage;
  await expect.poll(sectionSize).toBe(TRASH_PAGE_MAX + 1);
  expect(listed).toHaveLength(3);
  await expect.poll(async () => (await screenTiles(page)).some((t) => t.id === later)).toBe(true);
  await expect(badges).toContainText(['86 days left']);
  const trash = await call<{ total_item_count: number; files: { id: string }[] }>(
    `/trash_can?offset=${TRASH_PAGE_MAX}&limit=10`,
  );
  expect(trash.total_item_count).toBe(TRASH_PAGE_MAX + 1);
  expect(trash.files.map((f) => f.id)).toEqual([later]);
  const restore = await call<{ results: { status: string }[] }>(`/jobs/${job}/multi_rollback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_uuids: [photos[0]] }),
  });
  expect(restore.results[0].status).toBe('error');
});
