import { expect, type Page } from '@playwright/test';
import { waitForHook } from './hooks';

/**
 * Whether the app has a page for `path` yet (src/platform/routesBuilt.ts, fed by the route
 * table). Controls that lead to a route without a page are hidden or do nothing until it lands,
 * so specs that follow such a control check this first instead of expecting page-not-found.
 */
export async function routeBuilt(page: Page, path: string): Promise<boolean> {
  await waitForHook(page, 'routes');
  return page.evaluate((target) => window.__capture!.routes.isRouteBuilt(target), path);
}

/** Enter opened the file: its carousel route once that page is built, else nothing (no dead end). */
export async function expectOpened(page: Page, id: string): Promise<void> {
  if (await routeBuilt(page, `/photos/${id}`)) {
    await expect(page).toHaveURL(new RegExp(`/photos/${id}$`));
  } else {
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/photos(\?.*)?$/);
  }
}

/**
 * Goes to `path` inside the running app, as a link or the Back button does (the URL pushed, then
 * the router's popstate listener), without loading and compiling the app again: a page load
 * costs a spec 2-4 CPU seconds on these machines (the bundle's compile, the workers' start).
 * For walks over many pages whose own load is not under test.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  const { pathname } = new URL(path, 'http://app.invalid');
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}
