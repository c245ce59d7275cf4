import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { transformPassword } from '../../src/domain/password';
import { account, albumWithPhotos, call, type Account } from './support/accounts';
import { axeClean } from './support/axe';
import { screenTiles } from './support/interaction';
import {
  API,
  openTimelineSignedIn,
  PAGE_LOAD_TIMEOUT,
  signInThroughIdentityPage,
} from './support/login';
import { addFault, removeFault } from './support/testControls';

// Issue 14: shared albums for people — the owner, a signed-in friend and a visitor without an
// account talk about a photo, and each sees the others live, without a reload.
test.describe.configure({ mode: 'serial' });

let owner: Account;
let friend: Account;
const PASSWORD = 'party <i>time</i> 🎉';
const HOSTILE_NAME = 'Grandma <img src=x onerror=alert(1)>';

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'social-owner', { name: 'Album Owner' });
  friend = await account(request, 'social-friend', { name: 'Friendly <b>Friend</b>' });
});

/** Nothing a visitor typed may open a dialog (an executed alert would). */
function failOnDialogs(page: Page): void {
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
}

async function openComments(page: Page, fileId: string): Promise<void> {
  // Often the first screen of a page just loaded or unlocked (the viewer's chunk included).
  await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', fileId, {
    timeout: PAGE_LOAD_TIMEOUT,
  });
  if ((await page.getByTestId('comments').count()) === 0) {
    await page.getByTestId('carousel-info-toggle').click();
  }
  await expect(page.getByTestId('comments')).toBeVisible();
}

/** A signed-in member's (or the owner's) viewer on the album's file, its comments open. */
async function memberViewer(page: Page, who: Account, albumId: string, fileId: string) {
  await openTimelineSignedIn(page, `/carousel/${albumId}/${fileId}`, who, 'carousel');
  await openComments(page, fileId);
}

const commentWith = (page: Page, text: string) =>
  page.getByTestId('comment').filter({ hasText: text });

async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  failOnDialogs(page);
  return { context, page };
}

