import { expect, test, type Page } from '@playwright/test';
import { openTimelineSignedIn, PAGE_LOAD_TIMEOUT } from './support/login';
import { navigateInApp, routeBuilt } from './support/routes';
import { sharedPage } from './support/sharedPage';
import { E2E_API_PORT } from '../../playwright.config';

const LANGUAGES = [
  {
    locale: 'en-US',
    lang: 'en-US',
    photos: 'Photos',
    albums: 'Albums',
    notFound: 'Page not found',
  },
  {
    locale: 'nb-NO',
    lang: 'nb-NO',
    photos: 'Bilder',
    albums: 'Album',
    notFound: 'Fant ikke siden',
  },
  {
    locale: 'sv-SE',
    lang: 'sv-SE',
    photos: 'Bilder',
    albums: 'Album',
    notFound: 'Sidan hittades inte',
  },
  {
    locale: 'bg-BG',
    lang: 'bg-BG',
    photos: 'Снимки',
    albums: 'Албуми',
    notFound: 'Страницата не е намерена',
  },
];

// The tests of the shell signed out share one page (issue 35 step 5): loaded once, then each
// goes to its page in the app as a link does. A test whose subject is a load (a browser without
// WebGL2, the QA flags of the address, a token in the address) or another context (a locale, a
// phone's viewport) keeps its own. Serial: a failing test skips the rest of the file.
test.describe.configure({ mode: 'serial' });

const sharedSignedOut = sharedPage();

/** The shared page at `path`: loaded the first time, then reached in the app. */
async function signedOutAt(path: string): Promise<Page> {
  const shared = sharedSignedOut();
  if (shared.url() === 'about:blank') await shared.goto(path);
  else await navigateInApp(shared, path);
  return shared;
}

for (const language of LANGUAGES) {
  test.describe(`in ${language.locale}`, () => {
    test.use({ locale: language.locale });

    test('the shell renders translated, with footer and client version', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      const nav = page.getByRole('navigation', { name: /./ }).first();
      await expect(nav.getByRole('link', { name: language.photos, exact: true })).toBeVisible();
      // The albums tab is there once the albums page is built (issue 22: no tab to not-found).
      const albums = nav.getByRole('link', { name: language.albums, exact: true });
      if (await routeBuilt(page, '/albums')) await expect(albums).toBeVisible();
      else await expect(albums).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language.notFound);
      await expect(page.getByTestId('client-version')).toContainText('1.2.3300.7');
    });
  });
}

test('an unknown URL shows the page-not-found page with a login button when logged out', async () => {
  const page = await signedOutAt('/this/route/does/not/exist?x=1');
  const notFound = page.getByTestId('not-found-page');
  await expect(notFound).toBeVisible();
  await expect(notFound.getByRole('heading')).toHaveText('Page not found');
  await expect(notFound.getByRole('link', { name: 'Learn more' })).toBeVisible();
  await expect(notFound.getByTestId('login-button')).toBeVisible();
  await expect(notFound).toContainText('Create a user');
});

test('/error/user_disabled is the account-terminated page; other codes the generic page', async () => {
  const page = await signedOutAt('/error/user_disabled');
  await expect(page.getByTestId('account-terminated')).toBeVisible();
  await signedOutAt('/error/500');
  await expect(page.getByTestId('generic-error')).toContainText('Oops! Something went wrong.');
  await expect(page.getByTestId('generic-error')).toContainText('500');
});

test('losing the network shows the offline banner and regaining it clears it', async () => {
  const page = await signedOutAt('/error/404');
  const context = page.context();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveText(/No Internet connection/);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 10_000 });
});

test('the legacy-browser page shows when WebGL2 is missing', async ({ page }) => {
  await page.addInitScript(() => {
    // Simulate a browser without WebGL2.
    Reflect.deleteProperty(window, 'WebGL2RenderingContext');
  });
  await page.goto('/photos');
  await expect(page.getByTestId('legacy-browser')).toBeVisible();
  await expect(page.getByTestId('legacy-browser')).toContainText('Your browser is not supported');
  await expect(page.getByTestId('app-shell')).toHaveCount(0);
});

