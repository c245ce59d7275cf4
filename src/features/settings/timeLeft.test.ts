import { describe, expect, it } from 'vitest';
import { timeLeft } from './timeLeft';

describe('timeLeft', () => {
  it('counts whole hours up, then minutes, never below one minute', () => {
    expect(timeLeft(1000 + 24 * 3600, 'en_US', 1000)).toBe('in 24 hours');
    expect(timeLeft(1000 + 23 * 3600 + 1, 'en_US', 1000)).toBe('in 24 hours');
    expect(timeLeft(1000 + 3599, 'en_US', 1000)).toBe('in 60 minutes');
    expect(timeLeft(1000 + 61, 'en_US', 1000)).toBe('in 2 minutes');
    expect(timeLeft(1000, 'en_US', 1000)).toBe('in 1 minute');
    expect(timeLeft(1000 + 7200, 'nb_NO', 1000)).toBe('om 2 timer');
  });
});
