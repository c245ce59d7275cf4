import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useMatches, useNavigationType } from 'react-router-dom';
import { titleOf } from './PageTitle';

/**
 * The page a location shows, for the window's scroll: its path. A viewer route (title "viewer":
 * `/photos/:fileId`, `/carousel/:jobId/:fileId`) opens over the page below it, so it is no page of
 * its own (null): opening, stepping and closing the viewer leave the window where it was.
 */
export function scrollPageOf(
  pathname: string,
  matches: readonly { handle?: unknown }[],
): string | null {
  return titleOf(matches) === 'viewer' ? null : pathname;
}

/**
 * A link to another page opens it at the window's top (issue 34): the app kept the window's
 * scroll from page to page, so a page reached from one scrolled down (the plans, a long settings
 * page) opened that far down. Back and Forward (POP) leave the window to the browser's own scroll
 * restoration; a new query or hash on the same path (a filter) keeps the scroll. Renders nothing.
 */
export function ScrollToTop() {
  const page = scrollPageOf(useLocation().pathname, useMatches());
  const navigationType = useNavigationType();
  const shown = useRef(page);
  useLayoutEffect(() => {
    if (page === null || page === shown.current) return;
    shown.current = page;
    if (navigationType === NavigationType.Pop) return;
    if (window.scrollY !== 0 || window.scrollX !== 0) window.scrollTo(0, 0);
  }, [page, navigationType]);
  return null;
}
