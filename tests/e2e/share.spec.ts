import { expect, test, type Page } from '@playwright/test';
import { axeBuilder } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { screenTiles, selectTiles } from './support/interaction';
import {
  openTimelineSignedIn,
  PAGE_LOAD_TIMEOUT,
  signInThroughIdentityPage,
} from './support/login';
import { account, call, uploadPhoto, type Account } from './support/accounts';
import { navigateInApp } from './support/routes';
import { sharedPage } from './support/sharedPage';
import { moveClock, outbox } from './support/testControls';

// Accounts of this spec's own: an owner with three photos who shares two of them, and a taker
// who opens the link and copies it to their timeline. The owner's tests share one page signed in
// once (issue 35 step 5: a new context's page load and sign-in cost more CPU than most of these
// tests); each starts from ownerAt(). The visitors (signed out, a fresh browser each) and the
// expired share keep pages of their own. Serial: a failing test skips the rest of the file.
test.describe.configure({ mode: 'serial' });

let owner: Account;
let taker: Account;
const photos: string[] = [];
/** The link the first test makes (a full URL of the web app). */
let link = '';
const PASSWORD = 'kitten on a 🚲 <b>';

const timelineIds = async (who: Account) =>
  (await call<{ files: { id: string }[] }>(who, 'GET', `/jobs/${who.timeline}/files`)).files.map(
    (f) => f.id,
  );

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'share-owner', { name: 'share-owner person' });
  taker = await account(request, 'share-taker');
  for (let i = 0; i < 3; i++) {
    const path = `share/photo-${i}.jpg`;
    const mtime = Date.UTC(2023, 4, 1 + i) / 1000;
    photos.push(await uploadPhoto(owner, { path, mtime, width: 640, height: 480, red: 80 * i }));
  }
});

/** The owner's page, shared by the owner's tests (ownerAt). */
const ownersPage = sharedPage();

/**
 * The owner's page at `path` as a fresh load shows it, its `ready` element shown. The first time,
 * a page load signed in; then, in the page already signed in: the dialogs the test before left
 * open closed as a person closes them (their Close button), nothing else open (no alert dialog
 * or menu; its toasts dismissed), the app leaves for another page (so the page at `path` is
 * mounted anew) and opens `path` in the app, as a link does.
 */
async function ownerAt(path: string, ready: string): Promise<Page> {
  const page = ownersPage();
  if (page.url() === 'about:blank') {
    await openTimelineSignedIn(page, path, owner, ready);
    return page;
  }
  const dialog = page.getByRole('dialog');
  while ((await dialog.count()) > 0) {
    await dialog.last().getByRole('button', { name: 'Close', exact: true }).click();
  }
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.evaluate(() => {
    const toasts = window.__capture!.stores.toasts.getState();
    for (const toast of toasts.toasts) toasts.dismiss(toast.id);
  });
  await navigateInApp(page, '/error/1');
  await expect(page.getByTestId('generic-error')).toBeVisible();
  await navigateInApp(page, path);
  await expect(page.getByTestId(ready)).toBeVisible();
  return page;
}

