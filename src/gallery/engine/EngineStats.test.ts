import { describe, expect, it } from 'vitest';
import { EngineStats } from './EngineStats';
import { FRAME_UPLOAD_BUDGET_MS } from './texture';

const gl = { info: { render: { calls: 1 } } } as Parameters<EngineStats['recordFrame']>[0];

describe('EngineStats upload times (issue 19)', () => {
  it('reports upload ms over the frames that uploaded, and those past the budget', () => {
    const stats = new EngineStats();
    stats.recordFrame(gl, 2, 0, 10); // nothing uploaded: not a sample
    for (let i = 1; i <= 19; i++) stats.recordFrame(gl, 3, 1, 10, 1);
    stats.recordFrame(gl, 9, 4, 10, FRAME_UPLOAD_BUDGET_MS + 3);
    const times = stats.uploadTimes();
    expect(times.frames).toBe(20);
    expect(times.p50).toBe(1);
    expect(times.p95).toBe(FRAME_UPLOAD_BUDGET_MS + 3);
    expect(times.max).toBe(FRAME_UPLOAD_BUDGET_MS + 3);
    expect(times.mean).toBeCloseTo((19 + FRAME_UPLOAD_BUDGET_MS + 3) / 20);
    expect(times.overBudget).toBe(1);
  });

  it('starts over with a new window', () => {
    const stats = new EngineStats();
    stats.recordFrame(gl, 9, 4, 10, FRAME_UPLOAD_BUDGET_MS + 3);
    stats.resetWindow();
    expect(stats.uploadTimes()).toEqual({
      p50: 0,
      p95: 0,
      max: 0,
      mean: 0,
      frames: 0,
      overBudget: 0,
    });
    stats.recordFrame(gl, 3, 1, 10, 2);
    expect(stats.uploadTimes()).toMatchObject({ p50: 2, max: 2, frames: 1, overBudget: 0 });
  });
});
