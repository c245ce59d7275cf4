import { expect, test } from '@playwright/test';
import { transformPassword } from '../../src/domain/password';
import { account, albumWithPhotos as albumWith, call, type Account } from './support/accounts';
import { axeClean } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { screenTiles } from './support/interaction';
import { openTimelineSignedIn, signInThroughIdentityPage } from './support/login';

// SPEC §6 Visitor (issue 14, first part): a shared album opened from its link without an
// account; its password; a private album asks to sign in; an unknown one is not found.
test.describe.configure({ mode: 'serial' });

let owner: Account;
const PASSWORD = 'grandma’s <b>secret</b> 🎂';

/** A new album of the owner's with `count` photos uploaded into it. */
const albumWithPhotos = (title: string, shared: boolean, count: number) =>
  albumWith(owner, title, shared, count);

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'visitor-owner', { name: 'Album Owner' });
});

test('a visitor without an account opens a shared album from its link and steps through it', async ({
  browser,
}) => {
  const album = await albumWithPhotos('Summer <i>2022</i>', true, 3);
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/a/${album.id}`);
    await expect(page.getByTestId('visitor-album-title')).toHaveText('Summer <i>2022</i>');
    await expect(page.getByTestId('visitor-album')).toContainText('3 items');
    await waitForSceneReady(page);
    await expect.poll(async () => (await screenTiles(page)).length).toBe(3);
    await axeClean(page, 'visitor-album');
    const tile = (await screenTiles(page)).find((t) => t.id === album.files[2])!;
    await page.mouse.click(tile.x + tile.w / 2, tile.y + tile.h / 2);
    const viewer = page.getByTestId('carousel');
    await expect(viewer).toHaveAttribute('data-file-id', album.files[2]);
    await expect(page.getByTestId('carousel-image')).toHaveClass(/is-loaded/);
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toHaveAttribute('data-file-id', album.files[1]);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/a/${album.id}$`));
    // One album file as its own link, shown as a share (SPEC §2 /albumImage/{jobId}/{fileId}),
    // the album named by its base64 id (albumIDB64) and the address then under its own id.
    const image = `/albumImage/${album.id}/${album.files[1]}`;
    await page.goto(`/albumImage/${Buffer.from(album.id).toString('base64')}/${album.files[1]}`);
    await expect(page).toHaveURL(new RegExp(`${image}$`));
    await expect(page.getByTestId('album-image-page')).toBeVisible();
    await expect(page.getByTestId('share-title')).toHaveText('Summer <i>2022</i>');
    await expect(page.getByTestId('share-file')).toHaveCount(1);
    await expect(page.getByTestId('share-file')).toHaveAttribute('data-share-file', album.files[1]);
    // SPEC §9: the share text offers a signed-out visitor 2 GB of free storage.
    await expect(page.getByTestId('create-user-note')).toContainText('2 GB free storage');
    await page.getByTestId('share-file').click();
    await expect(viewer).toHaveAttribute('data-file-id', album.files[1]);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${image}$`));
    await page.getByTestId('album-image-open-album').click();
    await expect(page.getByTestId('visitor-album-title')).toHaveText('Summer <i>2022</i>');
  } finally {
    await visitor.close();
  }
});

test('the owner puts a password on the album; a visitor needs it, a wrong one is refused', async ({
  browser,
  page,
}) => {
  const album = await albumWithPhotos('Birthday', true, 1);
  await openTimelineSignedIn(page, `/albums/${album.id}/edit/privacy`, owner, 'album-settings');
  await page.getByTestId('album-password-input').fill(PASSWORD);
  await page.getByTestId('album-settings-save').click();
  await expect(page.getByTestId('album-settings')).toHaveCount(0);
  const info = await call<{ has_password: boolean }>(owner, 'GET', `/jobs/${album.id}/info`);
  expect(info.has_password).toBe(true);
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/a/${album.id}`);
    await expect(page.getByTestId('share-password')).toContainText('This album is protected');
    await axeClean(page, 'share-password');
    await page.getByTestId('share-password-input').fill('wrong');
    await page.getByTestId('share-password-submit').click();
    await expect(page.getByTestId('share-password-problem')).toHaveText('Incorrect password');
    await page.getByTestId('share-password-input').fill(PASSWORD);
    await page.getByTestId('share-password-submit').click();
    await expect(page.getByTestId('visitor-album-title')).toHaveText('Birthday');
    await waitForSceneReady(page);
    await expect.poll(async () => (await screenTiles(page)).length).toBe(1);
    // The key is kept for the tab: a reload does not ask again.
    await page.reload();
    await expect(page.getByTestId('visitor-album-title')).toHaveText('Birthday');
  } finally {
    await visitor.close();
  }
});

test('a private album asks a visitor to sign in; an unknown one is not found', async ({
  browser,
}) => {
  const album = await albumWithPhotos('Only mine', false, 1);
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/a/${album.id}`);
    await expect(page.getByTestId('login-prompt')).toBeVisible();
    // A visitor has no session to expire: no session-expired dialog over the prompt.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.goto('/a/no-such-album');
    await expect(page.getByTestId('not-found-album')).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('a visitor joins from the link: signs in, comes back, and is a member', async ({
  browser,
  request,
}) => {
  const album = await albumWithPhotos('Reunion', true, 1);
  const joiner = await account(request, 'visitor-joiner');
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/a/${album.id}`);
    await page.getByTestId('visitor-album-join').click();
    // The identity page: the join is the route the login comes back to.
    await signInThroughIdentityPage(page, joiner, { fromPrompt: false });
    await expect(page).toHaveURL(new RegExp(`/albums/${album.id}$`));
    await expect(
      page.getByTestId('toast').filter({ hasText: 'You joined the album' }),
    ).toBeVisible();
    const users = await call<{ users: { name: string | null; subscribed?: boolean }[] }>(
      owner,
      'GET',
      `/jobs/${album.id}/users?include_profile_url=1`,
    );
    expect(users.users.map((u) => u.name)).toContain(joiner.email.split('@')[0]);
  } finally {
    await visitor.close();
  }
});

