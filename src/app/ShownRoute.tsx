import { useLayoutEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { exposeForTests } from '../platform/testHooks';

declare module '../platform/testHooks' {
  interface CaptureHooks {
    /**
     * The path and query of the page on screen, set once the router has committed it. A walk over
     * pages inside the running app (the e2e crawl) waits for it: while a lazily loaded page
     * arrives, the router keeps the page before on screen under the new URL.
     */
    shownPath?: string;
  }
}

const wrapped = new WeakMap<ComponentType, ComponentType>();

/**
 * A route's page that reports itself shown (test and bench builds only; nothing otherwise). One
 * wrapper per page component: routes that render the same page (/photos and /photos/:fileId) keep
 * one component type, so React keeps the page mounted between them (a wrapper each remounted the
 * timeline under the viewer, and the viewer lost the grid it opened from).
 */
export function shownRoute(Page: ComponentType): ComponentType {
  const known = wrapped.get(Page);
  if (known) return known;
  function ShownRoute() {
    const { pathname, search } = useLocation();
    // After the page's own commit (a parent's layout effect runs after its children's).
    useLayoutEffect(() => exposeForTests('shownPath', `${pathname}${search}`), [pathname, search]);
    return <Page />;
  }
  wrapped.set(Page, ShownRoute);
  return ShownRoute;
}