test('a link with a password: made from the selection, copied, emailed; the receiver needs the password', async ({
  browser,
}) => {
  // Two sessions, three page loads and an axe scan: 49 s alone on a loaded machine, and it ran
  // out of the 60 s at the last click once (load average 20 on 2 cores).
  test.slow();
  const page = await ownerAt('/photos', 'timeline');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await waitForSceneReady(page);
  await selectTiles(page, photos.slice(0, 2));
  await page.getByTestId('selection-share').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toHaveAttribute('data-view', 'options');

  await page.getByTestId('share-protect').check();
  await expect(page.getByTestId('share-create-link')).toBeDisabled();
  await page.getByTestId('share-password').fill(PASSWORD);
  await page.getByTestId('share-create-link').click();
  const linkField = page.getByTestId('share-link');
  await expect(linkField).toHaveValue(/\/share\/[\w-]+$/);
  link = await linkField.inputValue();
  await expect(dialog).toContainText('expires after 30 days');
  await page.getByTestId('share-copy-link').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const axe = await axeBuilder(page).include('[data-testid="share-dialog"]').analyze();
  expect(axe.violations).toEqual([]);

  // The email share: Done stays disabled until every field is valid; an invalid field says so.
  await page.getByTestId('share-email').click();
  await expect(dialog).toHaveAttribute('data-view', 'email');
  const done = page.getByTestId('share-email-done');
  await expect(done).toBeDisabled();
  const to = page.getByTestId('share-email-recipients');
  await to.fill('ann@example.com, bo@');
  await page.getByTestId('share-email-subject').focus();
  await expect(page.getByTestId('share-invalid')).toHaveText('Invalid input');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await to.fill('ann@example.com, bo@example.no');
  await expect(to).toHaveAttribute('aria-invalid', 'false');
  // The subject was visited and left empty: it is required.
  await expect(page.getByTestId('share-email-subject')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('share-invalid')).toHaveCount(1);
  await expect(page.getByTestId('share-invalid')).toHaveText('Field is required');
  await expect(done).toBeDisabled();
  await page.getByTestId('share-email-subject').fill('Our trip <script>alert(1)</script>');
  await page.getByTestId('share-email-message').fill('Have a look!\nMore soon');
  await expect(page.getByTestId('share-invalid')).toHaveCount(0);
  await expect(done).toBeEnabled();
  await done.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Email sent' })).toBeVisible();
  await expect(page.getByTestId('share-dialog')).toHaveCount(0);
  const sent = await outbox('bo@example.no');
  expect(sent[0]).toMatchObject({
    subject: 'Our trip <script>alert(1)</script>',
    message: 'Have a look!\nMore soon',
    link: new URL(link).pathname,
    sender: owner.email,
  });

  // A fresh browser: the password page, a wrong password, then the right one.
  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(link);
    await expect(view.getByTestId('share-password')).toBeVisible();
    await view.getByTestId('share-password-input').fill('wrong');
    await view.getByTestId('share-password-submit').click();
    await expect(view.getByTestId('share-password-problem')).toHaveText('Incorrect password');
    expect((await axeBuilder(view).analyze()).violations).toEqual([]);
    await view.getByTestId('share-password-input').fill(PASSWORD);
    await view.getByTestId('share-password-submit').click();
    await expect(view.getByTestId('share-page')).toBeVisible();
    // SPEC §9: signed out, the share text offers 2 GB of free storage.
    await expect(view.getByTestId('create-user-note')).toContainText('2 GB free storage');
    await expect(view.getByTestId('share-title')).toHaveText('Shared by share-owner person');
    const tiles = view.getByTestId('share-file');
    await expect(tiles).toHaveCount(2);
    await expect(view.getByTestId('share-collage').locator('img')).toHaveCount(2);
    // Real thumbnails arrive through the link and its key.
    await expect
      .poll(() =>
        view.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('.share-page__tile img')].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    expect((await axeBuilder(view).analyze()).violations).toEqual([]);
    // The viewer for its files, and back.
    await tiles.first().click();
    await expect(view).toHaveURL(/\?file=/);
    await expect(view.getByTestId('carousel')).toBeVisible();
    // The original downloads through the link's key, without an account.
    const [original] = await Promise.all([
      view.waitForEvent('download'),
      view.getByTestId('carousel-download').click(),
    ]);
    expect(original.suggestedFilename()).toMatch(/^photo-[01]\.jpg$/);
    await view.keyboard.press('Escape');
    await expect(view.getByTestId('carousel')).toHaveCount(0);
    await expect(view.getByTestId('share-stop')).toHaveCount(0);

    // Add to my photos: sign in as the taker, come back to the share, the copies are theirs.
    const before = await timelineIds(taker);
    await view.getByTestId('share-add-to-photos').click();
    await signInThroughIdentityPage(view, taker, { fromPrompt: false });
    await expect(view.getByTestId('toast').filter({ hasText: '2 files added' })).toBeVisible();
    await expect(view).toHaveURL(new URL(link).pathname);
    await expect.poll(async () => (await timelineIds(taker)).length).toBe(before.length + 2);
  } finally {
    await visitor.close();
  }
});