test('a visitor copies a password-protected album to their photos: signs in, comes back, the files are theirs', async ({
  browser,
  request,
}) => {
  const album = await albumWithPhotos('Holiday', true, 2);
  await call(owner, 'POST', `/jobs/${album.id}/password`, {
    password: await transformPassword(PASSWORD, album.id),
  });
  const taker = await account(request, 'visitor-taker');
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/a/${album.id}`);
    await page.getByTestId('share-password-input').fill(PASSWORD);
    await page.getByTestId('share-password-submit').click();
    await page.getByTestId('visitor-album-copy').click();
    await signInThroughIdentityPage(page, taker, { fromPrompt: false });
    await expect(
      page.getByTestId('toast').filter({ hasText: '2 items copied to your photos' }),
    ).toBeVisible();
    // Back on the album's link: a non-member signed-in visitor still sees it (the key is kept).
    await expect(page).toHaveURL(new RegExp(`/a/${album.id}$`));
    await expect(page.getByTestId('visitor-album-title')).toHaveText('Holiday');
    const mine = await call<{ files: unknown[] }>(taker, 'GET', `/jobs/${taker.timeline}/files`);
    expect(mine.files).toHaveLength(2);
  } finally {
    await visitor.close();
  }
});

test('loves: a visitor’s love waits for the login and is replayed; the text counts the others', async ({
  browser,
  request,
}) => {
  const album = await albumWithPhotos('Loved', true, 1);
  const file = album.files[0];
  await call(owner, 'POST', `/jobs/${album.id}/files_by_id/${file}/reaction`, { reaction: 'love' });
  const fan = await account(request, 'visitor-fan');
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/a/${album.id}?file=${file}`);
    const love = page.getByTestId('carousel-love');
    await expect(love).toHaveText(/1 person loves this/);
    await love.click();
    await signInThroughIdentityPage(page, fan, { fromPrompt: false });
    await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', file);
    await expect(love).toHaveText(/You and 1 other love this/);
    await expect(love).toHaveAttribute('aria-pressed', 'true');
    const info = await call<{ counts: { loves: number } }>(owner, 'GET', `/jobs/${album.id}/info`);
    expect(info.counts.loves).toBe(2);
    // Unloving is optimistic and sticks (clicks wait for the animation: SPEC §4 ignores them).
    await expect(love).not.toHaveClass(/is-animating/);
    await love.click();
    await expect(love).toHaveText(/1 person loves this/);
    await expect
      .poll(
        async () =>
          (await call<{ counts: { loves: number } }>(owner, 'GET', `/jobs/${album.id}/info`)).counts
            .loves,
      )
      .toBe(1);
  } finally {
    await visitor.close();
  }
});

test('comments: a signed-in visitor posts with Enter, edits ("Edited"), and the owner deletes it', async ({
  browser,
  page,
  request,
}) => {
  const album = await albumWithPhotos('Chatty', true, 1);
  const file = album.files[0];
  const talker = await account(request, 'visitor-talker', { name: 'Talker <b>T</b>' });
  const context = await browser.newContext();
  try {
    const view = await context.newPage();
    await openTimelineSignedIn(view, `/a/${album.id}?file=${file}`, talker, 'carousel');
    await expect(view.getByTestId('carousel')).toHaveAttribute('data-file-id', file);
    await view.getByTestId('carousel-info-toggle').click();
    const input = view.getByTestId('comment-input');
    await expect(view.getByTestId('comment-post')).toBeDisabled();
    await input.fill('First line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second <i>line</i>');
    await input.press('Enter');
    const comment = view.getByTestId('comment');
    await expect(comment).toHaveCount(1);
    await expect(comment).toContainText('Talker <b>T</b>');
    await expect(comment).toContainText('just now');
    await expect(comment.locator('.comments__text')).toHaveText('First line\nsecond <i>line</i>');
    await expect(input).toHaveValue('');
    await axeClean(view, 'comments');
    await comment.getByTestId('comment-edit').click();
    await view.getByTestId('comment-edit-input').fill('Edited words');
    await view.getByTestId('comment-edit-save').click();
    await expect(comment.locator('.comments__text')).toHaveText('Edited words');
    await expect(comment.getByTestId('comment-edited')).toBeVisible();
  } finally {
    await context.close();
  }
  // The owner sees it over the album page and deletes it (SPEC §6: any comment).
  await openTimelineSignedIn(page, `/carousel/${album.id}/${file}`, owner, 'carousel');
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', file);
  await page.getByTestId('carousel-info-toggle').click();
  const theirs = page.getByTestId('comment');
  await expect(theirs).toContainText('Edited words');
  await theirs.getByTestId('comment-delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('comment')).toHaveCount(0);
  const info = await call<{ counts: { comments: number } }>(owner, 'GET', `/jobs/${album.id}/info`);
  expect(info.counts.comments).toBe(0);
});
