// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDESHOW_INTERVAL_MS } from '../../domain/constants';
import { carouselStore } from './carouselStore';
import type { CarouselFile } from './types';
import { useSlideshow, type SlideshowState } from './useSlideshow';

const file = (id: string): CarouselFile => ({
  id,
  kind: 'picture',
  aspect: 1.5,
  time: 0,
  duration: 0,
});

function slideshow(go: SlideshowState['go']) {
  return renderHook(() =>
    useSlideshow({
      autoplay: true,
      fileId: 'a',
      showing: true,
      isVideo: false,
      next: file('b'),
      previous: null,
      neighboursKnown: true,
      go,
    }),
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => {
    carouselStore.getState().setCastingDevice(null);
  });
  vi.useRealTimers();
});

describe('useSlideshow', () => {
  it('moves on to the next file after SPEC §9 5 s, keeping the slideshow on', () => {
    const go = vi.fn();
    slideshow(go);
    act(() => {
      vi.advanceTimersByTime(SLIDESHOW_INTERVAL_MS - 1);
    });
    expect(go).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(go).toHaveBeenCalledExactlyOnceWith('b', true);
  });

  it('runs no clock of its own while casting: the TV steps, the viewer follows it', () => {
    const go = vi.fn();
    act(() => {
      carouselStore.getState().setCastingDevice('Capture TV');
    });
    slideshow(go);
    act(() => {
      vi.advanceTimersByTime(SLIDESHOW_INTERVAL_MS * 3);
    });
    expect(go).not.toHaveBeenCalled();
    // Casting stops: the viewer's own slideshow goes on from there.
    act(() => {
      carouselStore.getState().setCastingDevice(null);
    });
    act(() => {
      vi.advanceTimersByTime(SLIDESHOW_INTERVAL_MS);
    });
    expect(go).toHaveBeenCalledExactlyOnceWith('b', true);
  });
});
