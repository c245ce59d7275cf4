import { describe, expect, it } from 'vitest';
import { TIME_AGO_REDRAW_MS, timeAgo } from './timeAgo';

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('uses year, month, day, hour, minute, then just now', () => {
    // SPEC §9: "Time-ago units | year, month, day, hour, minute, then "just now""
    expect(timeAgo(NOW - 2 * 365 * DAY, NOW)).toEqual({ unit: 'year', count: 2 });
    expect(timeAgo(NOW - 45 * DAY, NOW)).toEqual({ unit: 'month', count: 1 });
    expect(timeAgo(NOW - 3 * DAY, NOW)).toEqual({ unit: 'day', count: 3 });
    expect(timeAgo(NOW - 5 * HOUR, NOW)).toEqual({ unit: 'hour', count: 5 });
    expect(timeAgo(NOW - 7 * MINUTE, NOW)).toEqual({ unit: 'minute', count: 7 });
    expect(timeAgo(NOW - 59 * SECOND, NOW)).toEqual({ unit: 'justNow' });
  });

  it('switches unit exactly at each boundary (month = 30 days, year = 365 days)', () => {
    expect(timeAgo(NOW - MINUTE, NOW)).toEqual({ unit: 'minute', count: 1 });
    expect(timeAgo(NOW - HOUR, NOW)).toEqual({ unit: 'hour', count: 1 });
    expect(timeAgo(NOW - DAY + 1, NOW)).toEqual({ unit: 'hour', count: 23 });
    expect(timeAgo(NOW - DAY, NOW)).toEqual({ unit: 'day', count: 1 });
    expect(timeAgo(NOW - 29 * DAY, NOW)).toEqual({ unit: 'day', count: 29 });
    expect(timeAgo(NOW - 30 * DAY, NOW)).toEqual({ unit: 'month', count: 1 });
    expect(timeAgo(NOW - 364 * DAY, NOW)).toEqual({ unit: 'month', count: 12 });
    expect(timeAgo(NOW - 365 * DAY, NOW)).toEqual({ unit: 'year', count: 1 });
  });

  it('clamps future times to just now', () => {
    expect(timeAgo(NOW + 5 * MINUTE, NOW)).toEqual({ unit: 'justNow' });
    expect(timeAgo(NOW, NOW)).toEqual({ unit: 'justNow' });
  });

  it('redraws every 10 seconds', () => {
    // SPEC §9: "time-ago redraw 10 s"
    expect(TIME_AGO_REDRAW_MS).toBe(10_000);
  });
});
