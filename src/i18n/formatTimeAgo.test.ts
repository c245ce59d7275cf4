import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './formatTimeAgo';

describe('formatTimeAgo (Intl.RelativeTimeFormat in the app language)', () => {
  it('writes each SPEC §9 unit in each of the four languages', () => {
    expect(formatTimeAgo({ unit: 'day', count: 1 }, 'en_US', 'just now')).toBe('1 day ago');
    // CLDR's words ("døgn" or "dager") may change with the ICU data; the shape may not.
    expect(formatTimeAgo({ unit: 'day', count: 3 }, 'nb_NO', 'akkurat nå')).toMatch(
      /^for 3 \S+ siden$/,
    );
    expect(formatTimeAgo({ unit: 'hour', count: 5 }, 'bg_BG', 'току-що')).toBe('преди 5 часа');
    expect(formatTimeAgo({ unit: 'month', count: 2 }, 'sv_SE', 'nyss')).toBe('för 2 månader sedan');
    expect(formatTimeAgo({ unit: 'year', count: 1 }, 'en_US', 'just now')).toBe('1 year ago');
    expect(formatTimeAgo({ unit: 'minute', count: 1200 }, 'nb_NO', 'akkurat nå')).toMatch(
      /^for 1\u00a0200 \S+ siden$/,
    );
  });

  it('says "just now" in our own text', () => {
    expect(formatTimeAgo({ unit: 'justNow' }, 'sv_SE', 'nyss')).toBe('nyss');
  });
});
