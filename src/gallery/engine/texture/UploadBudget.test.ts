import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import {
  DISPLAY_FRAME_MS,
  FRAME_UPLOAD_BUDGET_MS,
  MAX_CATCH_UP_FRAMES,
  UploadBudget,
  type UploadShare,
} from './UploadBudget';
import type { TextureTier } from './tiers';

function setup(maxUploadsPerFrame: number) {
  const clock = new ManualClock();
  const budget = new UploadBudget(clock, maxUploadsPerFrame);
  /** Admits and charges steps of `tier` until one is refused; the shares they got. */
  const drain = (tier: TextureTier, msEach = 0): UploadShare[] => {
    const shares: UploadShare[] = [];
    for (let share = budget.admit(tier); share !== null; share = budget.admit(tier)) {
      clock.advance(msEach);
      budget.charge(tier, share);
      shares.push(share);
    }
    return shares;
  };
  return { clock, budget, drain };
}

describe('UploadBudget', () => {
  it('admits small uploads up to the allowance, then refuses and marks the frame exhausted', () => {
    const { clock, budget, drain } = setup(3);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: true }, false);
    expect(drain('small')).toEqual(['allowance', 'allowance', 'allowance']);
    expect(budget.exhausted).toBe(true);
  });

  it('charges a band of a large layer 4 small uploads; the first step always goes', () => {
    const { clock, budget, drain } = setup(2);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, false);
    expect(drain('large')).toEqual(['allowance']);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, false);
    expect(budget.exhausted).toBe(false);
    const wide = setup(8);
    wide.budget.begin({ startedAt: wide.clock.now(), flinging: false, moving: false }, false);
    expect(wide.drain('large')).toEqual(['allowance', 'allowance']);
  });

  it('stops at FRAME_UPLOAD_BUDGET_MS from the frame start while the scroll moves', () => {
    const { clock, budget, drain } = setup(8);
    const startedAt = clock.now();
    clock.advance(FRAME_UPLOAD_BUDGET_MS - 1);
    budget.begin({ startedAt, flinging: false, moving: true }, false);
    expect(drain('small', 0.5)).toHaveLength(2); // at 3 ms, then 3.5; 4 ms is over
  });

  it('with grey tiles on screen, small uploads take an extra of three allowances for 6 ms', () => {
    const { clock, budget, drain } = setup(2);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: true }, true);
    expect(drain('small')).toEqual([
      'allowance',
      'allowance',
      'extra',
      'extra',
      'extra',
      'extra',
      'extra',
      'extra',
    ]);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: true }, true);
    // The extra ends once the uploads took 6 ms: 1 ms each, two from the allowance, four extra.
    expect(drain('small', 1)).toHaveLength(2 + 4);
  });

  it('never gives the extra to a large band', () => {
    const { clock, budget, drain } = setup(4);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, true);
    expect(drain('large')).toEqual(['allowance']);
    expect(budget.exhausted).toBe(true);
  });

  it('a late frame at rest with grey tiles uploads for the display frames it stands for (issue 34.10)', () => {
    const { clock, budget, drain } = setup(3);
    const frameAfter = (ms: number, moving = false) => {
      clock.advance(ms);
      budget.begin({ startedAt: clock.now(), flinging: false, moving }, true);
    };
    frameAfter(0);
    // On time (60 Hz): the allowance and three more, 12 in all.
    frameAfter(DISPLAY_FRAME_MS);
    expect(drain('small')).toHaveLength(12);
    // Two display frames late: 24; a 4K frame drawn in software, seconds late: capped.
    frameAfter(2 * DISPLAY_FRAME_MS);
    expect(drain('small')).toHaveLength(24);
    frameAfter(3000);
    expect(drain('small')).toHaveLength(12 * MAX_CATCH_UP_FRAMES);
    // Its time grows the same way: 1 ms each, 6 ms a display frame.
    frameAfter(3000);
    expect(drain('small', 1)).toHaveLength(6 * MAX_CATCH_UP_FRAMES);
    // While the scroll moves, however late: one frame's budget.
    frameAfter(3000, true);
    expect(drain('small')).toHaveLength(12);
    // No grey tile on screen: the allowance alone.
    clock.advance(3000);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, false);
    expect(drain('small')).toHaveLength(3);
  });

  it('a 4K frame seconds late uploads the whole grey screen, not 4 display frames of it (issue 34.10)', () => {
    // The TV budget (3 a frame); 32 bitmaps decoded and waiting, each upload 2 ms (SwiftShader,
    // which draws a 3840×2160 frame every 1.5–4.5 s). Capped at 4 display frames (24 ms), such a
    // frame uploaded 12 and the screen took 3 more frames, seconds each, to fill.
    const { clock, budget, drain } = setup(3);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, true);
    clock.advance(2000);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, true);
    expect(drain('small', 2).length).toBeGreaterThanOrEqual(32);
    // Bounded still: the catch-up's time, whatever the frame's lateness.
    clock.advance(60_000);
    budget.begin({ startedAt: clock.now(), flinging: false, moving: false }, true);
    expect(drain('small', 1)).toHaveLength(6 * MAX_CATCH_UP_FRAMES);
    expect(6 * MAX_CATCH_UP_FRAMES).toBeLessThanOrEqual(200);
  });
});
