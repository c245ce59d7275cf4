import { describe, expect, it } from 'vitest';
import { breakpointFor } from './viewport';

describe('breakpointFor', () => {
  // SPEC §2: "Breakpoints: 600 px mobile, 900 tablet portrait, 1200 tablet landscape, 1400 TV."
  it.each([
    [320, 'mobile'],
    [599, 'mobile'],
    [600, 'tabletPortrait'],
    [899, 'tabletPortrait'],
    [900, 'tabletLandscape'],
    [1199, 'tabletLandscape'],
    [1200, 'desktop'],
    [1399, 'desktop'],
    [1400, 'tv'],
    [3840, 'tv'],
  ])('%i px is %s', (width, expected) => {
    expect(breakpointFor(width)).toBe(expected);
  });
});
