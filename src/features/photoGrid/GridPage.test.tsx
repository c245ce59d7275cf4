// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GridPage, type GridPageState } from './GridPage';
import { insetsFor, metricsFor } from './gridInsets';
import { followWindowScroll } from '../../platform/windowScroll';

/** A grid page still loading (no engine yet): the frame alone. */
const loading = {
  engine: null,
  load: 'loading',
  breakpoint: 'desktop',
  metrics: metricsFor('desktop'),
  insets: insetsFor('desktop'),
  opened: () => undefined,
  reload: () => undefined,
} as unknown as GridPageState;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.scrollX = 0;
  window.scrollY = 0;
});

describe('GridPage', () => {
  it('opens at the window’s top when the page before was scrolled down', () => {
    // The window as a settings page scrolled to its plans left it (jsdom scrolls nothing itself).
    window.scrollY = 863;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation((x: number, y: number) => {
      window.scrollX = x;
      window.scrollY = y;
    });
    render(<GridPage grid={loading} testId="timeline" label="Photos" />);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(window.scrollY).toBe(0);
  });

  it('does not read the window’s offsets (a layout) when it is followed and at its top', () => {
    const stop = followWindowScroll();
    let reads = 0;
    const scrollY = vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => {
      reads++;
      return 0;
    });
    try {
      render(<GridPage grid={loading} testId="timeline" label="Photos" />);
      expect(reads).toBe(0);
    } finally {
      scrollY.mockRestore();
      stop();
    }
  });

  it('leaves the window alone when it is at its top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    render(<GridPage grid={loading} testId="timeline" label="Photos" />);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
