import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiGet } from './support/api';
import { waitForHook } from './support/hooks';
import { openTimelineSignedIn } from './support/login';
import { createTestUser } from './support/testControls';
import { unzip } from './support/zip';

test.describe.configure({ mode: 'serial' });

interface Picked {
  id: string;
  size: number;
  path: string;
}

/**
 * The newest `count` photos (and videos unless `photosOnly`) that show on their own (what a
 * timeline selection holds: no documents, no live/burst companions), read month by month through
 * the app's API client so a 2,000,000-file library costs a few small calls.
 */
async function pickFiles(
  page: Page,
  count: number,
  photosOnly = false,
): Promise<{ jobId: string; files: Picked[] }> {
  await waitForHook(page, 'downloads');
  const job = await apiGet<{ id: string }>(page, '/jobs/default');
  const { months } = await apiGet<{
    months: { year: number; month: number; startDay: number; endDay: number }[];
  }>(page, `/jobs/${job.id}/timeline/months`);
  const files: Picked[] = [];
  for (const m of months) {
    const start = Date.UTC(m.year, m.month - 1, m.startDay) / 1000;
    const end = Date.UTC(m.year, m.month - 1, m.endDay + 1) / 1000;
    const answer = await apiGet<{
      files: (Picked & { type: string; group?: { master: boolean } })[];
    }>(page, `/jobs/${job.id}/files`, { start, end });
    for (const f of answer.files) {
      if (f.type === 'document' || (f.group && !f.group.master)) continue;
      if (photosOnly && f.type !== 'picture') continue;
      files.push({ id: f.id, size: f.size, path: f.path });
      if (files.length === count) return { jobId: job.id, files };
    }
  }
  return { jobId: job.id, files };
}