test('owner, friend and visitor comment and love a password-protected album, each seeing the others live', async ({
  browser,
  page,
}) => {
  // Three people, two of them signing in through the identity page: a long story.
  test.slow();
  failOnDialogs(page);
  const album = await albumWithPhotos(owner, 'Party <b>2024</b>', true, 2);
  const file = album.files[1];
  // The friend joined before the password was set (members never need it).
  await call(friend, 'POST', `/jobs/${album.id}/subscribe`);
  await call(owner, 'POST', `/jobs/${album.id}/password`, {
    password: await transformPassword(PASSWORD, album.id),
  });
  await memberViewer(page, owner, album.id, file);

  // The visitor: wrong password, then the right one; then a name, then a comment.
  const visitor = await newPage(browser);
  const friendView = await newPage(browser);
  try {
    const v = visitor.page;
    await v.goto(`/a/${album.id}?file=${file}`);
    // SPEC §5: the required password's label carries the asterisk.
    await expect(v.getByTestId('share-password').getByTestId('required-mark')).toBeVisible();
    await expect(v.getByTestId('share-password-input')).toHaveAttribute('aria-required', 'true');
    await v.getByTestId('share-password-input').fill('wrong');
    await v.getByTestId('share-password-submit').click();
    await expect(v.getByTestId('share-password-problem')).toHaveText('Incorrect password');
    await v.getByTestId('share-password-input').fill(PASSWORD);
    await v.getByTestId('share-password-submit').click();
    await openComments(v, file);
    await expect(v.getByTestId('comment-post')).toHaveText('Post as guest');
    // A name is needed first.
    await v.getByTestId('comment-input').fill('Hello from a guest https://example.com/party.');
    await v.getByTestId('comment-post').click();
    await expect(v.getByTestId('comment-problem')).toHaveText('Enter your name to comment.');
    // The guest's name is required, and its label says so (SPEC §5 asterisk).
    await expect(v.getByTestId('comment-form').getByTestId('required-mark')).toHaveCount(1);
    await expect(v.getByTestId('comment-name')).toHaveAttribute('aria-required', 'true');
    await v.getByTestId('comment-name').fill(HOSTILE_NAME);
    await v.getByTestId('comment-post').click();
    const guests = commentWith(v, 'Hello from a guest');
    await expect(guests.getByTestId('comment-author')).toHaveText(HOSTILE_NAME);
    await expect(guests.getByTestId('comment-guest')).toHaveText('Guest');
    await expect(v.getByTestId('comment-input')).toHaveValue('');
    await expect(v.getByTestId('comment-as-guest')).toContainText(HOSTILE_NAME);
    // The address is a link that tells its target nothing; the full stop stays text.
    const link = guests.getByRole('link');
    await expect(link).toHaveAttribute('href', 'https://example.com/party');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');
    // The name is text: no element came of it (a guest's avatar is its initial, not a picture).
    await expect(guests.locator('img')).toHaveCount(0);
    await axeClean(v, 'comments');
    // The guest edits its own comment (its token proves it is theirs).
    await guests.getByTestId('comment-edit').click();
    await v
      .getByTestId('comment-edit-input')
      .fill('Hello from a guest, see https://example.com/party.');
    await v.getByTestId('comment-edit-save').click();
    await expect(guests.getByTestId('comment-edited')).toBeVisible();

    // The owner sees the guest's comment without a reload.
    await expect(
      commentWith(page, 'Hello from a guest').getByTestId('comment-guest'),
    ).toBeVisible();

    // The friend loves the photo and comments.
    const f = friendView.page;
    await memberViewer(f, friend, album.id, file);
    await f.getByTestId('carousel-love').click();
    await expect(f.getByTestId('carousel-love')).toHaveText(/You love this/);
    await f.getByTestId('comment-input').fill('What a party!');
    await f.getByTestId('comment-input').press('Enter');
    await expect(commentWith(f, 'What a party!')).toHaveCount(1);
    // The guest's comment is the guest's: the friend neither edits nor deletes it; the owner
    // deletes but does not edit it (SPEC §6).
    await expect(commentWith(f, 'Hello from a guest').getByRole('button')).toHaveCount(0);
    await expect(commentWith(page, 'Hello from a guest').getByTestId('comment-edit')).toHaveCount(
      0,
    );
    await expect(
      commentWith(page, 'Hello from a guest').getByTestId('comment-delete'),
    ).toBeVisible();

    // The owner sees both live: the comment, the love text and the header's counts.
    await expect(commentWith(page, 'What a party!')).toContainText('Friendly <b>Friend</b>');
    await expect(page.getByTestId('carousel-love')).toHaveText(/1 person loves this/);
    await expect(page.getByTestId('album-counts')).toContainText('2 comments');
    await expect(page.getByTestId('album-counts')).toContainText('1 love');
    // …and so does the visitor.
    await expect(commentWith(v, 'What a party!')).toHaveCount(1);
    await expect(v.getByTestId('carousel-love')).toHaveText(/1 person loves this/);
    await expect(v.getByTestId('visitor-album-comments')).toHaveText('2 comments');

    // The friend edits their comment: "Edited", here and at the owner's.
    const mine = commentWith(f, 'What a party!');
    await mine.getByTestId('comment-edit').click();
    await f.getByTestId('comment-edit-input').fill('What a great party!');
    await f.getByTestId('comment-edit-save').click();
    const edited = commentWith(f, 'What a great party!');
    await expect(edited.getByTestId('comment-edited')).toHaveText('Edited');
    await expect(
      commentWith(page, 'What a great party!').getByTestId('comment-edited'),
    ).toBeVisible();

    // An edit the server refuses comes back as it was, with edit_comment_error.
    const fault = await addFault({ method: 'PUT', path: '/comments/[^/]+$' });
    try {
      await edited.getByTestId('comment-edit').click();
      await f.getByTestId('comment-edit-input').fill('This will not stick');
      await f.getByTestId('comment-edit-save').click();
      const reverted = f.locator('[data-status="SERVER_ERROR__EDIT"]');
      await expect(reverted.getByTestId('comment-text')).toHaveText('What a great party!');
      await expect(reverted.getByTestId('comment-error')).toHaveText(
        'Your comment could not be changed; it is back as it was.',
      );
    } finally {
      await removeFault(fault);
    }
    await expect(commentWith(page, 'This will not stick')).toHaveCount(0);

    // The owner deletes the friend's comment (confirmed); it leaves the friend's list live.
    await commentWith(page, 'What a great party!').getByTestId('comment-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(commentWith(page, 'What a great party!')).toHaveCount(0);
    await expect(commentWith(f, 'What a great party!')).toHaveCount(0);
    await expect(v.getByTestId('visitor-album-comments')).toHaveText('1 comment');
    await expect(page.getByTestId('album-counts')).toContainText('1 comment');

    // The visitor album itself is clean too.
    await v.keyboard.press('Escape');
    await expect(v.getByTestId('carousel')).toHaveCount(0);
    await axeClean(v, 'visitor-album');
  } finally {
    await visitor.context.close();
    await friendView.context.close();
  }
});

test('a visitor’s typed comment and love wait for the login and are posted after it', async ({
  browser,
  request,
}) => {
  // Two sign-ins through the identity page.
  test.slow();
  const album = await albumWithPhotos(owner, 'Later', true, 1);
  const file = album.files[0];
  const joiner = await account(request, 'social-late', { name: 'Late Larry' });
  const first = await newPage(browser);
  try {
    const v = first.page;
    await v.goto(`/a/${album.id}?file=${file}`);
    await openComments(v, file);
    await v.getByTestId('comment-input').fill('Typed before signing in');
    await v.getByTestId('comment-sign-in').click();
    await signInThroughIdentityPage(v, joiner, { fromPrompt: false });
    await expect(v).toHaveURL(new RegExp(`/a/${album.id}\\?file=${file}$`));
    const posted = commentWith(v, 'Typed before signing in');
    await expect(posted.getByTestId('comment-author')).toHaveText('Late Larry');
    await expect(posted.getByTestId('comment-guest')).toHaveCount(0);
    expect(await v.evaluate(() => sessionStorage.getItem('pendingComment'))).toBeNull();
  } finally {
    await first.context.close();
  }
  const second = await newPage(browser);
  try {
    const v = second.page;
    await v.goto(`/a/${album.id}?file=${file}`);
    const love = v.getByTestId('carousel-love');
    // The bar's heart is an icon; the sentence is the button's name (issue 34.5).
    await expect(love).toHaveAccessibleName('Love');
    await expect(love).toHaveAttribute('aria-pressed', 'false');
    await love.click();
    await signInThroughIdentityPage(v, joiner, { fromPrompt: false });
    await expect(love).toHaveAttribute('aria-pressed', 'true');
    await expect(love).toHaveText(/You love this/);
  } finally {
    await second.context.close();
  }
  const comments = await call<{ comments: { text: string; visitor: boolean }[] }>(
    owner,
    'GET',
    `/jobs/${album.id}/files_by_id/${file}/comments`,
  );
  expect(comments.comments).toEqual([
    expect.objectContaining({ text: 'Typed before signing in', visitor: false }),
  ]);
});

test('/a/{jobId}/subscribe as a visitor signs in and ends subscribed', async ({
  browser,
  request,
}) => {
  const album = await albumWithPhotos(owner, 'Join us', true, 1);
  const joiner = await account(request, 'social-joiner', { name: 'Joining Jo' });
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`/a/${album.id}/subscribe`);
    await signInThroughIdentityPage(page, joiner, { fromPrompt: false });
    await expect(page).toHaveURL(new RegExp(`/albums/${album.id}$`));
    await expect(page.getByTestId('album-header')).toHaveAttribute('data-role', 'member');
    const users = await call<{ users: { name: string | null; subscribed: boolean }[] }>(
      owner,
      'GET',
      `/jobs/${album.id}/users?include_profile_url=1`,
    );
    expect(users.users).toContainEqual(
      expect.objectContaining({ name: 'Joining Jo', subscribed: true }),
    );
  } finally {
    await context.close();
  }
});

