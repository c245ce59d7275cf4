import { expect, test, type Browser, type Page } from '@playwright/test';
import { transformPassword } from '../../src/domain/password';
import { account, albumWithPhotos, call, uploadPhoto, type Account } from './support/accounts';
import { API, openTimelineSignedIn } from './support/login';
import { addFault, removeFault } from './support/testControls';

// Issue 31: the client speaks SPEC §7 as written. A job or share fetch that fails lands on the
// page SPEC §4 names for the state SPEC §7's mapping gives, with the server answering in the
// SPEC's words (status and body text: "public job auth failed", "User does not have access to
// secured job"), and the not-found pages are SPEC §2's (title, description, learn-more link,
// create-user text and a sign-in button when signed out).
test.describe.configure({ mode: 'serial' });

let owner: Account;
let stranger: Account;
const PASSWORD = 'open sesame ✨';

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'contract-owner', { name: 'Contract Owner' });
  stranger = await account(request, 'contract-stranger', { name: 'Contract Stranger' });
});

/** GET `path` on the API without a token: the status and body text a visitor's client reads. */
async function visitorAnswer(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${API}${path}`);
  return { status: response.status, body: await response.text() };
}

async function asVisitor(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** SPEC §2 not-found page as a signed-out visitor sees it. */
async function expectSignedOutNotFound(page: Page, kind: 'album' | 'share'): Promise<void> {
  const view = page.getByTestId(`not-found-${kind}`);
  await expect(view).toBeVisible();
  await expect(view.getByRole('heading', { level: 1 })).toHaveText(
    kind === 'album' ? 'Album not found' : 'Share not found',
  );
  await expect(view.getByRole('link', { name: 'Learn more' })).toBeVisible();
  await expect(view).toContainText('GB free storage');
  await expect(view.getByTestId('login-button')).toBeVisible();
}

test('a password-protected album says "public job auth failed" and opens on its password page', async ({
  browser,
}) => {
  const album = await albumWithPhotos(owner, 'Locked album', true, 1);
  await call(owner, 'POST', `/jobs/${album.id}/password`, {
    password: await transformPassword(PASSWORD, album.id),
  });
  const answer = await visitorAnswer(`/jobs/${album.id}/info`);
  expect([400, 401, 403]).toContain(answer.status);
  expect(answer.body).toContain('public job auth failed');
  await asVisitor(browser, async (page) => {
    await page.goto(`/a/${album.id}`);
    await expect(page.getByTestId('share-password')).toContainText('This album is protected');
    // SPEC §4 PASSWORD_PROVIDED: the fetch with the typed password; a wrong one is refused.
    await page.getByTestId('share-password-input').fill('not it');
    await page.getByTestId('share-password-submit').click();
    await expect(page.getByTestId('share-password-problem')).toHaveText('Incorrect password');
    await page.getByTestId('share-password-input').fill(PASSWORD);
    await page.getByTestId('share-password-submit').click();
    await expect(page.getByTestId('visitor-album-title')).toHaveText('Locked album');
  });
});

test('a password-protected share says "public job auth failed" and opens on its password page', async ({
  browser,
}) => {
  const photo = await uploadPhoto(owner, {
    path: 'contract/locked.jpg',
    mtime: Date.UTC(2023, 1, 1) / 1000,
    width: 320,
    height: 240,
    red: 10,
  });
  const share = await call<{ id: string }>(owner, 'POST', '/shares', {
    job: owner.timeline,
    files: [photo],
  });
  await call(owner, 'POST', `/shares/${share.id}/password`, {
    password: await transformPassword(PASSWORD, share.id),
  });
  const answer = await visitorAnswer(`/shares/${share.id}`);
  expect([400, 401, 403]).toContain(answer.status);
  expect(answer.body).toContain('public job auth failed');
  await asVisitor(browser, async (page) => {
    await page.goto(`/share/${share.id}`);
    await expect(page.getByTestId('share-password')).toContainText('This share is protected');
    await page.getByTestId('share-password-input').fill(PASSWORD);
    await page.getByTestId('share-password-submit').click();
    await expect(page.getByTestId('share-file')).toHaveCount(1);
  });
});

test('a private album asks a visitor to sign in and is not found for a signed-in stranger', async ({
  browser,
  page,
}) => {
  test.slow(); // two sessions and four page loads
  const album = await albumWithPhotos(owner, 'Only the owner', false, 1);
  const answer = await visitorAnswer(`/jobs/${album.id}/info`);
  expect([400, 401, 403]).toContain(answer.status);
  expect(answer.body).toContain('User does not have access to secured job');
  await asVisitor(browser, async (visitor) => {
    await visitor.goto(`/a/${album.id}`);
    await expect(visitor.getByTestId('login-prompt')).toBeVisible();
    await expect(visitor.getByRole('alertdialog')).toHaveCount(0);
  });

  await openTimelineSignedIn(page, '/photos', stranger);
  for (const path of [`/a/${album.id}`, `/albums/${album.id}`]) {
    await page.goto(path);
    const view = page.getByTestId('not-found-album');
    await expect(view).toBeVisible();
    await expect(view.getByRole('link', { name: 'Learn more' })).toBeVisible();
    // Signed in: no sign-in button and no create-user text, the way back to the timeline instead.
    await expect(view.getByTestId('login-button')).toHaveCount(0);
    await expect(view.getByRole('link', { name: 'Go to your photos' })).toBeVisible();
  }
});

test('a deleted album: its link lands on album-not-found', async ({ browser }) => {
  const album = await albumWithPhotos(owner, 'Soon gone', true, 1);
  await call(owner, 'DELETE', `/jobs/${album.id}`);
  expect((await visitorAnswer(`/jobs/${album.id}/info`)).status).toBe(404);
  await asVisitor(browser, async (page) => {
    await page.goto(`/a/${album.id}`);
    await expectSignedOutNotFound(page, 'album');
  });
});

test('a 5xx on the album or share fetch is FETCH_FAILED: the not-found page', async ({
  browser,
  page,
}) => {
  test.slow(); // two sessions and four page loads
  const album = await albumWithPhotos(owner, 'Server trouble', true, 1);
  const share = await call<{ id: string }>(owner, 'POST', '/shares', {
    job: album.id,
    files: album.files,
  });
  const faults = [
    await addFault({ method: 'GET', path: `^/jobs/${album.id}/info$`, status: 503 }),
    await addFault({ method: 'GET', path: `^/shares/${share.id}$`, status: 500 }),
  ];
  try {
    await asVisitor(browser, async (visitor) => {
      await visitor.goto(`/a/${album.id}`);
      await expectSignedOutNotFound(visitor, 'album');
      await visitor.goto(`/share/${share.id}`);
      await expectSignedOutNotFound(visitor, 'share');
    });
    await openTimelineSignedIn(page, '/photos', owner);
    await page.goto(`/albums/${album.id}`);
    await expect(page.getByTestId('not-found-album')).toBeVisible();
  } finally {
    for (const id of faults) await removeFault(id);
  }
  // The fault gone, the same links open.
  await page.reload();
  await expect(page.getByTestId('album-page')).toBeVisible();
});

test('a build without a usable /app-config.json says what is missing and never guesses the API', async ({
  page,
}) => {
  // Issue 31 item 6: the web tier's config is the only place the client learns where the service
  // is. Every call the page makes is recorded: none may go to a guessed host.
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).host));
  await page.route('**/app-config.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/photos');
  await expect(page.getByTestId('not-configured-reason')).toHaveText(
    'This site has no settings for the app: /app-config.json answered 404.',
  );
  await expect(page.getByTestId('not-configured')).toContainText('Deploy section of the README');
  await page.unroute('**/app-config.json');
  await page.route('**/app-config.json', (route) =>
    route.fulfill({ json: { apiOrigin: 'not a url' } }),
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('not-configured-reason')).toHaveText(
    "This site's settings for the app (/app-config.json) are missing or wrong: apiOrigin.",
  );
  expect([...hosts]).toEqual([new URL(page.url()).host]);
});
