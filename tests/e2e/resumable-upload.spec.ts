// Issue 32 acceptance: a large (sparse) file goes up resumably (tus). Its connection is cut at
// about 60% by the test server, or the page reloads mid-file: either way it finishes with at most
// 10% of its bytes sent twice (counted by the server as they arrive), and the stored file's
// checksum is the source's. Each test has an account of its own (an empty timeline).
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  ftruncateSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { RESUMABLE_UPLOAD_CHUNK_BYTES } from '../../src/domain/constants';
import { waitForHook } from './support/hooks';
import { openTimelineSignedIn } from './support/login';
import {
  addFault,
  faultCounts,
  clearFaults,
  createTestUser,
  e2eDatabasePath,
  meterBodies,
} from './support/testControls';

/** A few hundred MB: five PATCHes of 64 MiB when nothing goes wrong. */
const SIZE = 300 * 1024 * 1024;
/** At most this share of the file may reach the server twice. */
const MAX_RESENT = 0.1;

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'capture-tus-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));
test.afterEach(() => clearFaults());

/** A sparse file of SIZE bytes with a unique head (no disk, no memory); and its SHA-1. */
async function bigFile(name: string): Promise<{ file: string; sha1: string }> {
  const file = path.join(dir, name);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, `capture-tus-${randomBytes(8).toString('hex')}`);
    ftruncateSync(fd, SIZE);
  } finally {
    closeSync(fd);
  }
  const hash = createHash('sha1');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * 1024 * 1024 })) {
    hash.update(chunk as Buffer);
  }
  return { file, sha1: hash.digest('hex') };
}

interface ItemView {
  status: string;
  uploadedPercent: number;
  resumable: { url: string } | null;
}

async function item(page: Page): Promise<ItemView | null> {
  return page.evaluate(() => {
    type Hooks = { upload?: { store: { getState(): { items: ItemView[] } } } };
    const hooks = (window as unknown as { __capture?: Hooks }).__capture;
    const first = hooks?.upload?.store.getState().items[0];
    return first
      ? {
          status: first.status,
          uploadedPercent: first.uploadedPercent,
          resumable: first.resumable ?? null,
        }
      : null;
  });
}

async function waitForItem(page: Page, done: (view: ItemView) => boolean, timeout = 150_000) {
  await expect
    .poll(
      async () => {
        const view = await item(page);
        return view !== null && done(view);
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

/** The checksum the server stored for the user's file of this name. */
function storedChecksum(email: string, name: string): string | undefined {
  const db = new Database(e2eDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT f.checksum FROM files f JOIN jobs j ON j.id = f.job JOIN users u ON u.id = j.owner_id
          WHERE u.email = ? AND f.path = ? AND f.deleted = 0`,
      )
      .get(email, name) as { checksum: string } | undefined;
    return row?.checksum;
  } finally {
    db.close();
  }
}

/** A fresh account signed in on /photos, its upload queue connected. */
async function signIn(page: Page, prefix: string) {
  const user = await createTestUser(prefix);
  // Ready when the top bar's Upload button shows: an empty timeline has nothing to wait for.
  await openTimelineSignedIn(page, '/photos', user, 'upload-button');
  await waitForHook(page, 'upload');
  await page.getByRole('button', { name: 'OK, I understand' }).click();
  return user;
}

test('a connection cut at 60% resumes from the server’s offset: ≤ 10% sent twice, same checksum', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const source = await bigFile('cut.mp4');
  const user = await signIn(page, 'tus-cut');
  const cut = await addFault({
    method: 'PATCH',
    path: '^/resumable_uploads/',
    cutAfterBytes: Math.floor(SIZE * 0.6),
    times: 1,
  });
  const sent = await meterBodies({ method: 'PATCH', path: '^/resumable_uploads/' });
  const created = await meterBodies({ method: 'POST', path: '^/resumable_uploads$' });

  await page.getByTestId('upload-input').setInputFiles(source.file);
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  // Chrome may send a cut request again by itself (the server answers 409: its offset moved
  // on) or report the cut (the panel counts down): either way the upload goes on from the
  // server's offset, in the same upload.
  await waitForItem(page, (view) => view.status === 'Succeeded');
  const { requests, bytes } = await sent();
  expect((await created()).requests).toBe(1);
  // The cut happened (the server dropped the connection at 60%) and the upload went on after it.
  // How it went on is Chrome's and tus's to choose: Chrome may send the cut request again by
  // itself, or tus asks the server where to go on from (a HEAD); resumed at the server's offset,
  // the chunks realign, so a cut upload can take no more PATCHes than an uncut one.
  expect((await faultCounts(cut)).failed).toBe(1);
  expect(requests).toBeGreaterThanOrEqual(Math.ceil(SIZE / RESUMABLE_UPLOAD_CHUNK_BYTES));
  const resent = (bytes - SIZE) / SIZE;
  console.log(
    `cut at 60%: ${bytes} bytes reached the server for ${SIZE} (re-sent ${(resent * 100).toFixed(2)}%)`,
  );
  expect(bytes).toBeGreaterThanOrEqual(SIZE);
  expect(resent).toBeLessThanOrEqual(MAX_RESENT);
  expect(storedChecksum(user.email, 'cut.mp4')).toBe(source.sha1);
});

test('a reload mid-file goes on from the server’s offset, saying "resuming": ≤ 10% sent twice, same checksum', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const source = await bigFile('reload.mp4');
  const user = await signIn(page, 'tus-reload');
  const sent = await meterBodies({ method: 'PATCH', path: '^/resumable_uploads/' });

  await page.getByTestId('upload-input').setInputFiles(source.file);
  await waitForItem(page, (view) => view.status === 'Uploading' && view.uploadedPercent >= 0.5);
  const before = await item(page);
  expect(before?.resumable?.url).toBeTruthy();
  // After the reload the server's answer on where to go on from is slow: the row says so.
  await addFault({ method: 'HEAD', path: '^/resumable_uploads/', delayMs: 3000, times: 1 });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  await page.getByTestId('upload-expand').click();
  await expect(page.getByTestId('upload-row-state')).toHaveText(/^Resuming at \d+%$/);
  const resumed = await item(page);
  expect(resumed?.resumable?.url).toBe(before?.resumable?.url);
  expect(resumed?.uploadedPercent).toBeGreaterThanOrEqual(0.45);

  await waitForItem(page, (view) => view.status === 'Succeeded');
  const { bytes } = await sent();
  const resent = (bytes - SIZE) / SIZE;
  console.log(
    `reload at 50%+: ${bytes} bytes reached the server for ${SIZE} (re-sent ${(resent * 100).toFixed(2)}%)`,
  );
  expect(bytes).toBeGreaterThanOrEqual(SIZE);
  expect(resent).toBeLessThanOrEqual(MAX_RESENT);
  expect(storedChecksum(user.email, 'reload.mp4')).toBe(source.sha1);
});
