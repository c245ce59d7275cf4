import { describe, expect, it } from 'vitest';
import { apertureText, exposureText, focalLengthText } from './exifText';

const nb = (n: number) => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 }).format(n);

describe('camera values', () => {
  it('shows exposure as a fraction below a second', () => {
    expect(exposureText(0.008, nb)).toBe('1/125 s');
    expect(exposureText(1 / 3, nb)).toBe('1/3 s');
    expect(exposureText(2.5, nb)).toBe('2,5 s');
  });
  it('shows aperture and focal length with the locale’s decimals', () => {
    expect(apertureText(1.8, nb)).toBe('ƒ/1,8');
    expect(focalLengthText(4.2, nb)).toBe('4,2 mm');
  });
});
