// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { trackUnsupportedMedia } from '../../platform/analytics';
import { PictureLayers } from './PictureLayers';
import type { CarouselSource } from './types';

vi.mock('../../platform/analytics', () => ({ trackUnsupportedMedia: vi.fn() }));

let i18nInstance: i18n;
beforeAll(async () => {
  i18nInstance = await initI18n('en_US', createInstance());
});
afterEach(() => {
  cleanup();
  vi.mocked(trackUnsupportedMedia).mockClear();
});

const source = {
  thumbnailUrl: (id: string, size: number) => `/t/${id}/${size}`,
  contentUrl: (id: string) => `/c/${id}`,
} as unknown as CarouselSource;

function show(fileId: string, showOriginal = false) {
  return (
    <I18nextProvider i18n={i18nInstance}>
      <PictureLayers
        source={source}
        fileId={fileId}
        label="Photo"
        showOriginal={showOriginal}
        onShown={() => undefined}
      />
    </I18nextProvider>
  );
}

describe('PictureLayers: an image that fails to load (SPEC §8)', () => {
  it('says "Something went wrong" and tracks the unsupported-media event once', () => {
    render(show('a'));
    expect(screen.queryByTestId('carousel-image-failed')).toBeNull();
    fireEvent.error(screen.getByTestId('carousel-image'));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
    expect(trackUnsupportedMedia).toHaveBeenCalledExactlyOnceWith({ layer: 'large' });
    // The same element failing again is the same failure.
    fireEvent.error(screen.getByTestId('carousel-image'));
    expect(trackUnsupportedMedia).toHaveBeenCalledTimes(1);
  });

  it('the next file starts clean; a file that loads says nothing', () => {
    const { rerender } = render(show('a'));
    fireEvent.error(screen.getByTestId('carousel-image'));
    rerender(show('b'));
    expect(screen.queryByTestId('carousel-image-failed')).toBeNull();
    fireEvent.load(screen.getByTestId('carousel-image'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(trackUnsupportedMedia).toHaveBeenCalledTimes(1);
  });

  it('the original failing is tracked, and the 1280 image stays without a message', () => {
    render(show('a', true));
    fireEvent.load(screen.getByTestId('carousel-image'));
    fireEvent.error(screen.getByTestId('carousel-original'));
    expect(trackUnsupportedMedia).toHaveBeenCalledExactlyOnceWith({ layer: 'original' });
    expect(screen.queryByTestId('carousel-image-failed')).toBeNull();
    expect(screen.getByTestId('carousel-image').className).toContain('is-loaded');
  });
});
