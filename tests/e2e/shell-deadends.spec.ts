// Issue 22 "The shell's dead ends": a disabled account, a broken stored session, a chunk that
// fails to load, and a crawl of the shell's links that must never end on page-not-found.
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  openTimelineSignedIn,
  PAGE_LOAD_TIMEOUT,
  signInThroughIdentityPage,
} from './support/login';
import { waitForHook } from './support/hooks';
import { navigateInApp, routeBuilt } from './support/routes';
import { setUserDisabled } from './support/testControls';
import { sharedPage } from './support/sharedPage';

// user2 is no other spec's user: disabling it cannot disturb them.
const DISABLED = { email: 'user2@example.com', password: DEMO.password };

// The demo user's tests share one page signed in once (issue 35 step 5: a new context's page
// load and sign-in cost more CPU than a load in a page already signed in, whose compiled code is
// cached). The disabled account's tests keep pages of their own (another user, signed out).
// Serial: a failing test skips the rest of the file.
test.describe.configure({ mode: 'serial' });

/** The page the demo user's tests share. */
const shared = sharedPage();

/**
 * The shared page freshly loaded at `path`, signed in as the demo user: the first time with a new
 * session (openTimelineSignedIn); then a load of `path` in the page already signed in, with the
 * routes the last test set taken away and the tab's session storage as a new tab's. A load, not a way in the app: these tests need a document
 * that has not yet loaded the page they break.
 */
async function freshLoad(path = '/photos', readyTestId = 'timeline'): Promise<Page> {
  const page = shared();
  if (page.url() === 'about:blank') {
    await openTimelineSignedIn(page, path, DEMO, readyTestId);
    return page;
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // The tab's own markers go, the session stays: as a new tab signed in has it. (The last test's
  // chunk reload left chunkReloadAt, which within a minute lets the next failure through.)
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (key !== 'authToken' && key !== 'serviceDict') sessionStorage.removeItem(key);
    }
  });
  await page.goto(path);
  await expect(page.getByTestId(readyTestId)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  return page;
}

test.describe('a disabled account', () => {
  test.afterEach(async () => setUserDisabled(DISABLED.email, false));

  test('signing in lands on the account-terminated page', async ({ page }) => {
    await setUserDisabled(DISABLED.email, true);
    await page.goto('/photos');
    await signInThroughIdentityPage(page, DISABLED);
    await expect(page.getByTestId('account-terminated')).toBeVisible();
    await expect(page).toHaveURL(/\/error\/user_disabled$/);
  });

  test('any call of a session disabled meanwhile leads to the account-terminated page', async ({
    page,
  }) => {
    await openTimelineSignedIn(page, '/photos', DISABLED);
    await setUserDisabled(DISABLED.email, true);
    // The page's next call through its API client (here one the test makes; the change poll
    // or any action would do the same) answers 403 user_disabled.
    await waitForHook(page, 'api');
    await page.evaluate(() =>
      window
        .__capture!.api.request({
          call: window.__capture!.callFor('GET', '/account_info'),
          responseType: 'none',
        })
        .catch(() => undefined),
    );
    await expect(page.getByTestId('account-terminated')).toBeVisible();
    await expect(page).toHaveURL(/\/error\/user_disabled$/);
    // The session is gone: a reload asks for a login again.
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
  });
});

test('a stored session that fails to load redirects to a fresh login and back', async () => {
  const page = await freshLoad('/documents', 'documents');
  // Stored data the app cannot use (SPEC §5: a service dict needs all five hosts).
  await page.evaluate(() => sessionStorage.setItem('serviceDict', '{"appHost": 1}'));
  await page.reload();
  // Straight to the identity provider, not a bare prompt…
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByTestId('login-prompt')).toHaveCount(0);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  // …and back where the user was.
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByTestId('documents')).toBeVisible();
});

