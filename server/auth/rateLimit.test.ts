import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimit';

describe('RateLimiter', () => {
  it('allows `limit` uses per window, then says how long to wait, and starts again after', () => {
    let now = 1000;
    const limiter = new RateLimiter({ limit: 3, windowSeconds: 60 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(60);
    now += 45;
    // Refused uses do not count: the wait is what is left of the same window.
    expect(limiter.take('a')).toBe(15);
    // Another key has its own window.
    expect(limiter.take('b')).toBe(0);
    now += 15;
    expect(limiter.take('a')).toBe(0);
  });

  it('keeps memory bounded under a flood of keys, dropping the oldest windows', () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 3600 }, () => now);
    expect(limiter.take('first')).toBe(0);
    expect(limiter.take('first')).toBeGreaterThan(0);
    for (let i = 0; i < 50_000; i++) limiter.take(`k${i}`);
    now += 1;
    // 'first' was the oldest window: forgotten, so it may write again.
    expect(limiter.take('first')).toBe(0);
  });
});
