import { describe, expect, it } from 'vitest';
import { fitLabel, fullLabel } from './badgeFit';

/** 7 px a character and 12 px of padding, as a badge of the trash. */
const measure = (text: string) => text.length * 7 + 12;

describe('fitLabel (issue 34.6: a days-left badge stays inside its tile)', () => {
  const forms = ['Остават 85 дни', '85 дни'];

  it('shows the full text on a tile wide enough', () => {
    expect(fitLabel(forms, 200, measure)).toEqual({ text: 'Остават 85 дни', fits: true });
  });

  it('falls back to the short form, with the number, on a narrow tile', () => {
    expect(fitLabel(forms, 80, measure)).toEqual({ text: '85 дни', fits: true });
  });

  it('keeps the shortest form, to be clipped, when nothing fits', () => {
    expect(fitLabel(forms, 30, measure)).toEqual({ text: '85 дни', fits: false });
    expect(fitLabel('0:32', 10, measure)).toEqual({ text: '0:32', fits: false });
  });

  it('reads the fullest form aloud', () => {
    expect(fullLabel(forms)).toBe('Остават 85 дни');
    expect(fullLabel('0:32')).toBe('0:32');
  });
});
