import { describe, expect, it } from 'vitest';
import { RateMeter } from './rate';

const MB = 1024 ** 2;

describe('RateMeter', () => {
  it('gives no reading before a second of progress, then speed and time left', () => {
    const meter = new RateMeter(10_000);
    meter.add(0, 0);
    meter.add(500, 5 * MB);
    expect(meter.reading(500, 100 * MB)).toBeNull();
    meter.add(1000, 10 * MB);
    expect(meter.reading(1000, 100 * MB)).toEqual({ bytesPerSecond: 10 * MB, secondsLeft: 9 });
  });

  it('reads at most once a second', () => {
    const meter = new RateMeter(10_000);
    meter.add(0, 0);
    meter.add(1000, MB);
    expect(meter.reading(1000, 10 * MB)).not.toBeNull();
    meter.add(1500, 2 * MB);
    expect(meter.reading(1500, 10 * MB)).toBeNull();
    meter.add(2000, 3 * MB);
    expect(meter.reading(2000, 10 * MB)?.bytesPerSecond).toBe(1.5 * MB);
  });

  it('measures over the last window only, so a slower line shows within it', () => {
    const meter = new RateMeter(4000);
    for (let second = 0; second <= 10; second++) meter.add(second * 1000, second * 10 * MB);
    // Then 1 MB a second for 4 seconds: the window holds only the slow part.
    for (let second = 11; second <= 14; second++) {
      meter.add(second * 1000, 100 * MB + (second - 10) * MB);
    }
    expect(meter.bytesPerSecond()).toBe(MB);
  });

  it('starts afresh when the bytes go back (a resumed upload starts at the server offset)', () => {
    const meter = new RateMeter(10_000);
    meter.add(0, 50 * MB);
    meter.add(2000, 70 * MB);
    meter.add(3000, 60 * MB);
    expect(meter.bytesPerSecond()).toBeNull();
    meter.add(4000, 62 * MB);
    expect(meter.reading(4000, 100 * MB)).toEqual({ bytesPerSecond: 2 * MB, secondsLeft: 19 });
  });
});