/** SHA-1 of each file's original as `GET /st/4/jobs/{id}/files_by_id/{id}` serves it. */
async function originals(page: Page, jobId: string, ids: string[]): Promise<Map<string, string>> {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const urls = await page.evaluate(
    ({ jobId, ids }) => {
      const { api, callFor } = window.__capture!;
      return ids.map((id) =>
        api.url({
          call: callFor('GET', `/st/4/jobs/${jobId}/files_by_id/${id}`, {}, 'download'),
        }),
      );
    },
    { jobId, ids },
  );
  const out = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      const res = await page.request.get(urls[i], {
        headers: { Authorization: `Basic ${Buffer.from(`${token ?? ''}:`).toString('base64')}` },
      });
      expect(res.status(), ids[i]).toBe(200);
      out.set(
        ids[i],
        createHash('sha1')
          .update(await res.body())
          .digest('hex'),
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
/** Flattened entries are de-duplicated as "name (1).ext": the original base name without it. */
const undeduped = (name: string) => name.replace(/ \(\d+\)(?=\.[^.]*$|$)/, '');

async function savedZip(download: Download): Promise<string> {
  const file = await download.path();
  expect(file).toBeTruthy();
  const head = (await readFile(file)).subarray(0, 4);
  expect(head.toString('latin1')).toBe('PK\u0003\u0004');
  return file;
}

test('a 1,200-file selection comes as 3 even archives holding exactly the selected originals', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openTimelineSignedIn(page);
  // Photos: 1,200 of them stay under 3 × 3.5 GB, so the item limit decides (videos would not).
  const { jobId, files } = await pickFiles(page, 1200, true);
  expect(files).toHaveLength(1200);
  const byId = new Map(files.map((f) => [f.id, f]));

  await page.evaluate((request) => window.__capture!.downloads!.downloadFiles(request), {
    jobId,
    files,
  });
  const panel = page.getByTestId('download-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText('Download in 3 parts');
  const rows = panel.getByTestId('download-page');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Capture(1)');
  await expect(rows.nth(2)).toContainText('Capture(3)');
  for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText('400 files');

  const expected = await originals(
    page,
    jobId,
    files.map((f) => f.id),
  );
  const seen = new Set<string>();
  for (let part = 0; part < 3; part++) {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      panel.getByRole('button', { name: `Download Capture(${part + 1})` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Capture(${part + 1}).zip`);
    const entries = await unzip(await savedZip(download));
    expect(entries).toHaveLength(400);
    // The page's files, in the panel's order: ids of this part.
    const pageIds = await page.evaluate(
      (part) => window.__capture!.downloads!.panel.getState().session!.pages[part].fileIDs,
      part,
    );
    expect(pageIds).toHaveLength(400);
    const want = pageIds.map((id) => `${baseName(byId.get(id)!.path)}|${expected.get(id)}`).sort();
    const got = entries.map((e) => `${undeduped(e.name)}|${e.sha1}`).sort();
    expect(got).toEqual(want);
    for (const id of pageIds) seen.add(id);
    await expect(rows.nth(part)).toHaveAttribute('data-clicked', 'true');
  }
  // Together the parts are the whole selection, each file once.
  expect(seen.size).toBe(1200);
  await expect(page.getByTestId('download-panel-progress')).toHaveText('3 of 3 downloaded');

  // Minimise, expand and close from the keyboard.
  await panel.getByRole('button', { name: 'Download Capture(1)' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveAttribute('data-mode', 'minimized');
  await panel.getByRole('button', { name: 'Expand' }).press('Enter');
  await expect(panel).toHaveAttribute('data-mode', 'max');
  await panel.getByRole('button', { name: 'Close downloads' }).press('Enter');
  await expect(panel).toBeHidden();
});

test('a single file is downloaded directly, as its original', async ({ page }) => {
  await openTimelineSignedIn(page);
  const { jobId, files } = await pickFiles(page, 1);
  const [file] = files;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate((request) => window.__capture!.downloads!.downloadFiles(request), {
      jobId,
      files,
    }),
  ]);
  expect(download.suggestedFilename()).toBe(baseName(file.path));
  const bytes = await readFile(await download.path());
  const expected = await originals(page, jobId, [file.id]);
  expect(createHash('sha1').update(bytes).digest('hex')).toBe(expected.get(file.id));
  await expect(page.getByTestId('download-panel')).toBeHidden();
});

test('a refused download shows the SPEC failure text and keeps the app', async ({ page }) => {
  await openTimelineSignedIn(page);
  const { jobId } = await pickFiles(page, 1);
  await page.evaluate((request) => window.__capture!.downloads!.downloadFiles(request), {
    jobId,
    files: [
      { id: 'no-such-file-1', size: 1, path: 'a.jpg' },
      { id: 'no-such-file-2', size: 1, path: 'b.jpg' },
    ],
  });
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'An error occurred when trying to download. Please try again later.' }),
  ).toBeVisible();
  await expect(page.getByTestId('timeline')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/photos');
});

test("a file named Bob's trip (1) ø.jpg downloads under its own name, alone and in a zip", async ({
  page,
}) => {
  const name = "Bob's trip (1) ø.jpg";
  // An account of its own: the uploads do not add a month to the library other specs count on.
  await openTimelineSignedIn(page, '/photos', await createTestUser('downloads'));
  // Unique bytes per run (its own checksum), so the upload is never a duplicate of an earlier one.
  const photo = (background: string) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: randomBytes(8).toString('hex') } })
      .toBuffer();
  const jpeg = await photo('#84a');
  await waitForHook(page, 'upload');
  await page.getByTestId('upload-input').setInputFiles([
    { name, mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'other.jpg', mimeType: 'image/jpeg', buffer: await photo('#4a8') },
  ]);
  const uploadedId = async () =>
    page.evaluate(
      (fileName) =>
        window
          .__capture!.upload!.store.getState()
          .items.find((item) => item.name === fileName && item.status === 'Succeeded')?.fileUUID ??
        null,
      name,
    );
  await expect.poll(uploadedId, { timeout: 30_000 }).not.toBeNull();
  const id = (await uploadedId())!;
  // Both uploads are in: the other photo goes into the zip too.
  await expect.poll(async () => (await pickFiles(page, 2, true)).files.length).toBe(2);
  const { jobId, files } = await pickFiles(page, 2, true);
  const other = files.find((f) => f.id !== id)!;
  const mine: Picked = { id, size: jpeg.length, path: name };

  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate((request) => window.__capture!.downloads!.downloadFiles(request), {
      jobId,
      files: [mine],
    }),
  ]);
  expect(single.suggestedFilename()).toBe(name);
  expect(
    createHash('sha1')
      .update(await readFile(await single.path()))
      .digest('hex'),
  ).toBe(createHash('sha1').update(jpeg).digest('hex'));

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate((request) => window.__capture!.downloads!.downloadFiles(request), {
      jobId,
      files: [mine, other],
      zipName: "Bob's trip (1) ø",
    }),
  ]);
  expect(zip.suggestedFilename()).toBe("Bob's trip (1) ø.zip");
  const names = (await unzip(await savedZip(zip))).map((entry) => entry.name);
  expect(names).toContain(name);
  expect(names).toContain(baseName(other.path));
});