test.describe('a page chunk that fails to load (a new version was deployed)', () => {
  /**
   * Counts full page loads of the main frame from now on, as their navigation requests: what the
   * new document asks for comes after it, even while its scripts first run (the app imports the
   * page it opens on at start-up, before the `load` event).
   */
  function countLoads(page: Page): () => number {
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
    });
    return () => loads;
  }
  const documentsChunk = /\/assets\/DocumentsPage-[^/]*\.js$/;

  test('reloads once and then shows the page', async () => {
    const page = await freshLoad();
    const loads = countLoads(page);
    // The old version's chunk is gone until the page reloads (then the "new" one is there).
    let failed = 0;
    await page.route(documentsChunk, (route) => {
      if (loads() > 0) return route.continue();
      failed++;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Documents' }).click();
    // One full load, to the page the user chose, which then loads.
    await expect(page.getByTestId('documents')).toBeVisible();
    await expect(page).toHaveURL(/\/documents$/);
    expect(loads()).toBe(1);
    expect(failed).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('something-went-wrong')).toHaveCount(0);
  });

  test('a chunk that stays missing shows the generic error page after one reload', async () => {
    const page = await freshLoad();
    await page.route(documentsChunk, (route) => route.fulfill({ status: 404, body: 'gone' }));
    const loads = countLoads(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Documents' }).click();
    await expect(page.getByTestId('something-went-wrong')).toBeVisible();
    await expect(page).toHaveURL(/\/documents$/);
    await page.waitForTimeout(500);
    expect(loads()).toBe(1);
  });
});

/** One of these is on screen once a page has rendered. */
const PAGE_READY = [
  'timeline',
  'documents',
  'albums-page',
  'album-page',
  'picker',
  'trash-nav',
  'trash',
  'trash-albums',
  'settings',
  'devices',
  'takeout',
  'help',
  'test-flags',
  'email-settings',
  'unsubscribe-error',
  'advanced',
  'developer',
  'profile-picker',
  'storage-page',
  'not-found-page',
  'account-terminated',
  'generic-error',
]
  .map((id) => `[data-testid="${id}"]`)
  .join(', ');

/** Internal links of the page: side menu, top navigation, footer, page content. */
async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`);
}

test('a crawl of the shell and the built pages finds no page-not-found', async () => {
  test.setTimeout(120_000);
  const page = await freshLoad();
  await page.getByRole('button', { name: 'OK, I understand' }).click();
  // The built pages, and the error pages whose buttons and links the shell offers.
  const queue = ['/photos', '/documents', '/error/user_disabled', '/error/500', '/no/such/page'];
  const seen = new Set<string>();
  const deadEnds: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    // Inside the running app (a page load each cost the crawl about 5 CPU s): the router keeps
    // the last page on screen while a lazily loaded one arrives, so the not-found check waits
    // until the page shown is the one of the address (src/app/ShownRoute.tsx).
    await navigateInApp(page, path);
    await expect
      .poll(() =>
        page.evaluate(() => window.__capture!.shownPath === location.pathname + location.search),
      )
      .toBe(true);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    // The lazily loaded page is in (the change poll keeps the network busy: no networkidle).
    await expect(page.locator(PAGE_READY)).toBeVisible();
    const notFound = await page.getByTestId('not-found-page').count();
    if (notFound > 0 && path !== '/no/such/page') deadEnds.push(path);
    // The skip link and other in-page anchors stay on the page.
    const links = (await internalLinks(page)).filter(
      (link) => link.split('#')[0] !== path && !seen.has(link),
    );
    // Asked in one call for the page's links (a call each added about 10 s to the crawl under load).
    const built = await page.evaluate(
      (links) => links.map((link) => window.__capture!.routes.isRouteBuilt(link)),
      links,
    );
    for (const [i, link] of links.entries()) {
      if (!built[i]) deadEnds.push(`${path} → ${link}`);
      // The privacy page may go through the identity page (fresh login): privacy.spec.ts.
      if (link.includes('/settings/privacy')) continue;
      queue.push(link);
    }
  }
  // Popup buttons: the storage popups' "Buy more storage" is there only when its page is.
  await navigateInApp(page, '/photos');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.evaluate(() =>
    window.__capture!.stores.popups.getState().enqueue('StorageUsageAbove80'),
  );
  const popup = page.getByTestId('storage-popup');
  await expect(popup).toBeVisible();
  const buy = popup.getByRole('button', { name: 'Buy more storage' });
  if (await routeBuilt(page, '/settings/storage')) {
    await buy.click();
    await expect(page.getByTestId('not-found-page')).toHaveCount(0);
  } else {
    await expect(buy).toHaveCount(0);
  }
  expect(deadEnds).toEqual([]);
  expect(seen.size).toBeGreaterThanOrEqual(5);
});
