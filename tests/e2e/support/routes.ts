import type { Page } from '@playwright/test';
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
