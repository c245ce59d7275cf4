import { lazy, Suspense } from 'react';
import type { CarouselProps } from './Carousel';

/*
 * The viewer as the public entry gives it: its code (and @react-spring, which only it uses) is a
 * chunk of its own, loaded on first open, so /photos does not carry it (bench/bundle). Pages
 * fetch it ahead with `prefetchViewer` (the timeline: once its grid shows, when the browser is
 * idle, and on the first press), so opening a photo does not wait for it. While it loads the
 * page under it stays as it is.
 */

/** The viewer's module (its chunk). */
const viewerModule = () => import('./Carousel');

const LazyCarousel = lazy(() => viewerModule().then((viewer) => ({ default: viewer.Carousel })));
const LazyJobCarousel = lazy(() =>
  import('./CarouselPage').then((page) => ({ default: page.JobCarousel })),
);

/** Loads the viewer's chunk (idempotent): a route that opens on the viewer waits for it. */
export async function loadViewer(): Promise<void> {
  await viewerModule();
}

/** Starts loading the viewer's chunk ahead (idempotent). */
export function prefetchViewer(): void {
  void viewerModule();
}

export function Carousel(props: CarouselProps) {
  return (
    <Suspense fallback={null}>
      <LazyCarousel {...props} />
    </Suspense>
  );
}

/** A job's files in the viewer without a grid under them (a share's link, a reload). */
export function StandaloneCarousel() {
  return (
    <Suspense fallback={null}>
      <LazyJobCarousel />
    </Suspense>
  );
}
