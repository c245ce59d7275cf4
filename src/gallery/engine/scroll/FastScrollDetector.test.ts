import { describe, expect, it } from 'vitest';
import { FAST_SCROLL } from '../../../domain/constants';
import { FastScrollDetector } from './FastScrollDetector';

const VIEWPORT = 800;

/** Samples a steady scroll of `speed` px/ms once a frame from `from` for `duration` ms. */
function scrollSteadily(detector: FastScrollDetector, speed: number, from = 0, duration = 500) {
  for (let t = from; t <= from + duration; t += 16) detector.sample(speed * t, t);
  return from + duration;
}

describe('FastScrollDetector', () => {
  it('pins SPEC §9 "fast-scroll detection above 7.5 viewport heights in 250 ms"', () => {
    expect(FAST_SCROLL).toEqual({ viewportHeights: 7.5, windowMs: 250 });
    expect(new FastScrollDetector(VIEWPORT).threshold).toBe(7.5 * VIEWPORT);
  });

  it('is fast above the threshold and not at or below it', () => {
    // 7.5 viewports in 250 ms is 24 px/ms at 800 px.
    const fast = new FastScrollDetector(VIEWPORT);
    const end = scrollSteadily(fast, 26);
    expect(fast.isFast(end)).toBe(true);

    const steady = new FastScrollDetector(VIEWPORT);
    const stop = scrollSteadily(steady, 22);
    expect(steady.isFast(stop)).toBe(false);
    expect(steady.distanceWithin(stop)).toBeGreaterThan(5000);
  });

  it('counts the path, so scrubbing back and forth is fast too', () => {
    const detector = new FastScrollDetector(VIEWPORT);
    for (let i = 0; i <= 15; i++) detector.sample(i % 2 === 0 ? 0 : 1000, i * 16);
    expect(detector.isFast(15 * 16)).toBe(true);
  });

  it('turns slow one window after the motion stops, and says when', () => {
    const detector = new FastScrollDetector(VIEWPORT);
    detector.sample(0, 0);
    detector.sample(1_000_000, 16); // a scrubber jump
    expect(detector.isFast(16)).toBe(true);
    expect(detector.settlesAt(16)).toBe(16 + 250);
    expect(detector.isFast(16 + 249)).toBe(true);
    expect(detector.isFast(16 + 250)).toBe(false);
    expect(detector.settlesAt(300)).toBe(300);
  });

  it('predicts the settle time of a steady fast scroll', () => {
    const detector = new FastScrollDetector(VIEWPORT);
    const end = scrollSteadily(detector, 40, 0, 496);
    const at = detector.settlesAt(end);
    expect(at).toBeGreaterThan(end);
    expect(detector.isFast(at - 1)).toBe(true);
    expect(detector.isFast(at)).toBe(false);
  });

  it('follows the viewport height and resets', () => {
    const detector = new FastScrollDetector(VIEWPORT);
    const end = scrollSteadily(detector, 22);
    detector.setViewportHeight(400);
    expect(detector.isFast(end)).toBe(true);
    detector.reset();
    expect(detector.isFast(end)).toBe(false);
  });
});
