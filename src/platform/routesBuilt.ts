import { matchPath } from 'react-router-dom';

/**
 * Which routes have a page yet (issue 22: no control in the product ends on page-not-found).
 * The route table (src/app/routes.tsx) reports its built patterns once at start-up; menus,
 * popup buttons and back buttons ask here and stay hidden until their page lands, so they appear
 * by themselves when a feature sets `page` on its route. Until the table has reported (unit tests
 * that render a feature alone), every route counts as built.
 */
let builtPatterns: readonly string[] | null = null;

/** Called by the shell with the route table's patterns that have a page ('*' left out). */
export function setBuiltRoutes(patterns: readonly string[]): void {
  builtPatterns = patterns.filter((pattern) => pattern !== '*');
}

/** Whether a concrete path (e.g. '/settings/storage', '/photos/abc') renders a real page. */
export function isRouteBuilt(path: string): boolean {
  if (builtPatterns === null) return true;
  const pathname = path.split(/[?#]/, 1)[0];
  return builtPatterns.some(
    (pattern) => matchPath({ path: pattern, end: true }, pathname) !== null,
  );
}

/**
 * The hook form for components. The answer cannot change while the app runs (the table is fixed
 * at start-up), so it needs no subscription.
 */
export function useRouteBuilt(path: string): boolean {
  return isRouteBuilt(path);
}
