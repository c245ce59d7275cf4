// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop, scrollPageOf } from './ScrollToTop';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.scrollX = 0;
  window.scrollY = 0;
});

/** The window as a person leaves it on a long page (jsdom scrolls nothing itself). */
function scrolledWindow() {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation((x: number, y: number) => {
    window.scrollX = x;
    window.scrollY = y;
  });
  return {
    scrollDown: () => (window.scrollY = 640),
    scrollTo,
  };
}

function app(initial: string) {
  const page = { element: <ScrollToTop /> };
  const router = createMemoryRouter(
    [
      { path: '/settings/storage', handle: { title: 'storage' }, ...page },
      { path: '/settings/privacy', handle: { title: 'privacy' }, ...page },
      { path: '/photos', handle: { title: 'photos' }, ...page },
      { path: '/photos/:fileId', handle: { title: 'viewer' }, ...page },
      { path: '/albums/:jobId', handle: { title: 'album' }, ...page },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a new page opens at the window top (issue 34)', () => {
  it('a viewer route is no page of its own', () => {
    expect(scrollPageOf('/photos/f1', [{ handle: { title: 'viewer' } }])).toBeNull();
    expect(scrollPageOf('/photos', [{ handle: { title: 'photos' } }])).toBe('/photos');
  });

  it('a link from a page scrolled down opens the next page at the top', async () => {
    const scroll = scrolledWindow();
    const router = app('/settings/storage');
    expect(scroll.scrollTo).not.toHaveBeenCalled();
    scroll.scrollDown();
    await act(() => router.navigate('/settings/privacy'));
    expect(window.scrollY).toBe(0);
    // Another album is another page.
    await act(() => router.navigate('/albums/1'));
    scroll.scrollDown();
    await act(() => router.navigate('/albums/2'));
    expect(window.scrollY).toBe(0);
  });

  it('a new query on the same page, the viewer over it, and Back keep the scroll', async () => {
    const scroll = scrolledWindow();
    const router = app('/photos');
    scroll.scrollDown();
    await act(() => router.navigate('/photos?filter=only_videos'));
    await act(() => router.navigate('/photos/f1'));
    await act(() => router.navigate('/photos/f2', { replace: true }));
    await act(() => router.navigate('/photos'));
    expect(window.scrollY).toBe(640);
    await act(() => router.navigate('/settings/storage'));
    expect(window.scrollY).toBe(0);
    scroll.scrollDown();
    // Back: the browser restores the scroll it kept for that entry, not this component.
    await act(() => router.navigate(-1));
    expect(window.scrollY).toBe(640);
    expect(scroll.scrollTo).toHaveBeenCalledTimes(1);
  });
});
