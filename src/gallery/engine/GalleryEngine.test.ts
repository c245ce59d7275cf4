import { describe, expect, it } from 'vitest';
import { createTestEngine, TEST_HEIGHT } from './testEngine';

describe('GalleryEngine fast scrolling', () => {
  it('leaves fast-scroll mode once a long scrub stops, without any further input', async () => {
    const { engine, clock, frame } = await createTestEngine(Array.from({ length: 60 }, () => 400));
    let invalidated = 0;
    engine.setInvalidate(() => invalidated++);
    // A scrub that keeps going for a second: a jump of two screens every 16 ms.
    for (let t = 0; t < 1000; t += 16) {
      engine.scroll.scrollTo(engine.scroll.position + TEST_HEIGHT * 2, { animate: false });
      clock.advance(16);
      frame();
    }
    expect(engine.snapshot().fastScrolling).toBe(true);
    // The input stops. Only the engine's own timer can wake it up to start the deferred loads.
    const before = invalidated;
    clock.advance(1000);
    expect(invalidated).toBeGreaterThan(before);
    frame();
    expect(engine.snapshot().fastScrolling).toBe(false);
  });
});
