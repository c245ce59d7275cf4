import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import {
  FLING_TIME_CONSTANT_MS,
  KEY_ANIMATION_MS,
  LINE_STEP_PX,
  PAGE_STEP_FRACTION,
  ScrollModel,
  WHEEL_LINE_PX,
} from './ScrollModel';

function setup(content = 100_000, viewport = 800) {
  const clock = new ManualClock();
  const scroll = new ScrollModel(clock);
  scroll.setViewportHeight(viewport);
  scroll.setContentHeight(content);
  return { clock, scroll };
}

/** Runs frames every 16 ms until the model rests; returns how many frames it took. */
function settle(clock: ManualClock, limit = 1000): number {
  let frames = 0;
  while (clock.pendingFrames > 0 && frames < limit) {
    clock.advance(16);
    frames++;
  }
  return frames;
}

/** A finger moving `distance` px up (content scrolls down) in `steps` moves of 16 ms. */
function swipeUp(scroll: ScrollModel, clock: ManualClock, distance: number, steps = 5) {
  let y = 500;
  scroll.pointerDown(y, clock.now());
  for (let i = 0; i < steps; i++) {
    clock.advance(16);
    y -= distance / steps;
    scroll.pointerMove(y, clock.now());
  }
}

describe('ScrollModel', () => {
  it('clamps the position to [0, content - viewport]', () => {
    const { scroll } = setup(10_000, 800);
    scroll.scrollTo(-50);
    expect(scroll.position).toBe(0);
    scroll.scrollTo(1e9);
    expect(scroll.position).toBe(9_200);
    scroll.setViewportHeight(20_000);
    expect(scroll.maxPosition).toBe(0);
    expect(scroll.position).toBe(0);
  });

  it('keeps float64 precision deep in a 60-million-pixel library', () => {
    const { scroll } = setup(64_000_000);
    scroll.scrollTo(60_000_000.25);
    scroll.wheel(0.5, 0, 0);
    expect(scroll.position).toBe(60_000_000.75);
  });

  it('applies pixel wheels directly and eases line and page wheels', () => {
    const { clock, scroll } = setup();
    scroll.wheel(37, 0, 0);
    expect(scroll.position).toBe(37);
    expect(clock.pendingFrames).toBe(0);

    scroll.wheel(3, 1, 10);
    settle(clock);
    expect(scroll.position).toBe(37 + 3 * WHEEL_LINE_PX);

    scroll.wheel(1, 2, 500);
    settle(clock);
    expect(scroll.position).toBe(37 + 3 * WHEEL_LINE_PX + 800 * PAGE_STEP_FRACTION);
  });

  it('reports wheel velocity while events flow, and 0 once they stop', () => {
    const { clock, scroll } = setup();
    for (let t = 0; t <= 160; t += 16) {
      clock.advance(t === 0 ? 0 : 16);
      scroll.wheel(32, 0, clock.now());
    }
    expect(scroll.velocity).toBeCloseTo(2, 1);
    clock.advance(200);
    expect(scroll.velocity).toBe(0);
  });

  it('drags with the finger and flings on release, decaying to rest', () => {
    const { clock, scroll } = setup();
    scroll.scrollTo(10_000);
    swipeUp(scroll, clock, 400);
    expect(scroll.position).toBeCloseTo(10_400, 6);
    expect(scroll.velocity).toBeCloseTo(400 / 80, 1);

    scroll.pointerUp(clock.now());
    expect(scroll.moving).toBe(true);
    const released = scroll.position;
    clock.advance(FLING_TIME_CONSTANT_MS);
    const afterOneTau = scroll.position - released;
    settle(clock);
    const total = scroll.position - released;
    // Exponential decay: one time constant covers 1 - 1/e of the glide.
    expect(afterOneTau / total).toBeCloseTo(1 - Math.exp(-1), 1);
    expect(total).toBeCloseTo(5 * FLING_TIME_CONSTANT_MS, -1);
    expect(scroll.moving).toBe(false);
    expect(scroll.velocity).toBe(0);
    expect(clock.pendingFrames).toBe(0);
  });

  it('does not fling when the finger rested before lifting', () => {
    const { clock, scroll } = setup();
    swipeUp(scroll, clock, 400);
    clock.advance(120);
    scroll.pointerUp(clock.now());
    expect(scroll.moving).toBe(false);
  });

  it('stops a fling dead at the edge, with no overshoot', () => {
    const { clock, scroll } = setup(10_000, 800);
    scroll.scrollTo(9_000);
    swipeUp(scroll, clock, 150);
    scroll.pointerUp(clock.now());
    const seen: number[] = [];
    scroll.subscribe((p) => seen.push(p));
    settle(clock);
    expect(scroll.position).toBe(9_200);
    expect(Math.max(...seen)).toBe(9_200);
    expect(scroll.moving).toBe(false);
  });

  it('re-anchors a drag at the edge so turning back scrolls at once', () => {
    const { scroll } = setup();
    scroll.pointerDown(100, 0);
    scroll.pointerMove(400, 16); // pulls down past the top
    expect(scroll.position).toBe(0);
    scroll.pointerMove(350, 32);
    expect(scroll.position).toBe(50);
  });

  it('steps by line, page and space, eased over ~200 ms', () => {
    const { clock, scroll } = setup();
    expect(scroll.key('ArrowDown', false)).toBe(true);
    clock.advance(KEY_ANIMATION_MS / 4);
    // Ease-out: well past a quarter of the way after a quarter of the time.
    expect(scroll.position).toBeGreaterThan(LINE_STEP_PX / 2);
    expect(scroll.position).toBeLessThan(LINE_STEP_PX);
    settle(clock);
    expect(scroll.position).toBe(LINE_STEP_PX);

    scroll.key('PageDown', false);
    settle(clock);
    expect(scroll.position).toBe(LINE_STEP_PX + 700);
    scroll.key(' ', true);
    settle(clock);
    expect(scroll.position).toBe(LINE_STEP_PX);
    scroll.key(' ', false);
    scroll.key('ArrowUp', false);
    settle(clock);
    expect(scroll.position).toBe(700);
    expect(scroll.key('a', false)).toBe(false);
  });

  it('adds up repeated keys from where the running animation is going', () => {
    const { clock, scroll } = setup();
    scroll.key('ArrowDown', false);
    clock.advance(16);
    scroll.key('ArrowDown', false);
    clock.advance(16);
    scroll.key('ArrowDown', false);
    settle(clock);
    expect(scroll.position).toBe(3 * LINE_STEP_PX);
  });

  it('goes Home and End, following an end that moves while animating', () => {
    const { clock, scroll } = setup(64_000_000);
    scroll.key('End', false);
    clock.advance(16);
    scroll.setContentHeight(65_000_000);
    settle(clock);
    expect(scroll.position).toBe(65_000_000 - 800);
    scroll.key('Home', false);
    settle(clock);
    expect(scroll.position).toBe(0);
  });

  it('ends Home at the top though content above the view changed height on the way', () => {
    const { clock, scroll } = setup(1_000_000);
    scroll.scrollTo(2_000);
    scroll.key('Home', false);
    clock.advance(16);
    // An estimate above the view replaced by its taller layout: the anchor keeps what is on
    // screen still (timeline.spec once saw Home come to rest 12.95 px below the top).
    scroll.shiftBy(12.95);
    settle(clock);
    expect(scroll.position).toBe(0);
    // Any other target moves with the content it was aimed at.
    scroll.scrollTo(2_000);
    scroll.scrollTo(1_000, { animate: true });
    clock.advance(16);
    scroll.shiftBy(12.95);
    settle(clock);
    expect(scroll.position).toBeCloseTo(1_012.95, 6);
  });

  it('follows the end from the End key until the next input moves the view', () => {
    const { clock, scroll } = setup();
    expect(scroll.followsEnd).toBe(false);
    scroll.key('End', false);
    settle(clock);
    expect(scroll.followsEnd).toBe(true);
    // The anchor keeping the view at a grown end keeps the request.
    scroll.setContentHeight(120_000);
    scroll.settleAtEnd();
    expect(scroll.position).toBe(120_000 - 800);
    expect(scroll.followsEnd).toBe(true);
    const ends: [string, () => void][] = [
      ['wheel', () => scroll.wheel(-100, 0, clock.now())],
      ['drag', () => scroll.pointerDown(300, clock.now())],
      ['another key', () => scroll.key('PageUp', false)],
      ['a key the model does not use', () => scroll.key('x', false)],
      ['a jump', () => scroll.scrollTo(scroll.maxPosition)],
    ];
    for (const [input, act] of ends) {
      scroll.key('End', false);
      settle(clock);
      act();
      scroll.pointerCancel();
      settle(clock);
      expect(scroll.followsEnd, input).toBe(false);
    }
  });

  it('animates scrollTo on the FrameClock, and jumps without animate', () => {
    const { clock, scroll } = setup();
    scroll.scrollTo(1000, { animate: true });
    expect(scroll.position).toBe(0);
    clock.advance(KEY_ANIMATION_MS / 2);
    expect(scroll.position).toBeGreaterThan(500);
    expect(scroll.position).toBeLessThan(1000);
    clock.advance(KEY_ANIMATION_MS / 2);
    expect(scroll.position).toBe(1000);
    expect(clock.pendingFrames).toBe(0);

    scroll.scrollTo(5000);
    expect(scroll.position).toBe(5000);
  });

  it('eases only the last two viewports of a long animated jump', () => {
    const { clock, scroll } = setup(64_000_000);
    scroll.scrollTo(50_000_000, { animate: true });
    expect(scroll.position).toBe(50_000_000 - 1600);
    settle(clock);
    expect(scroll.position).toBe(50_000_000);
  });

  it('step is idempotent for one frame time, so the renderer may step too', () => {
    const { clock, scroll } = setup();
    scroll.scrollTo(1000, { animate: true });
    expect(scroll.step(clock.now() + 50)).toBe(true);
    const at50 = scroll.position;
    expect(scroll.step(clock.now() + 50)).toBe(true);
    expect(scroll.step(clock.now() + 40)).toBe(true); // an earlier time never goes back
    expect(scroll.position).toBe(at50);
    expect(scroll.step(clock.now() + KEY_ANIMATION_MS)).toBe(false);
    expect(scroll.position).toBe(1000);
  });

  it('shiftBy moves a fling without changing its velocity', () => {
    const { clock, scroll } = setup();
    scroll.scrollTo(20_000);
    swipeUp(scroll, clock, 400);
    scroll.pointerUp(clock.now());
    clock.advance(16);
    const velocity = scroll.velocity;
    const before = scroll.position;
    scroll.shiftBy(300);
    expect(scroll.position).toBe(before + 300);
    expect(scroll.velocity).toBe(velocity);
    expect(scroll.moving).toBe(true);
    // The glide continues from the shifted place: the next frame moves on, not back.
    clock.advance(16);
    expect(scroll.position).toBeGreaterThan(before + 300);
  });

  it('setContentHeight applies the anchor shift, then clamps a shrink', () => {
    const { scroll } = setup(100_000, 800);
    scroll.scrollTo(50_000);
    scroll.setContentHeight(100_500, 500);
    expect(scroll.position).toBe(50_500);
    scroll.setContentHeight(20_000);
    expect(scroll.position).toBe(19_200);
    scroll.setContentHeight(0);
    expect(scroll.position).toBe(0);
  });

  it('notifies subscribers of changes and stops after unsubscribe', () => {
    const { scroll } = setup();
    const seen: number[] = [];
    const unsubscribe = scroll.subscribe((p) => seen.push(p));
    scroll.scrollTo(100);
    scroll.scrollTo(100);
    unsubscribe();
    scroll.scrollTo(200);
    expect(seen).toEqual([100]);
  });
});
