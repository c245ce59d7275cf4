import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { E2E_API_PORT } from '../../playwright.config';
import { parseFileId } from '../../server/db/ids';
import { basicAuthHeader } from '../../src/api/contract/basicAuth';
import { waitForSceneReady } from './support/gallery';
import { screenTiles, withEngine } from './support/interaction';
import { openTimelineSignedIn } from './support/login';
import { addFault, clearFaults, e2eDatabasePath } from './support/testControls';

test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  await clearFaults();
});

/** Whether each file is in the trash (deleted = 1) according to the database. */
function trashed(ids: string[]): boolean[] {
  const db = new Database(e2eDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT deleted FROM files WHERE id = ?');
    return ids.map((id) => (row.get(parseFileId(id)!.rowId) as { deleted: number }).deleted === 1);
  } finally {
    db.close();
  }
}

/** The ids of section 0 (the newest month), in order. */
function firstSectionIds(page: Page): Promise<string[]> {
  return withEngine(page, (engine) => {
    const ids: string[] = [];
    for (let i = 0; i < engine.timeline.sectionSize(0); i++) ids.push(engine.timeline.fileId(0, i));
    return ids;
  });
}

/** Ids shown anywhere in the loaded sections. */
function loadedIds(page: Page): Promise<string[]> {
  return withEngine(page, (engine) => {
    const ids: string[] = [];
    for (let s = 0; s < engine.timeline.sectionCount; s++) {
      if (!engine.timeline.isLoaded(s)) continue;
      for (let i = 0; i < engine.timeline.sectionSize(s); i++)
        ids.push(engine.timeline.fileId(s, i));
    }
    return ids;
  });
}

function pendingCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as unknown as { __capture: { gallery: { pendingDelete: Set<string> } } }).__capture
        .gallery.pendingDelete.size,
  );
}

test('delete with undo: the files leave the grid, come back in place, and the database agrees', async ({
  page,
}) => {
  await openTimelineSignedIn(page);
  await waitForSceneReady(page);
  const before = await firstSectionIds(page);
  expect(before.length).toBeGreaterThan(6);
  // Select the 2nd to 4th files of the newest month by clicking their check marks.
  const tiles = (await screenTiles(page)).filter(
    (t) => t.section === 0 && t.item >= 1 && t.item <= 3,
  );
  expect(tiles).toHaveLength(3);
  for (const tile of tiles) await page.mouse.click(tile.x + 16, tile.y + 16);
  await expect(page.getByTestId('selection-count')).toContainText('3');
  const chosen = tiles.map((t) => t.id);

  await page.getByTestId('selection-delete').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('3');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect
    .poll(() => firstSectionIds(page))
    .toEqual(before.filter((id) => !chosen.includes(id)));
  expect(trashed(chosen)).toEqual([true, true, true]);
  const toast = page.getByTestId('toast').filter({ hasText: '3 files deleted' });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('selection-toolbar')).toHaveCount(0);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => firstSectionIds(page), { timeout: 15_000 }).toEqual(before);
  expect(trashed(chosen)).toEqual([false, false, false]);
  await expect(page.getByTestId('toast').filter({ hasText: '3 files restored' })).toBeVisible();
  expect(await pendingCount(page)).toBe(0);
});

test('a failed delete brings the tile back with the error toast and a retry', async ({ page }) => {
  await openTimelineSignedIn(page);
  await waitForSceneReady(page);
  await addFault({ method: 'DELETE', path: '/files_by_id/' });
  const [tile] = (await screenTiles(page)).filter((t) => t.section === 0);
  await page.mouse.click(tile.x + tile.w / 2, tile.y + tile.h / 2, { button: 'right' });
  await page.getByTestId('gallery-menu').getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const error = page.getByTestId('toast').filter({ hasText: 'could not be deleted' });
  await expect(error).toBeVisible();
  await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await pendingCount(page)).toBe(0);
  expect(await firstSectionIds(page)).toContain(tile.id);
  expect(trashed([tile.id])).toEqual([false]);

  // Forbidden: no retry offer (SPEC §8).
  await clearFaults();
  await addFault({ method: 'DELETE', path: '/files_by_id/', status: 403, message: 'Forbidden' });
  await error.getByRole('button', { name: 'Try again' }).click();
  const forbidden = page.getByTestId('toast').filter({ hasText: 'could not be deleted' });
  await expect(forbidden).toBeVisible();
  await expect(forbidden.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(trashed([tile.id])).toEqual([false]);
});

test('a file uploaded by another session appears without a reload', async ({ page }) => {
  await openTimelineSignedIn(page);
  await waitForSceneReady(page);
  const token = await page.evaluate(() => sessionStorage.getItem('authToken') ?? '');
  const api = `http://127.0.0.1:${E2E_API_PORT}`;
  const auth = { Authorization: basicAuthHeader(token) };
  const job = (await (await fetch(`${api}/jobs/default`, { headers: auth })).json()) as {
    id: string;
  };
  await expect
    .poll(() =>
      page.evaluate(() => {
        const sync = (window as unknown as { __capture: { jobSync?: { status: string } } })
          .__capture.jobSync;
        return sync?.status;
      }),
    )
    .toBe('FETCHED');

  // Another session: a plain API call, as another device of the same user would make.
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('path', `e2e/live-${Date.now()}.jpg`);
  form.set('mtime', String(Math.floor(Date.now() / 1000)));
  form.set('policy', 'allow_duplicates');
  form.set('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'live.jpg');
  const response = await fetch(`${api}/jobs/${encodeURIComponent(job.id)}/upload`, {
    method: 'POST',
    body: form,
    headers: auth,
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };

  await expect.poll(() => loadedIds(page), { timeout: 15_000 }).toContain(id);
  // Taken now: it is the newest file, at the top of the grid the user is looking at.
  expect((await firstSectionIds(page))[0]).toBe(id);
});
