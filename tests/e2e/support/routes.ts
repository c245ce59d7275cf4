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
