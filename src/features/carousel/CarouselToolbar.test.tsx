// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../i18n';
import { viewportStore, breakpointFor } from '../../state/viewport';
import { CarouselToolbar } from './CarouselToolbar';
import { registerCarouselAction } from './slots';
import type { CarouselFile, CarouselSource } from './types';

beforeAll(async () => {
  await initI18n('en_US');
});
afterEach(cleanup);

const source = {
  jobId: 'job',
  returnTo: '/photos',
  capabilities: {
    download: true,
    deleteFiles: () => Promise.resolve([]),
    setCover: { allowed: () => true, run: () => Promise.resolve() },
  },
} as unknown as CarouselSource;

const file = (kind: CarouselFile['kind'], path: string): CarouselFile => ({
  id: path,
  kind,
  aspect: 1.5,
  time: 0,
  duration: kind === 'video' ? 12 : 0,
  path,
});

const noop = () => undefined;

/** The test ids of the buttons in the bar (not in the More menu), in order. */
function barOf(shown: CarouselFile, width: number): string[] {
  viewportStore.setState({ width, height: 800, breakpoint: breakpointFor(width) });
  const { container, unmount } = render(
    <I18nextProvider i18n={i18next}>
      <CarouselToolbar
        source={source}
        file={shown}
        counter="1 of 3"
        infoOpen={false}
        slideshow={false}
        fullscreen={false}
        busy={{ delete: false, copy: false, cover: false }}
        tv={false}
        commands={{
          close: noop,
          toggleInfo: noop,
          toggleSlideshow: noop,
          toggleFullscreen: noop,
          download: noop,
          exportJpeg: noop,
          copy: noop,
          remove: noop,
          setCover: noop,
          show: noop,
        }}
      />
    </I18nextProvider>,
  );
  const ids = [...container.querySelectorAll('[data-testid]')]
    .filter((element) => !element.closest('.carousel-more__panel'))
    .map((element) => element.getAttribute('data-testid') ?? '')
    .filter((id) => id !== 'carousel-counter');
  unmount();
  return ids;
}

describe('the viewer toolbar (issue 34.5: one row, no button moving per file type)', () => {
  // A slot that only pictures have (as Edit), placed in the menu, and one for every file.
  registerCarouselAction({
    id: 'edit',
    order: 7,
    placement: 'menu',
    render: ({ file: f }) => (f.kind === 'video' ? null : <button data-testid="edit" />),
  });
  registerCarouselAction({
    id: 'share',
    order: 5,
    placement: 'bar',
    render: () => <button data-testid="share" />,
  });

  it('shows the same bar for a photo, a HEIC photo and a video', () => {
    for (const width of [360, 1440]) {
      const photo = barOf(file('picture', 'a.jpg'), width);
      expect(barOf(file('picture', 'b.heic'), width)).toEqual(photo);
      expect(barOf(file('video', 'c.mp4'), width)).toEqual(photo);
    }
  });

  it('keeps a few buttons in a phone bar, the rest in the More menu', () => {
    expect(barOf(file('picture', 'a.jpg'), 360)).toEqual([
      'carousel-close',
      'share',
      'carousel-info-toggle',
      'carousel-more',
    ]);
    expect(barOf(file('picture', 'a.jpg'), 1440)).toEqual([
      'carousel-close',
      'share',
      'carousel-download',
      'carousel-delete',
      'carousel-slideshow',
      'carousel-info-toggle',
      'carousel-more',
    ]);
  });
});
