// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followWindowScroll, windowMayBeAwayFromTop } from './windowScroll';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  window.scrollX = 0;
  window.scrollY = 0;
});

/** The window scrolled as a browser scrolls it: the offsets, then the scroll event. */
function scrollWindow(x: number, y: number): void {
  window.scrollX = x;
  window.scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

describe('windowMayBeAwayFromTop (issue 34.10: no layout read in a grid page’s first commit)', () => {
  it('is true while the window is not followed, so the caller reads the offsets', () => {
    expect(windowMayBeAwayFromTop()).toBe(true);
  });

  it('is false for a window followed from its top, and follows its scroll events', () => {
    stop = followWindowScroll();
    expect(windowMayBeAwayFromTop()).toBe(false);
    scrollWindow(0, 863);
    expect(windowMayBeAwayFromTop()).toBe(true);
    scrollWindow(0, 0);
    expect(windowMayBeAwayFromTop()).toBe(false);
    scrollWindow(40, 0);
    expect(windowMayBeAwayFromTop()).toBe(true);
  });

  it('is true for a window already scrolled when it begins to be followed (a restored position)', () => {
    window.scrollY = 500;
    stop = followWindowScroll();
    expect(windowMayBeAwayFromTop()).toBe(true);
  });

  it('is true again once no longer followed', () => {
    stop = followWindowScroll();
    stop();
    stop = null;
    expect(windowMayBeAwayFromTop()).toBe(true);
  });
});
