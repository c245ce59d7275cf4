// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { AVAILABLE_FILTERS } from 'react-filerobot-image-editor/lib/components/tools/Filters/Filters.constants';
import { Greyscale, installGreyscale } from './greyscale';

// Konva's Node build needs the native canvas package; the filter list only names its filters.
vi.mock('konva', () => ({ default: { Filters: {} } }));

/** An ImageData-like block of pixels (jsdom has no canvas). */
const pixels = (...rgb: [number, number, number][]) =>
  ({ data: Uint8ClampedArray.from(rgb.flatMap(([r, g, b]) => [r, g, b, 255])) }) as ImageData;

describe('the editor\'s "Black & White" (issue 34.11: it was a 1-bit threshold)', () => {
  it('keeps the tones of a photo as greys, not black or white', () => {
    const image = pixels([120, 120, 120], [200, 50, 50], [30, 200, 90], [255, 255, 255]);
    Greyscale(image);
    expect([...image.data]).toEqual([
      120, 120, 120, 255, 82, 82, 82, 255, 156, 156, 156, 255, 255, 255, 255, 255,
    ]);
  });

  it("replaces the library's threshold filter in its Filters tab", () => {
    const before = AVAILABLE_FILTERS.find((f) => f.label === 'Black & White')!.filterFn as (
      image: ImageData,
    ) => void;
    // The library's own: a mid grey turns white.
    const grey = pixels([120, 120, 120]);
    before(grey);
    expect([...grey.data]).toEqual([255, 255, 255, 255]);
    installGreyscale();
    expect(AVAILABLE_FILTERS.find((f) => f.label === 'Black & White')!.filterFn).toBe(Greyscale);
  });
});
