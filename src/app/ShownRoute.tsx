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

/** A route's page that reports itself shown (test and bench builds only; nothing otherwise). */
export function shownRoute(Page: ComponentType): ComponentType {
  function ShownRoute() {
    const { pathname, search } = useLocation();
    // After the page's own commit (a parent's layout effect runs after its children's).
    useLayoutEffect(() => exposeForTests('shownPath', `${pathname}${search}`), [pathname, search]);
    return <Page />;
  }
  return ShownRoute;
}
