import { describe, expect, it } from 'vitest';
import { dateFormat, LONG_DATE, MONTH_YEAR } from './dateFormats';

describe('dateFormat', () => {
  it('makes a format once per language and kind, and keeps it', () => {
    const first = dateFormat('nb_NO', MONTH_YEAR);
    expect(dateFormat('nb-NO', MONTH_YEAR)).toBe(first);
    expect(dateFormat('nb_NO', LONG_DATE)).not.toBe(first);
    expect(first.format(Date.UTC(2019, 2, 1))).toBe('mars 2019');
  });

  it('falls back to en-US for a language Intl does not know', () => {
    expect(dateFormat('not a language', MONTH_YEAR).format(Date.UTC(2019, 2, 1))).toBe(
      'March 2019',
    );
  });
});
