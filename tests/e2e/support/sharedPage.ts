import { test, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_WEB_PORT } from '../../../playwright.config';

/**
 * One page, in a browser context of its own (`options`), shared by the tests of the file or
 * `test.describe` block this is called in (issue 35 step 5: a new context's page load and sign-in
 * cost more CPU than most tests; each test brings the page back to its start in the app). It
 * registers the scope's beforeAll that makes the page and afterAll that closes its context, and
 * returns the page's accessor, for the tests and hooks of that scope. The tests of a file run in
 * order in one worker (the config's fullyParallel is off); after a failure the next test runs in a
 * new worker, whose beforeAll makes a new page (about:blank: a spec's first-time path).
 */
export function sharedPage(options: BrowserContextOptions = {}): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    page = await (await browser.newContext(options)).newPage();
  });
  test.afterAll(async () => {
    await page?.context().close();
    page = undefined;
  });
  return () => {
    if (!page) throw new Error('sharedPage(): the page is made by its scope’s beforeAll');
    return page;
  };
}

/**
 * A context's storage state with these entries in the app's localStorage (and no cookies): what a
 * returning person's browser holds, e.g. the cookie notice seen.
 */
export function appLocalStorage(
  entries: Record<string, string>,
): NonNullable<BrowserContextOptions['storageState']> {
  return {
    cookies: [],
    origins: [
      {
        origin: `http://127.0.0.1:${E2E_WEB_PORT}`,
        localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })),
      },
    ],
  };
}