test('time ago is redrawn on the clock (SPEC §9: every 10 s)', async ({ browser }) => {
  const album = await albumWithPhotos(owner, 'Clockwork', true, 1);
  const file = album.files[0];
  await call(owner, 'POST', `/jobs/${album.id}/files_by_id/${file}/comments`, {
    comment: 'Tick tock',
  });
  const { context, page } = await newPage(browser);
  try {
    await page.clock.install({ time: new Date() });
    await page.goto(`/a/${album.id}?file=${file}`);
    await openComments(page, file);
    const time = commentWith(page, 'Tick tock').getByTestId('comment-time');
    await expect(time).toHaveText('just now');
    await page.clock.fastForward('05:00');
    await expect(time).toHaveText('5 minutes ago');
    await page.clock.fastForward('02:00:00');
    await expect(time).toHaveText('2 hours ago');
  } finally {
    await context.close();
  }
});

test('phones: the full-screen comments panel, long comments cut to 4 lines with “Show more”', async ({
  browser,
}) => {
  const album = await albumWithPhotos(owner, 'Small screen', true, 1);
  const file = album.files[0];
  const long = ['A long story,', ...Array.from({ length: 9 }, (_, i) => `line ${i + 2}`)].join(
    '\n',
  );
  const unbroken = 'W'.repeat(200);
  const comments = `${API}/jobs/${album.id}/files_by_id/${file}/comments`;
  await call(owner, 'POST', `/jobs/${album.id}/files_by_id/${file}/comments`, { comment: long });
  // A guest with the longest name there is, one unbroken word, says one unbroken word.
  const named = await fetch(`${API}/jobs/${album.id}/visitor_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'N'.repeat(255) }),
  });
  const { token } = (await named.json()) as { token: string };
  const said = await fetch(comments, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-visitor-token': token },
    body: JSON.stringify({ comment: unbroken }),
  });
  expect(said.status).toBe(200);
  const { context, page } = await newPage(browser, { viewport: { width: 360, height: 740 } });
  try {
    await page.goto(`/a/${album.id}?file=${file}`);
    await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', file);
    await page.getByTestId('carousel-comments').click();
    await expect(page).toHaveURL(new RegExp(`/comments/${album.id}/${file}$`));
    const panel = page.getByTestId('comments-page');
    await expect(panel).toBeVisible();
    const story = commentWith(page, 'A long story');
    const text = story.getByTestId('comment-text');
    // SPEC §9: 4 lines of 16 px.
    expect((await text.boundingBox())!.height).toBeLessThanOrEqual(64 + 1);
    const more = story.getByTestId('comment-more');
    await expect(more).toHaveText('Show more');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    expect((await text.boundingBox())!.height).toBeGreaterThan(9 * 16);
    await expect(commentWith(page, unbroken).getByTestId('comment-guest')).toBeVisible();
    // The 255-character name and the 200-character word wrap: no text reaches past the phone's
    // right edge (each text's own rectangles, so a box that lets its text overflow is caught).
    const widest = await panel.evaluate((root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let right = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        range.selectNodeContents(node);
        right = Math.max(right, range.getBoundingClientRect().right);
      }
      return right;
    });
    expect(widest).toBeLessThanOrEqual(360);
    await axeClean(page, 'comments-page');
    // Back is the viewer it came from.
    await page.getByTestId('comments-page-back').click();
    await expect(page.getByTestId('carousel')).toHaveAttribute('data-file-id', file);
  } finally {
    await context.close();
  }
});

test('“Create your own album” on the link: the visitor signs in, names the album, then picks photos', async ({
  browser,
  request,
}) => {
  const album = await albumWithPhotos(owner, 'Inspiring', true, 1);
  const creator = await account(request, 'social-creator', { name: 'Creative Cat' });
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`/a/${album.id}`);
    await page.getByTestId('visitor-album-create').click();
    await signInThroughIdentityPage(page, creator, { fromPrompt: false });
    await expect(page).toHaveURL(new RegExp(`/a/${album.id}/createNew$`));
    await page.getByTestId('album-title-input').fill('Our own <b>album</b>');
    await page.getByTestId('new-album-save').click();
    await expect(page).toHaveURL(/\/albums\/[^/]+\/edit\/addPhotos$/);
    const mine = await call<{ jobs: { id: string; name: string | null }[] }>(
      creator,
      'GET',
      '/jobs?stories=1',
    );
    expect(mine.jobs.map((j) => j.name)).toContain('Our own <b>album</b>');
  } finally {
    await context.close();
  }
});

test('adding photos as a visitor: sign in, come back with #showUploadOverlay, join, upload, copy to the timeline', async ({
  browser,
  request,
}) => {
  const album = await albumWithPhotos(owner, 'Bring yours', true, 2);
  const adder = await account(request, 'social-adder', { name: 'Adding Ada' });
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`/a/${album.id}`);
    await page.getByTestId('visitor-album-add').click();
    await signInThroughIdentityPage(page, adder, { fromPrompt: false });
    // Back on the album (now a member) with the upload overlay open.
    await expect(page).toHaveURL(new RegExp(`/albums/${album.id}#showUploadOverlay$`));
    const overlay = page.getByTestId('upload-overlay');
    await expect(overlay).toBeVisible();
    await axeClean(page, 'upload-overlay');
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 250, g: 200, b: 10 } },
    })
      .jpeg()
      .toBuffer();
    // SPEC §2: adding to a shared album while signed in offers "Also copy to my timeline".
    await page.getByTestId('upload-overlay-timeline').check();
    await page
      .getByTestId('upload-overlay-input')
      .setInputFiles({ name: 'mine.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(overlay).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/albums/${album.id}$`));
    const paths = async (who: Account, job: string) =>
      (await call<{ files: { path: string }[] }>(who, 'GET', `/jobs/${job}/files`)).files
        .map((file) => file.path)
        .sort();
    await expect.poll(() => paths(owner, album.id)).toHaveLength(3);
    // The copy lands in the adder's own timeline once the album upload is done.
    await expect.poll(() => paths(adder, adder.timeline)).toContain('mine.jpg');
    // The header's own Upload, on this shared album, asks the same (SPEC §2), unticked again.
    await page.getByTestId('album-upload').click();
    await expect(page).toHaveURL(new RegExp(`/albums/${album.id}#showUploadOverlay$`));
    await expect(page.getByTestId('upload-overlay-timeline')).not.toBeChecked();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(overlay).toHaveCount(0);
    // So does the top bar's Upload on this page (state/uploadOffer.ts).
    await page.getByTestId('upload-button').click();
    await expect(page).toHaveURL(new RegExp(`/albums/${album.id}#showUploadOverlay$`));
    await expect(page.getByTestId('upload-overlay-timeline')).not.toBeChecked();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(overlay).toHaveCount(0);
    // And files dropped on the page: the overlay names them and uploads nothing until asked.
    const drop = async (names: string[]) => {
      const files = await Promise.all(
        names.map(async (name, i) => ({
          name,
          bytes: [
            ...(await sharp({
              create: {
                width: 64,
                height: 48,
                channels: 3,
                background: { r: 30 * i, g: 9, b: 99 },
              },
            })
              .jpeg()
              .toBuffer()),
          ],
        })),
      );
      const dataTransfer = await page.evaluateHandle((files) => {
        const transfer = new DataTransfer();
        for (const { name, bytes } of files) {
          transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
        }
        return transfer;
      }, files);
      await page.dispatchEvent('main', 'dragenter', { dataTransfer });
      await expect(page.getByTestId('upload-drop-zone')).toBeVisible();
      await page.dispatchEvent('main', 'dragover', { dataTransfer });
      await page.dispatchEvent('main', 'drop', { dataTransfer });
      await expect(page.getByTestId('upload-drop-zone')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/albums/${album.id}#showUploadOverlay$`));
      await expect(overlay).toHaveAttribute('data-dropped', String(names.length));
      await expect(page.getByTestId('upload-overlay-files').getByRole('listitem')).toHaveText(
        names,
      );
      await expect(page.getByTestId('upload-overlay-timeline')).not.toBeChecked();
    };
    await drop(['left-out.jpg']);
    await expect(overlay).toContainText('1 file is ready to upload to this album.');
    await page.getByTestId('upload-overlay-cancel').click();
    await expect(overlay).toHaveCount(0);
    await drop(['dropped-1.jpg', 'dropped-2.jpg']);
    await expect(overlay).toContainText('2 files are ready to upload to this album.');
    await axeClean(page, 'upload-overlay');
    await page.getByTestId('upload-overlay-timeline').check();
    await page.getByTestId('upload-overlay-confirm').click();
    await expect(overlay).toHaveCount(0);
    // Exactly the confirmed files reach the album, and (ticked) the adder's timeline; the
    // cancelled drop was never queued.
    const ownerPaths = album.files.map((_, i) => `Bring yours/photo-${i}.jpg`);
    await expect
      .poll(() => paths(owner, album.id))
      .toEqual([...ownerPaths, 'dropped-1.jpg', 'dropped-2.jpg', 'mine.jpg'].sort());
    const queued = await page.evaluate(() => {
      type Hooks = { upload: { store: { getState(): { items: { name: string }[] } } } };
      const hooks = (window as unknown as { __capture: Hooks }).__capture;
      return hooks.upload.store.getState().items.map((item) => item.name);
    });
    expect(queued).not.toContain('left-out.jpg');
    expect(queued).toEqual(expect.arrayContaining(['dropped-1.jpg', 'dropped-2.jpg']));
    await expect
      .poll(() => paths(adder, adder.timeline))
      .toEqual(['dropped-1.jpg', 'dropped-2.jpg', 'mine.jpg']);
    // SPEC §4 COPY_TO_TIMELINE: the owner's two files, selected, copied to the adder's timeline.
    await expect(page.getByTestId('selection-toolbar')).toHaveCount(0);
    // Tall enough for both months of the album (the dropped files' and the owner's) at once.
    await page.setViewportSize({ width: 1280, height: 1400 });
    for (const id of album.files) {
      await expect.poll(async () => (await screenTiles(page)).some((t) => t.id === id)).toBe(true);
      const tile = (await screenTiles(page)).find((t) => t.id === id)!;
      await page.mouse.click(tile.x + 16, tile.y + 16);
    }
    await expect(page.getByTestId('selection-count')).toContainText('2');
    await page.getByTestId('selection-copy-to-timeline').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: '2 items copied to your photos' }),
    ).toBeVisible();
    await expect(page.getByTestId('selection-toolbar')).toHaveCount(0);
    await expect
      .poll(() => paths(adder, adder.timeline))
      .toEqual([...ownerPaths, 'dropped-1.jpg', 'dropped-2.jpg', 'mine.jpg'].sort());
    // The cover picker by its address (SPEC §6: the cover is the owner's): a member sees every
    // tile disabled and says why. An in-app navigation, as a typed link would land on it.
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/albums/${album.id}/edit/cover`);
    const tiles = page.getByTestId('cover-picker-tile');
    await expect(tiles).toHaveCount(5);
    await expect(page.getByTestId('cover-picker-not-allowed')).toHaveText(
      "You cannot change this album's cover.",
    );
    await expect(tiles.and(page.locator('[data-state="available"]'))).toHaveCount(0);
    // The member's own file too ("mine.jpg"): only the current cover's radio stays checked.
    const unavailable = tiles.and(page.locator('[data-state="unavailable"]'));
    await expect(unavailable).not.toHaveCount(0);
    for (const radio of await unavailable.getByRole('radio').all()) {
      await expect(radio).toBeDisabled();
    }
    await expect(page.getByTestId('cover-picker-save')).toBeDisabled();
  } finally {
    await context.close();
  }
});