test('the owner stops sharing: confirm, the notice, then the link is not found', async ({
  browser,
}) => {
  // Signed in, the owner needs no password for their own share.
  const page = await ownerAt(link, 'share-page');
  await expect(page.getByTestId('share-add-to-photos')).toHaveCount(0);
  // Signed in, no offer of a user (SPEC §9 share text is for the signed out).
  await expect(page.getByTestId('create-user-note')).toHaveCount(0);
  await page.getByTestId('share-stop').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Stop sharing?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByTestId('share-stop').click();
  await page.getByTestId('share-stop-confirm').click();
  await expect(page.getByTestId('share-stopped')).toBeVisible();

  const visitor = await browser.newContext();
  try {
    const view = await visitor.newPage();
    await view.goto(link);
    await expect(view.getByTestId('not-found-share')).toBeVisible();
    await expect(view.getByTestId('login-button')).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('a share is gone after 30 days (the owner’s clock moved)', async ({ page }) => {
  const share = await call<{ id: string }>(owner, 'POST', '/shares', {
    job: owner.timeline,
    files: [photos[2]],
  });
  await page.goto(`/share/${share.id}`);
  await expect(page.getByTestId('share-file')).toHaveCount(1);
  await expect(page.getByTestId('share-add-to-photos')).toBeVisible();
  await moveClock(owner.email, 30);
  await page.reload();
  await expect(page.getByTestId('not-found-share')).toBeVisible();
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
});

/** The album of the two tests below, and the link its share dialog gave. */
let album = '';
let albumLink = '';

test('an album shares its own link: made shared from the dialog, copied, opened signed out', async ({
  browser,
}) => {
  album = (
    await call<{ id: string }>(owner, 'POST', '/jobs', {
      type: 'story',
      name: 'Private <trip>',
      public: false,
    })
  ).id;
  await call(owner, 'POST', `/jobs/${album}/copy_files`, {
    source_job: owner.timeline,
    file_ids: [photos[2]],
  });
  const page = await ownerAt(`/albums/${album}`, 'album-page');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('album-share').click();
  await expect(page.getByTestId('share-album-private')).toContainText('Only you can see');
  await page.getByTestId('share-album-make-shared').click();
  // The visitor page (SPEC §2 /a/{jobId}): /albums/{jobId} asks anyone without an account to sign in.
  await expect(page.getByTestId('share-link')).toHaveValue(new RegExp(`/a/${album}$`));
  await expect(page.getByTestId('share-dialog')).toContainText(
    'Anyone with the link can see the album',
  );
  expect(
    (await call<{ privacy_mode: string }>(owner, 'GET', `/jobs/${album}/info`)).privacy_mode,
  ).toBe('shared');
  await page.getByTestId('share-copy-link').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Link copied' })).toBeVisible();
  albumLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(albumLink).toMatch(new RegExp(`/a/${album}$`));

  // Opened by someone with no account: the album, not a sign-in prompt.
  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    await visitor.goto(albumLink);
    // A page load in a fresh context: its first screen gets a page load's time.
    await expect(visitor.getByTestId('visitor-album-title')).toHaveText('Private <trip>', {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    await waitForSceneReady(visitor);
    await expect.poll(async () => (await screenTiles(visitor)).length).toBe(1);
  } finally {
    await stranger.close();
  }
});

test('a password on the shared album: the dialog says so, the link asks for it, the album is emailed', async ({
  browser,
}) => {
  const page = await ownerAt(`/albums/${album}/edit/privacy`, 'album-settings');
  await page.getByTestId('album-password-input').fill(PASSWORD);
  await page.getByTestId('album-settings-save').click();
  await expect(page.getByTestId('album-settings')).toHaveCount(0);
  await page.getByTestId('album-share').click();
  await expect(page.getByTestId('share-link')).toHaveValue(albumLink);
  await expect(page.getByTestId('share-dialog')).toContainText(
    "Anyone with the link and the album's password",
  );
  const guarded = await browser.newContext();
  try {
    const visitor = await guarded.newPage();
    await visitor.goto(albumLink);
    await expect(visitor.getByTestId('share-password')).toBeVisible();
    await visitor.getByTestId('share-password-input').fill(PASSWORD);
    await visitor.getByTestId('share-password-submit').click();
    await expect(visitor.getByTestId('visitor-album-title')).toHaveText('Private <trip>');
  } finally {
    await guarded.close();
  }

  await page.getByTestId('share-email').click();
  await page.getByTestId('share-email-recipients').fill('cy@example.com');
  await page.getByTestId('share-email-subject').fill('Album');
  await page.getByTestId('share-email-done').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Email sent' })).toBeVisible();
  expect((await outbox('cy@example.com'))[0]).toMatchObject({
    link: `/a/${album}`,
    job: album,
  });
});