test('the QA corner marker is red with test flags, gold on staging, a gradient with both', async ({
  page,
}) => {
  await page.goto('/error/1?use-telenor-id-pluss=1');
  await expect(page.getByTestId('qa-marker')).toHaveAttribute('data-variant', 'flags');
  await page.goto('/error/1?staging=1');
  await expect(page.getByTestId('qa-marker')).toHaveAttribute('data-variant', 'both');
  await page.goto('/error/1?use-telenor-id-pluss=0');
  await expect(page.getByTestId('qa-marker')).toHaveAttribute('data-variant', 'staging');
  await page.goto('/error/1?staging=0');
  await expect(page.getByTestId('qa-marker')).toHaveCount(0);
});

test('confirm dialogs queue first in, first out and Escape cancels', async () => {
  const page = await signedOutAt('/error/1');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  const answers = page.evaluate(async () => {
    const hooks = (
      window as unknown as {
        __capture: { actions: { confirmDialog: (r: object) => Promise<boolean> } };
      }
    ).__capture;
    const first = hooks.actions.confirmDialog({ body: { key: 'common.yes' } });
    const second = hooks.actions.confirmDialog({ body: { key: 'common.no' } });
    return Promise.all([first, second]);
  });
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Yes');
  await page.keyboard.press('Escape');
  await expect(dialog).toContainText('No');
  await dialog.getByRole('button', { name: 'OK' }).click();
  expect(await answers).toEqual([false, true]);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('toasts auto-dismiss after 4 seconds', async () => {
  const page = await signedOutAt('/error/1');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.evaluate(() => {
    const hooks = (
      window as unknown as { __capture: { actions: { showToast: (t: object) => number } } }
    ).__capture;
    hooks.actions.showToast({ message: { key: 'common.ok' } });
  });
  await expect(page.getByTestId('toast')).toHaveText(/OK/);
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 6000 });
});

test('the side menu opens from the top navigation and closes with Escape', async () => {
  const page = await signedOutAt('/error/1');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('complementary', { name: 'Menu' });
  // Entries whose page is built (Photos and Documents today; Albums and Settings when they land).
  await expect(menu.getByRole('link', { name: 'Photos' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Documents' })).toBeVisible();
  for (const [name, path] of [
    ['Albums', '/albums'],
    ['Settings', '/settings'],
  ] as const) {
    await expect(menu.getByRole('link', { name })).toHaveCount(
      (await routeBuilt(page, path)) ? 1 : 0,
    );
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('a 401 runs the unauthorised handlers: a token the server does not know shows the session-expired dialog', async ({
  page,
}) => {
  const api = `http://127.0.0.1:${E2E_API_PORT}`;
  const dict = { appHost: api, thumbHost: api, videoHost: api, pollHost: api, downloadHost: api };
  await page.goto(
    `/photos?auth_token=not-a-real-token&service_dict=${encodeURIComponent(JSON.stringify(dict))}`,
  );
  // A cold page load first (the app's boot), then the 401.
  await expect(page.getByTestId('session-expired')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  // The credentials were taken out of the address bar and dropped after the 401.
  expect(page.url()).not.toContain('auth_token');
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
});

for (const width of [360, 390]) {
  test.describe(`a ${width}-px phone`, () => {
    test.use({ viewport: { width, height: 780 } });

    test('the top bar fits: menu, brand, both tabs and the upload icon inside the screen', async ({
      page,
    }) => {
      await openTimelineSignedIn(page);
      const bar = page.locator('.top-nav');
      const upload = page.getByTestId('upload-button');
      await expect(upload).toBeVisible();
      await expect(upload).toHaveAccessibleName('Upload photos and videos');
      // The icon, not the word, and drawn at its size.
      await expect(upload.locator('svg')).toBeVisible();
      expect((await upload.locator('svg').boundingBox())!.width).toBe(20);
      await expect(upload.getByText('Upload', { exact: true })).toBeHidden();
      for (const part of [
        bar.locator('.top-nav__menu-button'),
        bar.getByRole('link', { name: 'Photos', exact: true }),
        bar.getByRole('link', { name: 'Albums', exact: true }),
        upload,
      ]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      // Nothing in the bar overlaps the upload icon: the last tab itself, not only its row
      // (the row shrank while its tab ran under the icon), and the brand is whole.
      const albums = (await bar.getByRole('link', { name: 'Albums', exact: true }).boundingBox())!;
      const icon = (await upload.boundingBox())!;
      expect(albums.x + albums.width).toBeLessThanOrEqual(icon.x);
      expect(
        await bar
          .locator('.top-nav__brand')
          .evaluate((brand) => brand.scrollWidth <= brand.clientWidth),
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  });
}
